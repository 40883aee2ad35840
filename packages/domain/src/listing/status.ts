/**
 * Listing status (§3, §4 "Listing status"): the one list of statuses staff choose from, what each
 * is called on the site, and whether a deal is on the public market.
 *
 * A listing is sold when its status is SOLD or its `sold` flag is set; closing when its
 * status is CLOSING (an offer is pending); pulled when PULLED; anything else is an
 * active deal. Status text is compared ignoring case and surrounding spaces. The
 * stored `IsActiveDeal` flag is not consulted: the status is the one truth here.
 */
import type { Listing } from "./listing.ts";

/**
 * The statuses staff set, with the statusId and default webStatus each carries and the name people
 * see (§4). The spec names no label for PULLED; "Pulled From Market" says what happened without jargon.
 */
export const LISTING_STATUSES = {
  ACTIVE: { statusId: 1, webStatus: "Active", name: "Active Deal" },
  CLOSING: { statusId: 2, webStatus: "Closing", name: "Active Offer Pending" },
  SOLD: { statusId: 3, webStatus: "Sold", name: "Sold By Agent" },
  PULLED: { statusId: 4, webStatus: "Pulled", name: "Pulled From Market" },
  "PRE-MARKETING": { statusId: 5, webStatus: "Pre-Marketing", name: "Active Deal" },
} as const;
export type ListingStatusCode = keyof typeof LISTING_STATUSES;
export const LISTING_STATUS_CODES = Object.keys(LISTING_STATUSES) as ListingStatusCode[];

type StatusFields = Pick<Listing, "status"> & Partial<Pick<Listing, "sold">>;

/** The status code of a stored status text (case and spaces ignored; an unknown one reads as active). */
export function statusCodeOf(status: string | null | undefined): ListingStatusCode {
  const code = (status ?? "").trim().toUpperCase();
  return Object.hasOwn(LISTING_STATUSES, code) ? (code as ListingStatusCode) : "ACTIVE";
}

/** The friendly name of a status text. */
export function statusName(status: string | null | undefined): string {
  return LISTING_STATUSES[statusCodeOf(status)].name;
}

/** The friendly name of a listing's status (a listing flagged sold reads Sold By Agent). */
export function listingStatusName(listing: StatusFields): string {
  return statusName(isSold(listing) ? "SOLD" : listing.status);
}

export function isSold(listing: StatusFields): boolean {
  return listing.sold === true || statusCodeOf(listing.status) === "SOLD";
}

export function isClosing(listing: StatusFields): boolean {
  return !isSold(listing) && statusCodeOf(listing.status) === "CLOSING";
}

export function isPulled(listing: StatusFields): boolean {
  return !isSold(listing) && statusCodeOf(listing.status) === "PULLED";
}

/** Neither sold, closing nor pulled. */
export function isActive(listing: StatusFields): boolean {
  return !isSold(listing) && !isClosing(listing) && !isPulled(listing);
}

/**
 * On the public market: a deal anyone may open (not private, not a research study) that is still to
 * be had (active). The one test of whether buyers are told about a deal — deal-alert mails, when a
 * save files them and when their jobs run, and new-deal push notifications.
 */
export function isOnPublicMarket(listing: StatusFields & Pick<Listing, "isPrivate" | "isStudy">): boolean {
  return !listing.isPrivate && !listing.isStudy && isActive(listing);
}
