import type { ApiWriteCase } from "../api-write-matrix.ts";

/** Facet queries (issue 22): a POST that changes nothing, for admins and Claim staff. */
export const analysisQueries: ApiWriteCase[] = [
  {
    route: "POST /api/facets/query",
    admitted: 200,
    request: () => ({
      url: "/api/facets/query?name=participant",
      payload: {
        filters: [{ type: "checkbox", field: "verified", expressions: ["true"] }],
        facets: ["regions"],
      },
    }),
  },
];
