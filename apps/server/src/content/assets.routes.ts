import type { AssetReply, AssetVisitor, Core } from "@aea/core";
import { CONTENT_FILE_NOT_FOUND, fail, listingMediaVersion, mayViewListing, notFound } from "@aea/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../http/send-stored-file.ts";
import { assetRenderRateLimit } from "../plugins/rate-limits.ts";
import { directusErrorHandler } from "./directus-errors.ts";

/** A URL carrying a version (`?v=…`) never changes its bytes; one without may, after a day. */
const immutable = "public, max-age=31536000, immutable";
const oneDay = "public, max-age=86400";
/** A deal's picture under an outdated or missing version: the URL the site uses has moved on. */
const revalidate = "public, no-cache";

const dimension = z.coerce
  .number()
  .int()
  .describe("Pixels (at most 4000), rounded up to the next of ASSET_SIZE_STEPS (see assetBox)");

const assetQuery = z.object({
  width: dimension.optional(),
  height: dimension.optional(),
  fit: z
    .enum(["cover", "contain", "inside", "outside", "fill"])
    .optional()
    .describe("Default inside (spec §7)"),
  quality: z.coerce
    .number()
    .int()
    .optional()
    .describe("1 to 100, default 95 (spec §7), rounded up to the next of ASSET_QUALITY_STEPS"),
  format: z
    .enum(["auto", "jpg", "jpeg", "png", "webp", "avif"])
    .optional()
    .describe("auto: AVIF or WebP when the Accept header admits them, else the file's own format"),
  withoutEnlargement: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  download: z.string().optional().describe("Present: sent as an attachment"),
  v: z.string().max(64).optional().describe("A version: the response may be cached for a year"),
});

const logoQuery = z.object({
  width: dimension.optional(),
  height: dimension.optional(),
  v: z.string().max(64).optional(),
});

const notFoundReply = z.object({
  errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string() }) })),
});

/** The content door for files: Directus' `GET /assets/{id}` with its transforms, and deal logos. */
export async function assetsRoutes(app: FastifyInstance, { core }: { core: Core }): Promise<void> {
  app.setErrorHandler(directusErrorHandler);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const newRenders = app.createRateLimit(assetRenderRateLimit(core.config.assetRenderRateLimitPerMinute));
  /** The visitor as the asset service sees them: their address, and the limit on their new renders. */
  const visitor = (request: FastifyRequest, reply: FastifyReply): AssetVisitor => ({
    key: request.ip,
    admitRender: async () => {
      const limit = await newRenders(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header("retry-after", limit.ttlInSeconds);
      throw fail(
        "RATE_LIMITED",
        `Too many new image sizes asked from your address. Please wait ${limit.ttlInSeconds} seconds and try again.`,
      );
    },
  });

  api.get(
    "/assets/:id",
    {
      config: { access: "anyone" },
      schema: {
        hide: true,
        summary: "A content file, resized and re-encoded on request",
        params: z.object({ id: z.string() }),
        querystring: assetQuery,
        response: { 404: notFoundReply },
      },
    },
    async (request, reply) => {
      const { download, v, format, ...transform } = request.query;
      const asset = await core.assets.asset(
        request.params.id,
        { ...transform, format: format === "jpg" ? "jpeg" : format },
        request.headers.accept,
        visitor(request, reply),
      );
      return sendAsset(request, reply, asset, {
        download: download !== undefined && download !== "false",
        cacheControl: v ? immutable : oneDay,
      });
    },
  );

  api.get(
    "/assets/listing-logo/:listingId",
    {
      config: { access: "anyone" },
      schema: {
        hide: true,
        summary: "A deal's logo for the deal carousels: contained, quality 80, WebP when accepted else PNG",
        params: z.object({ listingId: z.coerce.number().int().positive() }),
        querystring: logoQuery,
        response: { 404: notFoundReply },
      },
    },
    async (request, reply) => {
      const { v, ...size } = request.query;
      const listing = await core.listings.findById(request.params.listingId);
      // The logo of a private deal draws the confidential seller's name: the deal page's rule applies,
      // and whoever may not see the deal gets the answer of a logo that does not exist.
      if (!listing || !mayViewListing(listing, request.user)) throw notFound(CONTENT_FILE_NOT_FOUND);
      const asset = await core.assets.listingLogo(
        listing.ListingId,
        size,
        request.headers.accept,
        visitor(request, reply),
      );
      if (listing.isPrivate) {
        return sendAsset(request, reply, asset, { download: false, cacheControl: "private, no-store" });
      }
      const current = v !== undefined && v === listingMediaVersion(listing.mediaUpdatedDate);
      return sendAsset(request, reply, asset, {
        download: false,
        cacheControl: current ? immutable : revalidate,
      });
    },
  );
}

async function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: AssetReply,
  { download, cacheControl }: { download: boolean; cacheControl: string },
): Promise<FastifyReply> {
  reply.header("cache-control", cacheControl);
  // Public pictures: pages of other origins (sites built for Directus) may embed them; private ones
  // keep the site-wide same-origin policy.
  if (cacheControl.startsWith("public")) reply.header("cross-origin-resource-policy", "cross-origin");
  if (asset.negotiated) reply.header("vary", "accept");
  const disposition = download ? "attachment" : "inline";
  reply.header(
    "content-disposition",
    `${disposition}; filename="${asset.filename.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(asset.filename)}`,
  );
  if (!(await sendStoredFile(request, reply, asset.file, asset.etag))) throw notFound(CONTENT_FILE_NOT_FOUND);
  return reply;
}
