/**
 * Filtering, sorting and paging a deal list for a query (deal-query.ts reads and writes the query).
 * Apart from the query itself so that a page which only reads its query (every deal list before the
 * visitor refines it) does not load the engine (decision 037).
 */
import { COUNTRIES, type Country } from "./country.ts";
import { canonicalList, type DealFilter, type DealQuery } from "./deal-query.ts";
import { DEAL_SIZES, type DealSize } from "./deal-size.ts";
import { findDealType } from "./deal-types.ts";
import type { Listing } from "./listing.ts";
import { DEAL_TYPE_FLAG, listingTypeFlags } from "./listing-type-flags.ts";
import { type Pagination, pageItems, paginate } from "./pagination.ts";
import { regionName } from "./region.ts";
import {
  listingMatchesNormalisedSearch,
  normaliseSearchText,
  type SearchableListing,
} from "./search-text.ts";
import { type SortableListing, sortListings } from "./sort.ts";

export type FilterableListing = SearchableListing &
  Pick<Listing, "ListingId" | "PLSCode" | "region" | "agentCompanyName" | "liked" | DealSize | Country>;

/** The listings that pass every chosen filter, in their given order. */
export function filterListings<T extends FilterableListing>(
  listings: readonly T[],
  query: Partial<DealFilter>,
  likedIds?: Iterable<number>,
): T[] {
  const tests: ((listing: T) => boolean)[] = [];

  const search = normaliseSearchText(query.search);
  if (search) tests.push((l) => listingMatchesNormalisedSearch(l, search));

  if (query.type) {
    // A type that names nothing matches nothing rather than silently everything.
    const type = findDealType(query.type);
    const flag = type ? DEAL_TYPE_FLAG[type.queryValue] : undefined;
    tests.push((l) => flag !== undefined && listingTypeFlags(l.PLSCode)[flag]);
  }

  const sizes = canonicalList(query.dealSize ?? [], DEAL_SIZES);
  if (sizes.length > 0) tests.push((l) => sizes.some((size) => l[size]));

  const countries = canonicalList(query.location ?? [], COUNTRIES);
  if (countries.length > 0) tests.push((l) => countries.some((country) => l[country]));

  const region = query.region;
  if (region) tests.push((l) => l.region === region || regionName(l.region) === region);

  const company = query.company;
  if (company) tests.push((l) => l.agentCompanyName === company);

  if (query.liked) {
    const ids = likedIds ? new Set(likedIds) : undefined;
    tests.push(ids ? (l) => ids.has(l.ListingId) : (l) => l.liked);
  }

  if (tests.length === 0) return listings.slice();
  return listings.filter((listing) => tests.every((test) => test(listing)));
}

export interface DealQueryResult<T> {
  /** Every listing that passes the filters, sorted. */
  matches: T[];
  pagination: Pagination;
  /** The listings of the current page. */
  items: T[];
}

/** Filter, sort and paginate listings for a query in one go. */
export function applyDealQuery<T extends FilterableListing & SortableListing>(
  listings: readonly T[],
  query: DealQuery,
  likedIds?: Iterable<number>,
): DealQueryResult<T> {
  const matches = sortListings(filterListings(listings, query, likedIds), query.sort, query.reverse);
  const pagination = paginate(matches.length, query.page);
  return { matches, pagination, items: pageItems(matches, pagination) };
}
