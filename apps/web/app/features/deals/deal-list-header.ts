/** The pages that list deals with filters (DealsBrowser); their header carries the list's own tools. */
export const DEAL_LIST_PATHS: ReadonlySet<string> = new Set([
  "/deals/public",
  "/deals/research",
  "/deals/private",
]);
