/**
 * Listing status (§3, §4 "Listing status").
 *
 * A listing is sold when its status is SOLD or its `sold` flag is set; closing when its
 * status is CLOSING (an offer is pending); pulled when PULLED; anything else is an
 * active deal. Status text is compared ignoring case and surrounding spaces. The
 * stored `IsActiveDeal` flag is not consulted: the status is the one truth here.
 */
import type { Listing } from "./listing.ts";

export const ListingStatus = {
  Sold: "SOLD",
  Closing: "CLOSING",
  Pulled: "PULLED",
} as const;
export type ListingStatus = (typeof ListingStatus)[keyof typeof ListingStatus];

export const ACTIVE_DEAL = "Active Deal";
export const SOLD_BY_AGENT = "Sold By Agent";
export const ACTIVE_OFFER_PENDING = "Active Offer Pending";
/** The spec names no label for PULLED; this one says what happened without jargon. */
export const PULLED_FROM_MARKET = "Pulled From Market";

type StatusFields = Pick<Listing, "status"> & Partial<Pick<Listing, "sold">>;

function normalisedStatus(status: string | null | undefined): string {
  return (status ?? "").trim().toUpperCase();
}

/** The friendly name of a status text. */
export function statusName(status: string | null | undefined): string {
  switch (normalisedStatus(status)) {
    case ListingStatus.Sold:
      return SOLD_BY_AGENT;
    case ListingStatus.Closing:
      return ACTIVE_OFFER_PENDING;
    case ListingStatus.Pulled:
      return PULLED_FROM_MARKET;
    default:
      return ACTIVE_DEAL;
  }
}

/** The friendly name of a listing's status (a listing flagged sold reads Sold By Agent). */
export function listingStatusName(listing: StatusFields): string {
  return isSold(listing) ? SOLD_BY_AGENT : statusName(listing.status);
}

export function isSold(listing: StatusFields): boolean {
  return listing.sold === true || normalisedStatus(listing.status) === ListingStatus.Sold;
}

export function isClosing(listing: StatusFields): boolean {
  return !isSold(listing) && normalisedStatus(listing.status) === ListingStatus.Closing;
}

export function isPulled(listing: StatusFields): boolean {
  return !isSold(listing) && normalisedStatus(listing.status) === ListingStatus.Pulled;
}

/** Neither sold, closing nor pulled. */
export function isActive(listing: StatusFields): boolean {
  if (isSold(listing)) return false;
  const status = normalisedStatus(listing.status);
  return status !== ListingStatus.Closing && status !== ListingStatus.Pulled;
}
