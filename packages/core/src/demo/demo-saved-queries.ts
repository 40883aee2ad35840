import type { SavedQueryRequest } from "@aea/domain";
import type { Executor } from "../db/database.ts";
import { SavedQueryRepository } from "../saved-queries/saved-query.repository.ts";

/**
 * Two saved analyses in a directory of the demo admin (README "Demo accounts"), so the load dialog
 * and a QueryUUID link have something to open. Their fields are the participant dataset's.
 */
export const DEMO_SAVED_QUERIES: Array<{ queryUUID: string; name: string; request: SavedQueryRequest }> = [
  {
    queryUUID: "d3a0c8f2-5c1e-4c4e-9b1a-22a0e0000001",
    name: "Permian buyers who signed an agreement",
    request: {
      filters: [
        { type: "checkbox", field: "regions", expressions: ["Permian"] },
        { type: "range", field: "agreementsSigned", expressions: ["[1 TO *]"] },
      ],
      customChart: { type: "bar", facet: "state" },
    },
  },
  {
    queryUUID: "d3a0c8f2-5c1e-4c4e-9b1a-22a0e0000002",
    name: "Mineral buyers, not from Texas",
    request: {
      filters: [
        { type: "checkbox", field: "buys", expressions: ["minerals", "royalties"] },
        { type: "checkbox", field: "state", expressions: ["-TX"] },
      ],
      customChart: { type: "pie", facet: "buys" },
    },
  },
];
export const DEMO_QUERY_DIRECTORY = "Buyer network";

export async function seedDemoSavedQueries(trx: Executor, adminId: number, at: string): Promise<void> {
  const queries = new SavedQueryRepository(trx);
  const directoryId = await queries.insertDirectory(adminId, DEMO_QUERY_DIRECTORY, at);
  for (const query of DEMO_SAVED_QUERIES) {
    await queries.reserveQuery(query.queryUUID, adminId, at);
    await queries.saveQuery(query.queryUUID, query.request, adminId, at);
    await queries.insertRequest(
      { directoryId, queryUUID: query.queryUUID, requestName: query.name, createTime: at },
      adminId,
    );
  }
}
