import { z } from "../zod.ts";

/**
 * Saved analysis queries and their directories (spec §3 "Saved query request", "Request directory",
 * §7 "Saved requests"). A query is the analysis page's state under a QueryUUID: anyone of staff with
 * the link sees it. A saved request puts one query in one directory of one user, under a name.
 */

/** Longest name of a query or a directory: a label in a list, not a description. */
export const SAVED_NAME_MAX = 200;
/** Filters one query may hold, and expressions one filter may hold: far above any page's use. */
export const SAVED_FILTERS_MAX = 100;
export const SAVED_EXPRESSIONS_MAX = 1000;

const nameSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter a ${what} name.`)
    .max(SAVED_NAME_MAX, `A ${what} name has at most ${SAVED_NAME_MAX} characters.`);
export const directoryNameSchema = nameSchema("directory");
export const queryNameSchema = nameSchema("query");

/** The analysis page's Save dialog: a name, and one of the user's directories to file it in. */
export const saveQueryFormSchema = z.object({
  requestName: queryNameSchema,
  directoryId: z.coerce
    .number({ error: "Please choose a directory." })
    .int("Please choose a directory.")
    .positive("Please choose a directory."),
});

/**
 * One filter of a query (spec §3 "Filter"): the filtered facet's `type`, its `field`, and expressions
 * (a value id, `-id` to exclude it, `[a TO b]` a range, `*` an open end). What a field or expression
 * means is the facet engine's to judge when the query runs; stored here is its shape.
 */
export const savedFilterSchema = z.object({
  type: z.string().min(1).max(50),
  field: z.string().min(1).max(100),
  expressions: z.array(z.string().max(200)).max(SAVED_EXPRESSIONS_MAX),
});

/** The chart drawn beside a query's results (`customChart`), as the analysis page chose it. */
export const customChartSchema = z.record(z.string().max(50), z.unknown()).nullable();

/** What a query holds (spec §7 saveFilters' `filters`, getFilters' answer). */
export const savedQueryRequestSchema = z.object({
  filters: z.array(savedFilterSchema).max(SAVED_FILTERS_MAX),
  customChart: customChartSchema.default(null),
});
export type SavedQueryRequest = z.infer<typeof savedQueryRequestSchema>;

/** The body of `POST /api/request/{queryUUID}/saveFilters` (spec §7: `{filters:{filters, customChart}}`). */
export const saveFiltersBodySchema = z.object({ filters: savedQueryRequestSchema });

/** A QueryUUID as getNextQueryUUID hands them out. */
export const queryUuidSchema = z.uuid({ error: "That is not a QueryUUID." });

/** A saved query as the lists show it (spec §3), with the QueryUUID its link carries. */
export interface SavedRequest {
  id: number;
  requestName: string;
  createTime: string;
  queryUUID: string;
  directoryId: number;
  request: SavedQueryRequest;
}

/** A user's directory of saved queries (spec §3, the spec's spelling `directorytName`). */
export interface RequestDirectory {
  id: number;
  directorytName: string;
  requests: SavedRequest[];
}
