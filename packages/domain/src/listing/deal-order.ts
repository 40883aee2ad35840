/**
 * The firm's own order of the public deals (admin Reorder Deals; §9 "Sort types": the default
 * 'Featured' order). Staff order deals within their band (see `featuredBand`): a sold deal never
 * rises above an active one, so a move only swaps neighbours of the same band, and a saved order
 * gives every deal its position as `RowNumber`.
 */
import { type FeaturedBand, featuredBand, type SortableListing } from "./sort.ts";

export type MoveDirection = "up" | "down";

export const FEATURED_BAND_TITLES: Readonly<Record<FeaturedBand, string>> = {
  active: "Active deals",
  other: "Offer pending or pulled",
  sold: "Sold deals",
};

export const DEAL_ORDER_TEXTS = {
  stale: "Someone else reordered the deals meanwhile. This is the order now; make your change again.",
  mixedBands:
    "A deal can only move among deals of the same status: active, offer pending or pulled, or sold.",
  cannotMove: "That deal is already first or last among the deals of its status.",
  saved: "The new order is saved and the public list follows it.",
  undone: "The last move is undone.",
} as const;

type OrderedListing = Pick<SortableListing, "status" | "sold"> & { ListingId: number };

/**
 * The order after moving one deal a place up or down among its band, or null when it cannot
 * move that way (first or last of its band, or not in the list).
 */
export function moveDeal(
  order: readonly OrderedListing[],
  listingId: number,
  direction: MoveDirection,
): number[] | null {
  const from = order.findIndex((listing) => listing.ListingId === listingId);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return null;
  if (featuredBand(order[from]) !== featuredBand(order[to])) return null;
  const ids = order.map((listing) => listing.ListingId);
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return ids;
}

/**
 * Whether `ids` is an order of exactly these deals that keeps every band in place (a drag can
 * only stay within its band; anything else is an order built from another list).
 */
export function keepsBands(current: readonly OrderedListing[], ids: readonly number[]): boolean {
  if (ids.length !== current.length) return false;
  const byId = new Map(current.map((listing) => [listing.ListingId, listing]));
  if (new Set(ids).size !== ids.length) return false;
  return ids.every((id, index) => {
    const listing = byId.get(id);
    return listing !== undefined && featuredBand(listing) === featuredBand(current[index]);
  });
}
