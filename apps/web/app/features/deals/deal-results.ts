import {
  applyDealQuery,
  countDealFacets,
  type DealFacetCounts,
  type DealQuery,
  filterListings,
  type Listing,
  type Pagination,
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

export function dealResults(
  all: readonly Listing[],
  query: DealQuery,
  likedIds: readonly number[] = [],
): DealResults {
  const { matches, pagination, items } = applyDealQuery(all, query, likedIds);
  // Counts describe the deals matching the search text, so each option says how many it would show.
  const counts = countDealFacets(query.search ? filterListings(all, { search: query.search }) : all);
  return {
    items: items.map(listedDeal),
    pagination,
    counts,
    mapDeals: query.view === "map" ? matches.map(toMapDeal) : [],
    printItems: query.view === "print" ? matches : [],
    likedIds: [...likedIds],
  };
}

function toMapDeal(listing: Listing): MapDeal {
  const { ListingId, Header, coordinates, status, PLSCode, location, sold } = listing;
  return { ListingId, Header, coordinates, status, PLSCode, location, sold };
}
