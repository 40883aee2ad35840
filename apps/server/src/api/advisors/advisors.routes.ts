import type { Core } from "@aea/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { precompress, sendPrecompressed } from "../../http/precompressed.ts";
import { versionedCache } from "../../http/versioned-cache.ts";

// Browsers revalidate with the ETag; shared caches may hold the list for a minute.
const listCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

const listingJson = z
  .object({ ListingId: z.number(), Header: z.string(), PLSCode: z.string(), status: z.string() })
  .loose()
  .describe("A listing with every public field of the spec (§3).");

export async function advisorsRoutes(app: FastifyInstance, { core }: { core: Core }): Promise<void> {
  const publicDeals = versionedCache(
    () => core.listings.version,
    async () =>
      precompress(JSON.stringify(await core.listings.publicListings()), "application/json; charset=utf-8", "fast"),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/Advisors/GetDeals",
    {
      schema: {
        tags: ["Advisors"],
        summary: "Public deal listings",
        description: "Every public listing (neither private nor research), compressed and with an ETag.",
        response: { 200: z.array(listingJson), 304: z.null().describe("Not modified") },
      },
    },
    async (request, reply) => sendPrecompressed(request, reply, await publicDeals(), listCacheControl),
  );
}
