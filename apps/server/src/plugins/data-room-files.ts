import type { Core } from "@aea/core";
import { isAppError } from "@aea/domain";
import type { FastifyInstance, FastifyReply } from "fastify";
import { fileNotFound, sendStoredFile } from "../http/send-stored-file.ts";

/** Only this exact spelling names a listing, file or folder: anything else is not found. */
const ID = /^[1-9][0-9]{0,9}$/;
const FOLDER_ID = /^(0|[1-9][0-9]{0,9})$/;

/**
 * The files of data rooms and Secure Files, through this server only (never a public path): every
 * request asks the core whether the viewer is in the room (or sent the file, or is staff). Anyone
 * else, a file id of another listing, or a malformed id gets the same 404 as a missing file. PDFs
 * come stamped for their viewer; other files are sent as stored, with byte ranges. A HEAD request
 * gets the headers only: nothing is stamped and no download recorded.
 */
export default async function dataRoomFiles(app: FastifyInstance, { core }: { core: Core }) {
  type FileParams = { Params: { listingId: string; fileId: string } };

  const sendFile =
    (purpose: "preview" | "download") =>
    async (request: import("fastify").FastifyRequest<FileParams>, reply: FastifyReply) => {
      const { listingId, fileId } = request.params;
      if (!ID.test(listingId) || !ID.test(fileId)) return fileNotFound(reply);
      // A resumed download of a large file asks in ranges: only its first request is an audit event.
      const delivery = await orNotFound(() =>
        core.dataRoomDelivery.deliver(request.user, Number(listingId), Number(fileId), purpose, request.ip),
      );
      if (!delivery) return fileNotFound(reply);
      fileHeaders(reply, purpose, delivery.file.name);
      if (delivery.kind === "stamped") {
        return reply
          .type("application/pdf")
          .header("x-watermark-id", delivery.watermarkId)
          .header("content-length", delivery.bytes.byteLength)
          .send(Buffer.from(delivery.bytes.buffer, delivery.bytes.byteOffset, delivery.bytes.byteLength));
      }
      if (!(await sendStoredFile(request, reply, delivery.stored))) return fileNotFound(reply);
      return reply;
    };

  /**
   * Fastify would answer HEAD by running the GET handler and dropping the body (a stamped copy and a
   * download in the trail for a request that receives nothing): these are declared first, so it does not.
   */
  const describeFile =
    (purpose: "preview" | "download") =>
    async (request: import("fastify").FastifyRequest<FileParams>, reply: FastifyReply) => {
      const { listingId, fileId } = request.params;
      if (!ID.test(listingId) || !ID.test(fileId)) return fileNotFound(reply);
      const found = await orNotFound(() =>
        core.dataRoomDelivery.describe(request.user, Number(listingId), Number(fileId)),
      );
      if (!found) return fileNotFound(reply);
      fileHeaders(reply, purpose, found.file.name);
      // A stamped copy's length is known only once it is made.
      if (found.stamped) return reply.type("application/pdf").send();
      const { object, contentType } = found.stored;
      return reply
        .type(contentType)
        .header("content-length", object.size)
        .header("etag", object.etag)
        .header("last-modified", object.lastModified.toUTCString())
        .header("accept-ranges", "bytes")
        .send();
    };

  app.head<FileParams>(
    "/deals/:listingId/data-room/files/:fileId",
    { config: { access: "anyone" }, schema: { hide: true } },
    describeFile("download"),
  );
  app.head<FileParams>(
    "/deals/:listingId/data-room/files/:fileId/preview",
    { config: { access: "anyone" }, schema: { hide: true } },
    describeFile("preview"),
  );
  app.get<FileParams>(
    "/deals/:listingId/data-room/files/:fileId",
    { config: { access: "anyone" }, schema: { hide: true } },
    sendFile("download"),
  );
  app.get<FileParams>(
    "/deals/:listingId/data-room/files/:fileId/preview",
    { config: { access: "anyone" }, schema: { hide: true } },
    sendFile("preview"),
  );

  app.get<{ Params: { listingId: string; folderId: string } }>(
    "/deals/:listingId/data-room/folders/:folderId/zip",
    // No HEAD: Fastify's would build (and stamp) the whole zip and record a download to send nothing.
    { config: { access: "anyone" }, schema: { hide: true }, exposeHeadRoute: false },
    async (request, reply) => {
      const { listingId, folderId } = request.params;
      if (!ID.test(listingId) || !FOLDER_ID.test(folderId)) return fileNotFound(reply);
      const zip = await orNotFound(() =>
        core.dataRoomDelivery.folderZip(request.user, Number(listingId), Number(folderId), request.ip),
      );
      if (!zip) return fileNotFound(reply);
      return reply
        .type("application/zip")
        .header("cache-control", "private, no-store")
        .header("content-disposition", disposition("attachment", zip.name))
        .send(zip.body);
    },
  );

  app.get<{ Params: { fileId: string } }>(
    "/secure-files/:fileId",
    { config: { access: "anyone" }, schema: { hide: true } },
    async (request, reply) => {
      const { fileId } = request.params;
      if (!ID.test(fileId)) return fileNotFound(reply);
      const found = await orNotFound(() => core.secureFiles.file(request.user, Number(fileId)));
      if (!found) return fileNotFound(reply);
      reply
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", disposition("attachment", found.file.name));
      if (!(await sendStoredFile(request, reply, found.stored))) return fileNotFound(reply);
      return reply;
    },
  );
}

/** The core's 404 (not in the room, no such file) as undefined; anything else is a real failure. */
async function orNotFound<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.status === 404) return undefined;
    throw error;
  }
}

/** What every answer for a data-room file carries, to GET and HEAD alike. */
function fileHeaders(reply: FastifyReply, purpose: "preview" | "download", name: string): void {
  reply
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", disposition(purpose === "download" ? "attachment" : "inline", name));
}

function disposition(kind: "inline" | "attachment", name: string): string {
  return `${kind}; filename="${name.replace(/[^\w.() -]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
