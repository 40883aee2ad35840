/**
 * Deal sort order (§4 "Deals are sorted with active deals first, then by the chosen
 * field, with a reverse toggle"; §9 "Sort types").
 *
 * Listings fall in three bands that never mix: active deals, then the rest (closing,
 * pulled), then sold deals. Within a band they are ordered by the chosen field;
 * `reverse` flips only that field order, never the bands. Listings with no value for
 * the field come last in their band either way. The sort is stable.
 *
 * With no sort chosen, listings follow the firm's own order (`RowNumber`, set by the
 * admin Reorder Deals tool), newest first where that is equal or missing.
 */

import { onFirstUse } from "../on-first-use.ts";
import type { Listing } from "./listing.ts";
import { isActive, isSold } from "./status.ts";

export const SORT_TYPES = ["date", "type", "header"] as const;
export type SortType = (typeof SORT_TYPES)[number];

export interface SortOption {
  value: SortType;
  label: string;
  field: "dateListed" | "PLSCode" | "Header";
  /** The label of the forward order (reverse off). */
  forwardLabel: string;
  /** The label of the reverse order. */
  reverseLabel: string;
}

export const SORT_OPTIONS: readonly SortOption[] = [
  {
    value: "date",
    label: "Date",
    field: "dateListed",
    forwardLabel: "Newest First",
    reverseLabel: "Oldest First",
  },
  { value: "type", label: "Color", field: "PLSCode", forwardLabel: "A-Z", reverseLabel: "Z-A" },
  { value: "header", label: "Name", field: "Header", forwardLabel: "A-Z", reverseLabel: "Z-A" },
];

export function isSortType(value: unknown): value is SortType {
  return typeof value === "string" && (SORT_TYPES as readonly string[]).includes(value);
}

export function sortOption(sort: SortType): SortOption {
  return SORT_OPTIONS.find((option) => option.value === sort) as SortOption;
}

/** The label of a sort and direction, e.g. "Newest First", "Z-A". */
export function sortLabel(sort: SortType, reverse: boolean): string {
  const option = sortOption(sort);
  return reverse ? option.reverseLabel : option.forwardLabel;
}

export type SortableListing = Pick<Listing, "status" | "dateListed" | "PLSCode" | "Header" | "RowNumber"> &
  Partial<Pick<Listing, "sold">>;

const textCollator = onFirstUse(() => new Intl.Collator("en", { sensitivity: "base", numeric: true }));
const compareText = (a: string, b: string) => textCollator().compare(a, b);

/** The three bands of every order, first to last: active deals, closing or pulled deals, sold deals. */
export const FEATURED_BANDS = ["active", "other", "sold"] as const;
export type FeaturedBand = (typeof FEATURED_BANDS)[number];

export function featuredBand(listing: Pick<SortableListing, "status" | "sold">): FeaturedBand {
  if (isSold(listing)) return "sold";
  return isActive(listing) ? "active" : "other";
}

function band(listing: SortableListing): number {
  return FEATURED_BANDS.indexOf(featuredBand(listing));
}

function dateValue(text: string | null): number | null {
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : time;
}

function textValue(text: string | null): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** Orders two present values of the field in the forward direction. */
type FieldOrder<K> = (a: K, b: K) => number;

interface Decorated<T, K> {
  listing: T;
  band: number;
  key: K | null;
  tie: number | null;
  index: number;
}

function sortBy<T extends SortableListing, K>(
  listings: readonly T[],
  keyOf: (listing: T) => K | null,
  order: FieldOrder<K>,
  reverse: boolean,
  tieOf: (listing: T) => number | null = () => null,
): T[] {
  const direction = reverse ? -1 : 1;
  const decorated: Decorated<T, K>[] = listings.map((listing, index) => ({
    listing,
    band: band(listing),
    key: keyOf(listing),
    tie: tieOf(listing),
    index,
  }));
  decorated.sort((a, b) => {
    if (a.band !== b.band) return a.band - b.band;
    if (a.key !== b.key) {
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      const byField = order(a.key, b.key) * direction;
      if (byField !== 0) return byField;
    }
    if (a.tie !== b.tie) {
      if (a.tie === null) return 1;
      if (b.tie === null) return -1;
      return (b.tie - a.tie) * direction;
    }
    return a.index - b.index;
  });
  return decorated.map((entry) => entry.listing);
}

/**
 * A sorted copy of the listings: active first, sold last, by the chosen field in
 * between. `date` is newest first (reverse: oldest first); `type` and `header` are
 * A-Z (reverse: Z-A); no sort is the firm's own order (reverse flips it).
 */
export function sortListings<T extends SortableListing>(
  listings: readonly T[],
  sort?: SortType,
  reverse = false,
): T[] {
  switch (sort) {
    case "date":
      return sortBy(
        listings,
        (l) => dateValue(l.dateListed),
        (a, b) => b - a,
        reverse,
      );
    case "type":
      return sortBy(listings, (l) => textValue(l.PLSCode), compareText, reverse);
    case "header":
      return sortBy(listings, (l) => textValue(l.Header), compareText, reverse);
    default:
      return sortBy(
        listings,
        (l) => l.RowNumber,
        (a, b) => a - b,
        reverse,
        (l) => dateValue(l.dateListed),
      );
  }
}
