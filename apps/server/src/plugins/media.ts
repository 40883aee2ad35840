import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join } from "node:path";
import type { Core } from "@aea/core";
import { BROCHURES_PATH, listingMediaPaths, listingMediaVersion, mayViewListing } from "@aea/domain";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

/** Only this exact spelling names a listing: anything else (signs, zeros, encoded slashes) is not found. */
const LISTING_ID = /^[1-9][0-9]{0,9}$/;

/**
 * DATA_DIR/media at /media/: the seller brochures (public marketing files) and listings' covers, logos
 * and tombstones. A listing's picture is served under the rule of its page: a private listing's to
 * admins and buyers with private deals only; everyone else gets the same 404 as for a listing, or a
 * file, that does not exist. Nothing else under the folder is reachable.
 */
export default async function media(app: FastifyInstance, { core }: { core: Core }) {
  await app.register(fastifyStatic, {
    root: join(core.mediaDir, "brochures"),
    prefix: `${BROCHURES_PATH}/`,
    decorateReply: false,
    wildcard: true,
    dotfiles: "deny",
    index: false,
    // Brochures are regenerated only when the firm's details change; a day is safe.
    maxAge: 86_400_000,
    preCompressed: false,
  });

  app.get<{ Params: { listingId: string; file: string }; Querystring: { v?: string } }>(
    "/media/listings/:listingId/:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const { listingId, file } = request.params;
      const listing = LISTING_ID.test(listingId)
        ? await core.listings.findById(Number(listingId))
        : undefined;
      if (!listing || !mayViewListing(listing, request.user)) return notFound(reply);
      const path = `/media/listings/${listing.ListingId}/${file}`;
      const type = IMAGE_TYPES[extname(file).toLowerCase()];
      if (!type || !listingMediaPaths(listing).includes(path)) return notFound(reply);
      const source = join(core.mediaDir, "listings", String(listing.ListingId), file);
      const info = await stat(source).catch(() => undefined);
      if (!info?.isFile()) return notFound(reply);

      const version = listingMediaVersion(listing.mediaUpdatedDate);
      const etag = `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`;
      reply
        .header("etag", etag)
        .header("cache-control", cacheControl(listing.isPrivate, version, request.query.v));
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type(type).send(createReadStream(source));
    },
  );

  // Every other path under /media/ (the content files' folder, the transform cache, other listings'
  // folders, `..` spelled any way) names nothing: content files go through /assets only.
  app.get("/media/*", { schema: { hide: true } }, async (_request, reply) => notFound(reply));
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

/** One answer for a missing listing, a listing the viewer may not see and a missing file. */
function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header("cache-control", "no-store")
    .send({ message: "Not found", code: "NOT_FOUND" });
}
