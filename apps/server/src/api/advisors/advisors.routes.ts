import type { Core } from "@aea/core";
import { isActive, mayViewListing, notFound, QUERY_TEXT_MAX_LENGTH } from "@aea/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PrebuiltResponses } from "../../http/prebuilt-responses.ts";
import { type PrecompressedBody, precompress, sendPrecompressed } from "../../http/precompressed.ts";
import { VersionedCache } from "../../http/versioned-cache.ts";
import { admitAs, admittedUser } from "../../plugins/access.ts";
import { searchTrackingRateLimit } from "../../plugins/rate-limits.ts";

// Browsers revalidate with the ETag; shared caches may hold a list for a minute.
const listCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

const listingJson = z
  .object({ ListingId: z.number(), Header: z.string(), PLSCode: z.string(), status: z.string() })
  .loose()
  .describe("A listing with every public field of the spec (§3).");
const listingList = z.array(listingJson);
const notModified = z.null().describe("Not modified: the If-None-Match ETag is current");

const booleanText = z.enum(["true", "false"]).transform((v) => v === "true");

const getDealsQuery = z.object({
  isConfidential: booleanText
    .optional()
    .describe(
      "true: the private (confidential) deals the signed-in buyer may see, instead of the public list",
    ),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe("At most this many deals, in the site's order"),
});

export async function advisorsRoutes(
  app: FastifyInstance,
  { core, prebuilt }: { core: Core; prebuilt?: PrebuiltResponses },
): Promise<void> {
  const json = (value: unknown) =>
    precompress(JSON.stringify(value), "application/json; charset=utf-8", "fast");
  // The public lists as sent, by list ("public", "study", "public:<size>"), until a listing changes.
  // Bounded: a client asking for every size from 1 to 10,000 must not grow memory without limit.
  const lists = new VersionedCache<Promise<PrecompressedBody>>({
    dataVersion: core.dataVersion,
    dependsOn: ["listings"],
    maxEntries: 34,
  });
  const cached = (key: string, build: () => Promise<unknown>) => () =>
    lists.getOrBuild(key, async () => json(await build()));
  const publicDeals = cached("public", () => core.listings.publicListings());
  const studyDeals = cached("study", () => core.listings.studyListings());
  // The same bytes for everyone until a listing changes: answered ahead of Fastify from then on
  // (docs/decisions/008), and sent here the first time and whenever the listings changed.
  const sendAndPrebuild = async (
    path: string,
    list: () => Promise<PrecompressedBody>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const version = lists.version;
    const body = await list();
    prebuilt?.set(path, body, {
      cacheControl: listCacheControl,
      isCurrent: () => lists.version === version,
      anonymousOnly: true,
    });
    return sendPrecompressed(request, reply, body, listCacheControl);
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/Advisors/GetDeals",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["Advisors"],
        summary: "Public deal listings",
        description:
          "Every public listing (neither private nor research), in the site's order, brotli/gzip-compressed and with an ETag. `size` limits the count; `isConfidential=true` lists private deals and needs a buyer with private-deal access.",
        querystring: getDealsQuery,
        response: { 200: listingList, 304: notModified },
      },
    },
    async (request, reply) => {
      const { isConfidential, size } = request.query;
      if (isConfidential) {
        // Private deals are for the audience of the private-deals page; the public list for anyone.
        const user = admitAs(request, "private-buyer");
        const listings = await core.listings.privateListingsFor(user);
        // hasDueDiligenceAccess is the viewer's own: whether this buyer was let into the data room.
        const entered = new Set(await core.dataRoomAccess.dataRoomListingIds(user.id));
        const deals = listings.map((deal) => ({
          ...deal,
          hasDueDiligenceAccess: entered.has(deal.ListingId),
        }));
        return reply
          .header("cache-control", "private, no-store")
          .type("application/json; charset=utf-8")
          .send(JSON.stringify(size ? deals.slice(0, size) : deals) as never);
      }
      if (size === undefined) return sendAndPrebuild("/api/Advisors/GetDeals", publicDeals, request, reply);
      const bySize = cached(`public:${size}`, async () =>
        (await core.listings.publicListings()).slice(0, size),
      );
      return sendPrecompressed(request, reply, await bySize(), listCacheControl);
    },
  );

  api.get(
    "/api/Advisors/GetStudyDeals",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["Advisors"],
        summary: "Research (study) deals",
        description: "The firm's research studies shown at /deals/research, compressed and with an ETag.",
        response: { 200: listingList, 304: notModified },
      },
    },
    async (request, reply) => sendAndPrebuild("/api/Advisors/GetStudyDeals", studyDeals, request, reply),
  );

  api.get(
    "/api/Advisors/GetCount",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["Advisors"],
        summary: "Number of public deals",
        response: {
          200: z.object({
            count: z.number().int().describe("Public listings"),
            activeCount: z.number().int().describe("Public listings that are not sold, closing or pulled"),
          }),
        },
      },
    },
    async () => {
      const listings = await core.listings.publicListings();
      return { count: listings.length, activeCount: listings.filter(isActive).length };
    },
  );

  api.get(
    "/api/Advisors/GetLikedDeals",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["Advisors"],
        summary: "The ListingIds the signed-in buyer liked",
        response: {
          200: z.array(z.number().int()),
          401: z.object({ message: z.string(), code: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const user = admittedUser(request);
      return reply
        .header("cache-control", "private, no-store")
        .send(await core.likes.likedListingIds(user.id));
    },
  );

  api.post(
    "/api/Advisors/LikeDeal",
    {
      config: { access: "signed-in" },
      schema: {
        tags: ["Advisors"],
        summary: "Like or unlike a deal",
        description: "Liked deals show with the `liked` filter of /deals/public. Needs a signed-in buyer.",
        querystring: z.object({ listingId: z.coerce.number().int().positive(), liked: booleanText }),
        response: {
          200: z.object({ listingId: z.number(), liked: z.boolean() }),
          401: z.object({ message: z.string(), code: z.string() }),
          404: z.object({ message: z.string(), code: z.string() }),
        },
      },
    },
    async (request) => {
      const user = admittedUser(request);
      const { listingId, liked } = request.query;
      const listing = await core.listings.findById(listingId);
      if (!listing || !mayViewListing(listing, user)) throw notFound("No such deal");
      await core.likes.setLiked(user, listingId, liked);
      return { listingId, liked };
    },
  );

  api.post(
    "/api/Advisors/TrackDealsWebSearch",
    {
      config: { access: "anyone", rateLimit: searchTrackingRateLimit },
      schema: {
        tags: ["Advisors"],
        summary: "Record a deal search",
        description:
          "Records what a visitor searched for in the deals. The body is empty. 60 a minute per address (then 429).",
        querystring: z.object({ search: z.string().trim().min(1).max(QUERY_TEXT_MAX_LENGTH) }),
        response: { 204: z.null(), 429: z.object({ message: z.string(), code: z.string() }) },
      },
    },
    async (request, reply) => {
      await core.dealSearches.record(request.query.search, request.user?.id ?? null);
      return reply.code(204).send(null);
    },
  );
}
