import { createReadStream } from "node:fs";
import type { ByteRange, Core } from "@aea/core";
import {
  DATA_ROOM_TEXTS,
  isAppError,
  type SessionUser,
  UPLOADS_PATH,
  uploadMetadataSchema,
} from "@aea/domain";
import { Server, type Upload } from "@tus/server";
import type { FastifyInstance } from "fastify";
import { admittedUser } from "../../plugins/access.ts";
import { uploadParts } from "./upload-parts.ts";

/** Who sent each tus request: the Fastify route reads the session, the tus hooks read this. */
const senders = new WeakMap<object, { user: SessionUser; ip: string }>();

/** A tus hook's refusal: the status and the plain words the uploader shows per file. */
const refusal = (status_code: number, message: string) => ({
  status_code,
  body: JSON.stringify({ message }),
});

const senderOf = (request: { runtime?: { node?: { req?: object } } }) => {
  const raw = request.runtime?.node?.req;
  const sender = raw && senders.get(raw);
  if (!sender) throw refusal(401, "Log in to upload files.");
  return sender;
};

/**
 * Resumable uploads (the tus protocol, `@tus/server`) for data rooms (staff) and Secure Files (any
 * signed-in buyer or seller). Parts land in a private folder under DATA_DIR, or with S3 storage in the
 * bucket where every instance sees them (upload-parts.ts; never a public path); an interrupted upload
 * resumes from its offset, on any instance; when the last byte arrives the file is checked (size,
 * name, magic bytes) and streamed into the storage interface, and the part file is removed. Each
 * upload belongs to the account that started it: nobody else may resume, read or end it.
 */
export async function uploadRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const parts = await uploadParts(core.config, UPLOADS_PATH);
  const { datastore, naming } = parts;
  const maxBytes = core.config.dataRoomMaxFileMb * 1024 * 1024;

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    ...(parts.locker && { locker: parts.locker }),
    ...(naming && {
      namingFunction: () => naming.newId(),
      generateUrl: (_request, { id }) => naming.urlOf(id),
      getFileIdFromRequest: (_request, lastPath) => lastPath && naming.idFromUrl(lastPath),
    }),
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // Only this site's pages upload, so no origin is granted CORS (tus would answer `*` otherwise);
    // unsafe requests from other origins are refused before this by the CSRF check.
    allowedOrigins: () => false,
    async onUploadCreate(request, upload) {
      const { user } = senderOf(request);
      // The size is known when the upload starts, so it is checked and reserved before any byte lands.
      if (upload.size === undefined) throw refusal(400, DATA_ROOM_TEXTS.sizeRequired);
      const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success) throw refusal(400, "The upload does not say which data room or folder it is for.");
      if (upload.size === 0) throw refusal(400, DATA_ROOM_TEXTS.emptyFile);
      if (parsed.data.target === "data-room") {
        // Staff only, and only into a room they may open (a 404 otherwise, as for a missing listing).
        try {
          await core.dataRoomAccess.openDataRoom(user, parsed.data.listingId);
        } catch {
          throw refusal(404, "Not found");
        }
        if (!user.isAdmin) throw refusal(403, "Only staff can upload to a data room.");
      }
      try {
        await core.secureFiles.reserveUpload(user, { id: upload.id, bytes: upload.size });
      } catch (error) {
        if (isAppError(error)) throw refusal(error.status, error.message);
        throw error;
      }
      return { metadata: { ...upload.metadata, ownerId: String(user.id) } };
    },
    async onIncomingRequest(request, uploadId) {
      const { user } = senderOf(request);
      if (request.method === "POST") return;
      const upload = await datastore.getUpload(uploadId).catch(() => undefined);
      if (!upload || upload.metadata?.ownerId !== String(user.id)) throw refusal(404, "Not found");
      // A sender who cancels frees what the upload reserved before the cancel is answered, so the
      // next upload they start at once finds the room (an event after the answer would come late).
      if (request.method === "DELETE") await core.secureFiles.releaseUpload(uploadId);
    },
    async onUploadFinish(request, upload) {
      const { user, ip } = senderOf(request);
      try {
        const result = await filed(core, user, ip, upload, await parts.finished(upload.id));
        return { status_code: 204, headers: { "Upload-Result": JSON.stringify(result) } };
      } catch (error) {
        if (isAppError(error)) throw refusal(error.status, error.message);
        throw error;
      } finally {
        await parts.discard(upload.id);
        await core.secureFiles.releaseUpload(upload.id);
      }
    },
  });
  // Part files of uploads abandoned for a day are removed (their reservations lapse at the same age).
  const sweep = setInterval(
    () =>
      datastore
        .deleteExpired()
        .catch((error: unknown) => app.log.error({ err: error }, "upload sweep failed")),
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook("onClose", async () => {
    clearInterval(sweep);
    await parts.close();
  });

  await app.register(async (scope) => {
    // tus reads the raw body itself: no parser may consume it first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const handler = async (
      request: import("fastify").FastifyRequest,
      reply: import("fastify").FastifyReply,
    ) => {
      senders.set(request.raw, { user: admittedUser(request), ip: request.ip });
      // tus writes the reply itself: it carries the headers every other reply has (security headers).
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    // The tus requests a same-origin client sends: create, then ask the offset, append, or give up.
    const signedIn = { access: "signed-in" } as const;
    scope.route({ method: "POST", url: UPLOADS_PATH, config: signedIn, schema: { hide: true }, handler });
    scope.route({
      method: ["HEAD", "PATCH", "DELETE"],
      url: `${UPLOADS_PATH}/:uploadId`,
      config: signedIn,
      schema: { hide: true },
      handler,
    });
  });
}

/** Files a finished upload where its metadata says; what the browser learns of the stored file. */
async function filed(core: Core, user: SessionUser, ip: string, upload: Upload, path: string) {
  const metadata = uploadMetadataSchema.parse(upload.metadata ?? {});
  const received = {
    name: metadata.filename,
    size: upload.offset,
    open: (range?: ByteRange) => createReadStream(path, range),
  };
  if (metadata.target === "data-room") {
    const file = await core.dataRoomUploads.add(user, metadata, received, ip);
    return { id: file.id, name: file.name, folderId: file.folderId };
  }
  const file = await core.secureFiles.add(user, received);
  return { id: file.id, name: file.name };
}
