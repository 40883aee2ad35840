import type { Core } from "@aea/core";
import { facetQuerySchema } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { failureReply } from "../shared/replies.ts";

const tags = ["Facets"];
const refusals = { 400: failureReply, 401: failureReply, 403: failureReply };
const datasetName = z.object({
  name: z.string().max(100).describe("The dataset (`facetKey`): `participant` or `listing`"),
});

const definition = z.object({
  name: z.string(),
  type: z.enum(["checkbox", "single", "range", "date", "year"]),
  field: z.string(),
  display: z.string(),
  shortDisplay: z.string(),
  functionType: z
    .string()
    .describe("`count`, or `stats:{field}`: stat1..stat4 are its sum, mean, min and max"),
  facetOptions: z.array(z.object({ key: z.string(), query: z.string(), display: z.string() })),
});
const definitions = z.object({
  key: z.string(),
  display: z.string(),
  fields: z.record(z.string(), z.enum(["keyword", "keywords", "boolean", "number", "date", "text"])),
  facets: z.array(definition),
});

const stat = z.number().nullable().optional();
const results = z.object({
  responseHeader: z.object({
    status: z.literal(0),
    QTime: z.number(),
    params: z.unknown().describe("The payload as applied: defaults filled in, `size` capped"),
    notice: z.string().optional().describe("Set when `size` was over the cap"),
  }),
  response: z.object({
    numFound: z.number(),
    start: z.number(),
    docs: z.array(z.record(z.string(), z.unknown())),
  }),
  facets: z.record(
    z.string(),
    z.object({
      buckets: z.array(
        z.object({ key: z.string(), value: z.number(), stat1: stat, stat2: stat, stat3: stat, stat4: stat }),
      ),
      before: z.number().optional(),
      between: z.number().optional(),
      after: z.number().optional(),
      gap: z.number().optional(),
    }),
  ),
  stats: z.record(
    z.string(),
    z.object({
      count: z.number(),
      sum: z.number().nullable(),
      mean: z.number().nullable(),
      min: z.number().nullable(),
      max: z.number().nullable(),
    }),
  ),
  queryChangeId: z.number().nullable(),
});

/** Faceted analysis (issue 22, spec §7 "Facet queries"): for admins and Claim staff. */
export async function facetRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/facets",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "A dataset's fields and facet definitions",
        querystring: datasetName,
        response: { 200: definitions, ...refusals },
      },
    },
    async (request) => core.facets.definitions(request.query.name),
  );
  api.post(
    "/api/facets/query",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary:
          "Answer a query payload: the matching documents, a page of them, facet counts and statistics",
        description:
          "Filters: `{type, field, expressions}`; an expression is a value's key, `-key` to exclude it, or " +
          "`[a TO b]` (`*` an open end). Checkbox facets are counted with their own filter removed. `size` " +
          "defaults to 20 and is capped at 100 (the reply's `responseHeader.notice` says so).",
        querystring: datasetName,
        body: facetQuerySchema,
        response: { 200: results, ...refusals },
      },
    },
    async (request) => core.facets.query(request.query.name, request.body),
  );
}
