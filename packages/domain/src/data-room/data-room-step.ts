import type { SessionUser } from "../accounts/roles.ts";
import type { Listing } from "../listing/listing.ts";
import { mayViewListing } from "../listing/listing-media.ts";
import { isSold } from "../listing/status.ts";

/**
 * Where a viewer stands on the way into a listing's data room:
 * - `not-found`: no data room, or a listing the viewer may not see (the same 404 as a missing one);
 * - `sign-in`: an anonymous visitor must log in first;
 * - `access-code`: a buyer must enter the listing's access code (or ask staff for one);
 * - `agreement`: a buyer must sign the listing's confidentiality agreement;
 * - `open`: the buyer (or staff) is in.
 */
export type DataRoomStep = "not-found" | "sign-in" | "access-code" | "agreement" | "open";

export interface DataRoomViewer {
  user: Pick<SessionUser, "isAdmin" | "privateListingIds"> | null;
  /** Staff granted this buyer the data room, or the buyer entered its access code. */
  hasDataRoomGrant: boolean;
  /** This buyer signed this listing's confidentiality agreement. */
  hasSignedAgreement: boolean;
}

export function dataRoomStep(
  listing: Pick<
    Listing,
    "ListingId" | "isPrivate" | "hasVDR" | "requiresDueDiligenceAccess" | "status" | "sold"
  >,
  viewer: DataRoomViewer,
  { agreementRequired }: { agreementRequired: boolean },
): DataRoomStep {
  if (!listing.hasVDR || !mayViewListing(listing, viewer.user)) return "not-found";
  if (!viewer.user) return "sign-in";
  if (viewer.user.isAdmin) return "open";
  if (listing.requiresDueDiligenceAccess && !viewer.hasDataRoomGrant) {
    // A sold deal takes no new buyers; those already in keep their documents.
    return isSold(listing) ? "not-found" : "access-code";
  }
  if (agreementRequired && !viewer.hasSignedAgreement) return "agreement";
  return "open";
}

/** The data room of a listing. */
export const dataRoomPath = (listingId: number): string => `/deals/${listingId}/data-room`;
/** Where a buyer reads and signs the listing's confidentiality agreement. */
export const agreementPath = (listingId: number): string => `/deals/${listingId}/data-room/agreement`;
/** The deal page with its access-code dialog open (where a buyer without a grant is sent). */
export const accessCodePath = (listingId: number): string => `/deals/${listingId}?dataRoom=access-code`;

/** Where a viewer at `step` goes when they ask for the data room (null: answer 404). */
export function dataRoomEntryRedirect(listingId: number, step: DataRoomStep): string | null {
  switch (step) {
    case "not-found":
      return null;
    case "sign-in":
      return `/login?redirectTo=${encodeURIComponent(dataRoomPath(listingId))}`;
    case "access-code":
      return accessCodePath(listingId);
    case "agreement":
      return agreementPath(listingId);
    case "open":
      return dataRoomPath(listingId);
  }
}
