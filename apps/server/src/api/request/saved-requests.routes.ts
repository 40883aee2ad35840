import type { AnalysisActor, Core } from "@aea/core";
import { customChartSchema, SAVED_QUERY_TEXTS, savedFilterSchema, saveFiltersBodySchema } from "@aea/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";
import { pathParts } from "./request-path.ts";

const tags = ["Saved requests"];
const failure = z.object({ message: z.string(), code: z.string() });
const failures = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure };
const queryRequest = z.object({ filters: z.array(savedFilterSchema), customChart: customChartSchema });
const savedRequest = z.object({
  id: z.number(),
  requestName: z.string(),
  createTime: z.string(),
  queryUUID: z.string(),
  directoryId: z.number(),
  request: queryRequest,
});
const directory = z.object({ id: z.number(), directorytName: z.string(), requests: z.array(savedRequest) });
const done = z.object({ message: z.string() });
/** One path segment holding the spec's `{a}&{b}…` values, documented under the spec's own names. */
const segment = (names: string) => z.object({ [names]: z.string() });

const WHO =
  "For admins and staff with the Claim role (others 403, anonymous callers 401 code 1001). A `userId` that is not the caller's answers 403 unless the caller is an admin.";

/** The spec §7 saved-request calls: QueryUUIDs, the filters saved under them, users' directories. */
export async function savedRequestRoutes(app: FastifyInstance, { core }: { core: Core }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const queries = core.savedQueries;
  const actor = (request: FastifyRequest): AnalysisActor => ({ ...admittedUser(request), ip: request.ip });
  const params = (request: FastifyRequest) =>
    Object.values(request.params as Record<string, string>)[0] ?? "";

  api.get(
    "/api/request/getNextQueryUUID",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "A new QueryUUID",
        description: `A new QueryUUID, the caller's to save filters under (saveFilters); the analysis page puts it in its address as \`QueryUUID\`. ${WHO}`,
        response: { 200: z.object({ queryUUID: z.string() }), 401: failure, 403: failure },
      },
    },
    async (request) => ({ queryUUID: await queries.nextQueryUuid(actor(request)) }),
  );

  api.get(
    "/api/request/:uuid/getFilters",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "The filters and chart saved under a QueryUUID",
        description: `Any of staff with the link reads a query (empty filters until something is saved under it); an unknown QueryUUID answers 404. ${WHO}`,
        params: z.object({ uuid: z.string() }),
        response: { 200: queryRequest, ...failures },
      },
    },
    async (request) => {
      const { uuid } = pathParts(request.params.uuid, ["uuid"]);
      return queries.filters(actor(request), uuid);
    },
  );

  api.post(
    "/api/request/:queryUUID/saveFilters",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "Save the filters and chart under a QueryUUID",
        description: `Body \`{filters: {filters, customChart}}\`. Only the caller's own QueryUUID (handed out by getNextQueryUUID, or filed in one of the caller's directories) may be written: a query filed in another user's directory answers 403 (save a copy under a new QueryUUID), an unknown one 404. ${WHO}`,
        params: z.object({ queryUUID: z.string() }),
        body: saveFiltersBodySchema,
        response: { 200: queryRequest.extend({ queryUUID: z.string() }), ...failures },
      },
    },
    async (request) => {
      const { queryUUID } = pathParts(request.params.queryUUID, ["queryUUID"]);
      await queries.saveFilters(actor(request), queryUUID, request.body.filters);
      return { queryUUID, ...(await queries.filters(actor(request), queryUUID)) };
    },
  );

  api.post(
    "/api/request/:uuid&userId&name&dirId/saveUserFilter",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "File a query in a directory under a name",
        description: `Path \`{uuid}&{userId}&{name}&{dirId}\` (the name URL-encoded, 1 to 200 characters). The query's filters must have been saved (saveFilters). A query sits in one directory: one filed in another user's directory answers 403, one already filed 409; a name already in the directory 409, and a save that met another into the same directory at the same moment 409 SAVED_AT_ONCE, changing nothing. ${WHO}`,
        params: segment("uuid&userId&name&dirId"),
        response: { 200: savedRequest, ...failures },
      },
    },
    async (request) => {
      const parts = pathParts(params(request), ["uuid", "userId", "name", "dirId"]);
      return queries.fileQuery(actor(request), {
        queryUUID: parts.uuid,
        userId: parts.userId,
        name: parts.name,
        directoryId: parts.dirId,
      });
    },
  );

  api.get(
    "/api/request/:userId/getUserRequests",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "A user's saved queries",
        description: `Newest first, each \`{id, requestName, createTime, queryUUID, directoryId, request: {filters, customChart}}\`. ${WHO}`,
        params: z.object({ userId: z.string() }),
        response: { 200: z.array(savedRequest), ...failures },
      },
    },
    async (request) => {
      const { userId } = pathParts(request.params.userId, ["userId"]);
      return queries.requests(actor(request), userId);
    },
  );

  api.post(
    "/api/request/:id&userId/deleteUserRequest",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "Delete a saved query",
        description: `Path \`{id}&{userId}\`: takes the saved query out of the user's directory; links to its QueryUUID keep working. ${WHO}`,
        params: segment("id&userId"),
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      const { id, userId } = pathParts(params(request), ["id", "userId"]);
      await queries.deleteRequest(actor(request), id, userId);
      return { message: SAVED_QUERY_TEXTS.queryDeleted };
    },
  );

  api.post(
    "/api/request/:name&userId/addRequestDirectory",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "Create a directory",
        description: `Path \`{name}&{userId}\` (the name URL-encoded, 1 to 200 characters, unique among the user's directories, else 409). Answers the new directory \`{id, directorytName, requests}\`. ${WHO}`,
        params: segment("name&userId"),
        response: { 200: directory, ...failures },
      },
    },
    async (request) => {
      const { name, userId } = pathParts(params(request), ["name", "userId"]);
      return queries.addDirectory(actor(request), name, userId);
    },
  );

  api.get(
    "/api/request/:userId/getUserRequestDirectories",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "A user's directories with their saved queries",
        description: `By name, each \`{id, directorytName, requests}\` (the spec's spelling). ${WHO}`,
        params: z.object({ userId: z.string() }),
        response: { 200: z.array(directory), ...failures },
      },
    },
    async (request) => {
      const { userId } = pathParts(request.params.userId, ["userId"]);
      return queries.directories(actor(request), userId);
    },
  );

  api.post(
    "/api/request/:dirId&name&userId/updateRequestDirectory",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "Rename a directory",
        description: `Path \`{dirId}&{name}&{userId}\`; the same name rules as addRequestDirectory. ${WHO}`,
        params: segment("dirId&name&userId"),
        response: { 200: directory, ...failures },
      },
    },
    async (request) => {
      const { dirId, name, userId } = pathParts(params(request), ["dirId", "name", "userId"]);
      return queries.renameDirectory(actor(request), dirId, name, userId);
    },
  );

  api.post(
    "/api/request/:dirId&userId/deleteRequestDirectory",
    {
      config: { access: "admin-or-claim" },
      schema: {
        tags,
        summary: "Delete a directory",
        description: `Path \`{dirId}&{userId}\`: removes the directory with the queries filed in it (their links keep working). ${WHO}`,
        params: segment("dirId&userId"),
        response: { 200: done, ...failures },
      },
    },
    async (request) => {
      const { dirId, userId } = pathParts(params(request), ["dirId", "userId"]);
      await queries.deleteDirectory(actor(request), dirId, userId);
      return { message: SAVED_QUERY_TEXTS.directoryDeleted };
    },
  );
}
