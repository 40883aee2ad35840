import {
  applyDealQuery,
  countDealFacets,
  type DealFacetCounts,
  type DealQuery,
  filterListings,
  type Listing,
  type Pagination,
  serializeDealQuery,
} from "@aea/domain";
import type { MapDeal } from "./map/map-deal";

// The deals store prepares the list it fetched with the same engine.
export { prepareListings } from "@aea/domain";

/**
 * What a deal card and a table row show of a listing. A page of the list carries only these fields in
 * its data (a listing has some 80): the page's serialized data was a quarter of a signed-in deals page,
 * encoded on every request and parsed again by the phone that hydrates it.
 */
export type ListedDeal = Pick<Listing, (typeof LISTED_DEAL_FIELDS)[number]>;

const LISTED_DEAL_FIELDS = [
  "ListingId",
  "PLSCode",
  "Header",
  "ImageUrl",
  "hasLogoImage",
  "boxLogoUrl",
  "location",
  "region",
  "basin",
  "play",
  "wi",
  "prod",
  "cashflow",
  "reserves",
  "dateListed",
  "status",
  "sold",
] as const satisfies ReadonlyArray<keyof Listing>;

export function listedDeal(listing: Listing): ListedDeal {
  const deal: Partial<Record<keyof ListedDeal, unknown>> = {};
  for (const field of LISTED_DEAL_FIELDS) deal[field] = listing[field];
  return deal as ListedDeal;
}

/** What a deals page shows for a query: the page of deals, paging, option counts and map points. */
export interface DealResults {
  items: ListedDeal[];
  pagination: Pagination;
  counts: DealFacetCounts;
  /** Every match, slimmed to what the map needs; only for the map view. */
  mapDeals: MapDeal[];
  /** Every match in full; only for the print view. */
  printItems: Listing[];
  /** The signed-in buyer's liked deals (empty for visitors). */
  likedIds: number[];
}

/** What a query shows of a list, the same for every visitor of that list. */
type SharedResults = Omit<DealResults, "likedIds">;

/**
 * Results by list and query. The public and research lists are one array for each version of the
 * listings (ListingService's snapshot), so every signed-in page of the same query shares one working
 * out of its filters, order and option counts, and a new version of the listings starts afresh. A
 * private list is filtered for its viewer on each request and is never found here again.
 */
const resultsByList = new WeakMap<readonly Listing[], Map<string, SharedResults>>();
/** Bounds what one list keeps against a crawler's endless queries; the most recent ones stay. */
const QUERIES_KEPT_PER_LIST = 50;

export function dealResults(
  all: readonly Listing[],
  query: DealQuery,
  likedIds: readonly number[] = [],
): DealResults {
  // Only the liked filter depends on who asks.
  if (query.liked) return { ...workOut(all, query, likedIds), likedIds: [...likedIds] };
  const kept = resultsByList.get(all) ?? new Map<string, SharedResults>();
  resultsByList.set(all, kept);
  const key = serializeDealQuery(query);
  let shared = kept.get(key);
  if (shared) kept.delete(key);
  else shared = workOut(all, query, likedIds);
  kept.set(key, shared);
  if (kept.size > QUERIES_KEPT_PER_LIST) kept.delete(kept.keys().next().value as string);
  return { ...shared, likedIds: [...likedIds] };
}

function workOut(all: readonly Listing[], query: DealQuery, likedIds: readonly number[]): SharedResults {
  const { matches, pagination, items } = applyDealQuery(all, query, likedIds);
  // Counts describe the deals matching the search text, so each option says how many it would show.
  const counts = countDealFacets(query.search ? filterListings(all, { search: query.search }) : all);
  return {
    items: items.map(listedDeal),
    pagination,
    counts,
    mapDeals: query.view === "map" ? matches.map(toMapDeal) : [],
    printItems: query.view === "print" ? matches : [],
  };
}

function toMapDeal(listing: Listing): MapDeal {
  const { ListingId, Header, coordinates, status, PLSCode, location, sold } = listing;
  return { ListingId, Header, coordinates, status, PLSCode, location, sold };
}
