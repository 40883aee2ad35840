import { type Core, ITEMS_QUERY_PARAMETERS, queryFromSearchParams, SESSION_COOKIE } from "@aea/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PrebuiltResponses } from "../http/prebuilt-responses.ts";
import { type PrecompressedBody, precompress, sendPrecompressed } from "../http/precompressed.ts";
import { VersionedCache } from "../http/versioned-cache.ts";
import { directusErrorHandler } from "./directus-errors.ts";

// Staff edits must show at once: browsers and proxies revalidate every time, cheaply, by ETag.
const itemsCacheControl = "public, no-cache";

const listOrText = z.union([z.string(), z.array(z.string())]).optional();

/** Documentation of the Directus query parameters; the content service reads and checks them. */
const itemsQuery = z
  .object({
    fields: listOrText.describe("Comma list of fields; `*` for all; dot paths into files and relations"),
    filter: listOrText.describe(
      'JSON (`{"title":{"_contains":"x"}}`) or brackets (`filter[title][_contains]=x`)',
    ),
    sort: listOrText.describe("Comma list of fields; `-` for descending"),
    limit: listOrText.describe("Items per page (default 100, at most 1000; -1 for all, at most 5000)"),
    offset: listOrText.describe("Items to skip"),
    page: listOrText.describe("1-based page of `limit` items"),
    search: listOrText.describe("Case-insensitive text in any searchable field"),
    meta: listOrText.describe("total_count, filter_count or *"),
    deep: listOrText.describe("Per nested list: _filter, _sort, _limit, _offset (JSON or brackets)"),
  })
  .loose();

const itemJson = z.record(z.string(), z.unknown());
const itemsResponse = z
  .object({
    data: z.union([z.array(itemJson), itemJson]),
    meta: z.object({ total_count: z.number().optional(), filter_count: z.number().optional() }).optional(),
  })
  .describe("`data` is a list, or an object for a singleton or a single item");
const directusError = z.object({
  errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string() }) })),
});

/** The content door: Directus' `GET /items/{collection}` and `GET /items/{collection}/{id}`. */
export async function itemsRoutes(
  app: FastifyInstance,
  { core, prebuilt }: { core: Core; prebuilt?: PrebuiltResponses },
): Promise<void> {
  app.setErrorHandler(directusErrorHandler);
  // Replies ready to send (JSON, compressed, with an ETag) per normalised query until the content
  // changes: most pages ask the same few queries, so a page render costs a map lookup per query.
  const cache = new VersionedCache<Promise<PrecompressedBody>>({
    dataVersion: core.dataVersion,
    dependsOn: ["content", "content-files"],
  });
  // The replies made so far, by their promise: what the door ahead of Fastify can send at once.
  const made = new WeakMap<Promise<PrecompressedBody>, PrecompressedBody>();
  const cachedBody = (key: string, read: () => Promise<unknown>) =>
    cache.getOrBuild(key, () => {
      const making = read().then((items) =>
        precompress(JSON.stringify(items), "application/json; charset=utf-8", "fast"),
      );
      making.then((body) => made.set(making, body)).catch(() => undefined);
      return making;
    });
  // A query answered before is answered again ahead of Fastify, as a cached page is (decision 045):
  // the same bytes for every anonymous reader until the content changes. A signed-in reader's request
  // goes to the route, whose reply is marked private.
  prebuilt?.addLookup((request, response) => {
    const url = request.url ?? "";
    const queryStart = url.indexOf("?");
    const path = url.slice(ITEMS_PREFIX.length, queryStart === -1 ? undefined : queryStart);
    if (!url.startsWith(ITEMS_PREFIX) || !ITEM_PATH.test(path)) return false;
    if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return false;
    const making = cache.get(normalisedQueryKey(path, searchParamsOf(url)));
    const body = making && made.get(making);
    if (!body) return false;
    prebuilt.send(request, response, body, { cacheControl: itemsCacheControl });
    return true;
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: itemsResponse, 304: z.null(), 400: directusError, 403: directusError };

  api.get(
    "/items/:collection",
    {
      config: { access: "anyone" },
      schema: {
        hide: true,
        summary: "Items of a content collection (a singleton's object)",
        params: z.object({ collection: z.string() }),
        querystring: itemsQuery,
        response,
      },
    },
    async (request, reply) => {
      const { collection } = request.params;
      const params = searchParamsOf(request.url);
      // Parsed on every request that reaches the route, cached or not: hostile input is refused the same
      // way either way (one answered ahead of Fastify has the key of a query that parsed).
      const query = queryFromSearchParams(params);
      const body = await cachedBody(normalisedQueryKey(`/${collection}`, params), () =>
        core.content.readItems(collection, query),
      );
      return sendPrecompressed(request, reply, body, itemsCacheControl);
    },
  );

  api.get(
    "/items/:collection/:id",
    {
      config: { access: "anyone" },
      schema: {
        hide: true,
        summary: "One item of a content collection",
        params: z.object({ collection: z.string(), id: z.string() }),
        querystring: itemsQuery,
        response,
      },
    },
    async (request, reply) => {
      const { collection, id } = request.params;
      const params = searchParamsOf(request.url);
      const query = queryFromSearchParams(params);
      const body = await cachedBody(normalisedQueryKey(`/${collection}/${id}`, params), () =>
        core.content.readItem(collection, id, query),
      );
      return sendPrecompressed(request, reply, body, itemsCacheControl);
    },
  );
}

const ITEMS_PREFIX = "/items";
/** A collection, or a collection and an id, named plainly (anything encoded goes to the route). */
const ITEM_PATH = /^\/[\w-]+(\/[\w-]+)?$/;

function searchParamsOf(url: string): URLSearchParams {
  const queryStart = url.indexOf("?");
  return new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1));
}

/**
 * The cache key of a request: its path and the query parameters the items endpoints read, in a fixed
 * order, so `?limit=1&sort=x` and `?sort=x&limit=1&utm_source=y` share an entry.
 */
function normalisedQueryKey(path: string, params: URLSearchParams): string {
  const relevant = [...params].filter(([key]) => ITEMS_QUERY_PARAMETERS.has(key.split("[")[0]));
  relevant.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(relevant).toString()}`;
}
