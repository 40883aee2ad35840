import type { DealSize } from "./deal-size.ts";

/**
 * The deal list's addresses and search text as every page's header needs them, apart from the deal
 * query's engine (deal-query.ts: filters, sort, paging), which only the deal pages load. Each gives
 * what `dealsHref` / `parseDealQuery` give for the same query (deal-links.test.ts holds them to it).
 */

export const DEALS_PUBLIC_PATH = "/deals/public";

/** Longest search, region or company text kept from a URL. */
export const QUERY_TEXT_MAX_LENGTH = 200;

/** A text parameter as the deal query reads it: trimmed, at most QUERY_TEXT_MAX_LENGTH characters. */
export function queryText(raw: string | undefined): string {
  return (raw ?? "").trim().slice(0, QUERY_TEXT_MAX_LENGTH).trim();
}

/** The search of a deal-list URL, as `parseDealQuery(params).search` reads it. */
export function searchTextOf(params: URLSearchParams): string {
  const values = params.getAll("search");
  return queryText(values.length > 0 ? values.join("+") : undefined);
}

/** The deal list filtered by one deal type (its query value): `dealsHref({ type })`. */
export function dealTypeHref(typeQueryValue: string): string {
  return `${DEALS_PUBLIC_PATH}?type=${encodeURIComponent(typeQueryValue)}`;
}

/** The deal list of one deal size and no other filter: `dealsHref({ dealSize: [size] })`. */
export function dealSizeHref(size: DealSize): string {
  return `${DEALS_PUBLIC_PATH}?dealSize=${encodeURIComponent(size)}`;
}
