import { DEALS_PUBLIC_PATH, dealsHref, parseDealQuery } from "@aea/domain";
import { publicDealsStore } from "./deals-store";

/**
 * Where the header's deal search goes, loaded when the visitor first uses the box (deal-search-box.tsx):
 * the deal query's engine is not needed to show the box. On the deals page a search keeps the other
 * filters and starts again at page one.
 */
interface Place {
  pathname: string;
  search: string;
}

const currentQuery = (place: Place) =>
  place.pathname === DEALS_PUBLIC_PATH ? parseDealQuery(new URLSearchParams(place.search)) : undefined;

/** The deal list for a submitted search. */
export function searchHref(place: Place, search: string): string {
  return dealsHref({ ...(currentQuery(place) ?? {}), search, page: 1 });
}

/** While typing on the deals page, once the whole list is in the browser: the list for what is typed. */
export function typeAheadHref(place: Place, typed: string): string | undefined {
  const current = currentQuery(place);
  if (!current || !publicDealsStore.current()) return undefined;
  return dealsHref({ ...current, search: typed.trim(), page: 1 });
}
