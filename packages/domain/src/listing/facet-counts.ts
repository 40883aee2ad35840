/**
 * Option counts for the deal filters (§4 "Sold deals are left out of filter-option
 * counts"): how many unsold listings each deal type, region, country and deal size
 * would show. Counts are taken over the listings given (the caller decides the base
 * set, e.g. the public deals), not narrowed by the other chosen filters.
 */
import { COUNTRIES, type Country, countryName } from "./country.ts";
import { DEAL_SIZES, type DealSize, dealSizeName } from "./deal-size.ts";
import { DEAL_TYPE_MENU, type DealTypeQueryValue } from "./deal-types.ts";
import type { Listing } from "./listing.ts";
import { DEAL_TYPE_FLAG, listingTypeFlags } from "./listing-type-flags.ts";
import { regionName } from "./region.ts";
import { isSold } from "./status.ts";

export interface FacetOption<V extends string> {
  /** The value for the query parameter. */
  value: V;
  label: string;
  count: number;
}

export interface DealFacetCounts {
  /** The deal-type menu, in menu order, with zero counts kept. */
  dealType: FacetOption<DealTypeQueryValue>[];
  /** Regions present, by display name, most deals first then A-Z. */
  region: FacetOption<string>[];
  /** The three countries, in canonical order. */
  location: FacetOption<Country>[];
  /** The three deal sizes, in canonical order. */
  dealSize: FacetOption<DealSize>[];
}

export type FacetListing = Pick<Listing, "PLSCode" | "region" | "status" | DealSize | Country> &
  Partial<Pick<Listing, "sold">>;

export function countDealFacets(listings: readonly FacetListing[]): DealFacetCounts {
  const typeCounts = new Map<DealTypeQueryValue, number>();
  const regionCounts = new Map<string, number>();
  const countryCounts = new Map<Country, number>();
  const sizeCounts = new Map<DealSize, number>();
  const bump = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

  for (const listing of listings) {
    if (isSold(listing)) continue;
    const flags = listingTypeFlags(listing.PLSCode);
    for (const type of DEAL_TYPE_MENU)
      if (flags[DEAL_TYPE_FLAG[type.queryValue]]) bump(typeCounts, type.queryValue);
    const region = regionName(listing.region);
    if (region) bump(regionCounts, region);
    for (const country of COUNTRIES) if (listing[country]) bump(countryCounts, country);
    for (const size of DEAL_SIZES) if (listing[size]) bump(sizeCounts, size);
  }

  return {
    dealType: DEAL_TYPE_MENU.map((type) => ({
      value: type.queryValue,
      label: type.title,
      count: typeCounts.get(type.queryValue) ?? 0,
    })),
    region: [...regionCounts]
      .map(([region, count]) => ({ value: region, label: region, count }))
      // Plain code-point order for the A-Z tie-break: region names are plain capitalised words, and
      // localeCompare would build an ICU collator (15–25 ms on a phone) the first time the list renders.
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0)),
    location: COUNTRIES.map((country) => ({
      value: country,
      label: countryName(country),
      count: countryCounts.get(country) ?? 0,
    })),
    dealSize: DEAL_SIZES.map((size) => ({
      value: size,
      label: dealSizeName(size),
      count: sizeCounts.get(size) ?? 0,
    })),
  };
}
