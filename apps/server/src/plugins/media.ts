import { type Core, SIGNED_FILES_PATH } from "@aea/core";
import { BROCHURES_PATH, listingMediaPaths, listingMediaVersion, mayViewListing } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { fileNotFound, sendStoredFile } from "../http/send-stored-file.ts";

/** Only this exact spelling names a listing: anything else (signs, zeros, encoded slashes) is not found. */
const LISTING_ID = /^[1-9][0-9]{0,9}$/;

/**
 * Stored files by name, from storage (local disk or S3) through this server: the seller brochures
 * (public marketing files) and listings' covers, logos and tombstones under /media/, and the objects of
 * the local driver's signed URLs under /files/. A listing's picture is served under the rule of its
 * page: a private listing's to admins and buyers with private deals only; everyone else gets the same
 * 404 as for a listing, or a file, that does not exist. Nothing else in storage is reachable.
 */
export default async function media(app: FastifyInstance, { core }: { core: Core }) {
  app.get<{ Params: { file: string } }>(
    `${BROCHURES_PATH}/:file`,
    { config: { access: "anyone" }, schema: { hide: true } },
    async (request, reply) => {
      const brochure = await core.media.brochure(request.params.file);
      // Brochures are regenerated only when the firm's details change; a day is safe.
      reply.header("cache-control", "public, max-age=86400");
      if (!brochure || !(await sendStoredFile(request, reply, brochure))) return fileNotFound(reply);
      return reply;
    },
  );

  app.get<{ Params: { listingId: string; file: string }; Querystring: { v?: string } }>(
    "/media/listings/:listingId/:file",
    { config: { access: "anyone" }, schema: { hide: true } },
    async (request, reply) => {
      const { listingId, file } = request.params;
      const listing = LISTING_ID.test(listingId)
        ? await core.listings.findById(Number(listingId))
        : undefined;
      if (!listing || !mayViewListing(listing, request.user)) return fileNotFound(reply);
      if (!listingMediaPaths(listing).includes(`/media/listings/${listing.ListingId}/${file}`)) {
        return fileNotFound(reply);
      }
      const picture = await core.media.listingPicture(listing.ListingId, file);
      if (!picture) return fileNotFound(reply);
      const version = listingMediaVersion(listing.mediaUpdatedDate);
      reply.header("cache-control", cacheControl(listing.isPrivate, version, request.query.v));
      if (!(await sendStoredFile(request, reply, picture))) return fileNotFound(reply);
      return reply;
    },
  );

  // Every other path under /media/ (the content files, the transform cache, other listings' folders,
  // `..` spelled any way) names nothing: content files go through /assets only.
  app.get("/media/*", { config: { access: "anyone" }, schema: { hide: true } }, async (_request, reply) =>
    fileNotFound(reply),
  );

  app.get(
    `${SIGNED_FILES_PATH}/*`,
    { config: { access: "anyone" }, schema: { hide: true } },
    async (request, reply) => {
      const [path, query = ""] = request.url.slice(SIGNED_FILES_PATH.length + 1).split("?", 2);
      const key = decodedKey(path);
      const signed =
        key === undefined ? undefined : await core.media.signedFile(key, new URLSearchParams(query));
      if (!signed) return fileNotFound(reply);
      // The URL is a short-lived capability: no cache keeps what it fetched.
      reply
        .header("cache-control", "private, no-store")
        .header(
          "content-disposition",
          signed.downloadName
            ? `attachment; filename="${signed.downloadName.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(signed.downloadName)}`
            : "inline",
        );
      if (!(await sendStoredFile(request, reply, signed.file))) return fileNotFound(reply);
      return reply;
    },
  );
}

/** The key as the local driver spelled it: each `/`-separated segment URI-encoded. */
function decodedKey(path: string): string | undefined {
  try {
    return path.split("/").map(decodeURIComponent).join("/");
  } catch {
    return undefined;
  }
}

/**
 * A private listing's picture is never kept by a shared cache, nor by the browser (access can be
 * withdrawn). A public one is immutable under its current version, and revalidated otherwise so an
 * unversioned or outdated URL never keeps old bytes.
 */
function cacheControl(isPrivate: boolean, version: string | null, asked: string | undefined): string {
  if (isPrivate) return "private, no-store";
  return version && asked === version ? "public, max-age=31536000, immutable" : "public, no-cache";
}
