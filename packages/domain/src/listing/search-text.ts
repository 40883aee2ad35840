/**
 * Deal search (§3 "normalised search text", §5 "Deal search matches a lower-cased,
 * alphanumeric-only text").
 *
 * Both the listing text and the query are lower-cased, stripped of accents and of
 * everything that is not a letter or digit, so "Eagle Ford" finds "EAGLE-FORD" and
 * "1,250 boepd" finds "1250 BOEPD". Each field is normalised on its own and the fields
 * are joined with a separator the query can never contain, so a match never spans two
 * fields.
 *
 * Performance: a listing's search text is built once and kept in a WeakMap keyed by
 * the listing object; listings are treated as immutable (a changed listing is a new
 * object). `prepareListings` warms the cache ahead of the first keystroke.
 */
import { LISTING_TEXT_FIELDS, type Listing } from "./listing.ts";
import { regionName } from "./region.ts";

/** The listing fields whose text is searched. URLs, ids of other systems and dates are left out. */
export const LISTING_SEARCH_FIELDS = [
  "ListingId",
  "Header",
  ...LISTING_TEXT_FIELDS,
  "PLSCode",
  "listingType",
  "listingTypeDesc",
  "region",
  "area",
  "basin",
  "play",
  "location",
  "agentName",
  "agentCompanyName",
  "agentTitle",
  "agentCity",
  "agentState",
  "agentCountry2",
] as const satisfies readonly (keyof Listing)[];

export type SearchableListing = Pick<Listing, (typeof LISTING_SEARCH_FIELDS)[number]>;

const FIELD_SEPARATOR = "|";
const NOT_ALPHANUMERIC = /[^a-z0-9]+/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/** Lower-case letters and digits only; accents dropped ("Café-No. 2" → "cafeno2"). */
export function normaliseSearchText(text: string | number | null | undefined): string {
  if (text === null || text === undefined) return "";
  let value = String(text).toLowerCase();
  if (!ASCII_ONLY.test(value)) value = value.normalize("NFKD").replace(COMBINING_MARKS, "");
  return value.replace(NOT_ALPHANUMERIC, "");
}

function buildSearchText(listing: SearchableListing): string {
  const parts: string[] = [];
  for (const field of LISTING_SEARCH_FIELDS) {
    const part = normaliseSearchText(listing[field]);
    if (part) parts.push(part);
  }
  // Searching "Gulf Coast" should find deals stored with the code "GC".
  const region = normaliseSearchText(regionName(listing.region));
  if (region) parts.push(region);
  return parts.join(FIELD_SEPARATOR);
}

const searchTextCache = new WeakMap<object, string>();

/** The normalised search text of a listing (built once per listing object). */
export function listingSearchText(listing: SearchableListing): string {
  let text = searchTextCache.get(listing);
  if (text === undefined) {
    text = buildSearchText(listing);
    searchTextCache.set(listing, text);
  }
  return text;
}

/** Builds the search text of every listing now, so the first keystroke is as fast as the rest. */
export function prepareListings<T extends SearchableListing>(listings: readonly T[]): readonly T[] {
  for (const listing of listings) listingSearchText(listing);
  return listings;
}

/**
 * Whether the already-normalised query occurs in the listing's search text.
 * An empty query matches everything.
 */
export function listingMatchesNormalisedSearch(listing: SearchableListing, normalisedQuery: string): boolean {
  return normalisedQuery === "" || listingSearchText(listing).includes(normalisedQuery);
}

/** Whether a listing matches a search as typed. A query with no letters or digits matches everything. */
export function listingMatchesSearch(listing: SearchableListing, query: string | null | undefined): boolean {
  return listingMatchesNormalisedSearch(listing, normaliseSearchText(query));
}

/** Whether a search text is worth running (§5: empty text shows 'Please provide a valid search text.'). */
export function isValidSearchText(query: string | null | undefined): boolean {
  return normaliseSearchText(query) !== "";
}
