import { defaultAccessCode, type ExclusiveDealContact, type Listing } from "@aea/domain";

/**
 * Every demo listing with a data room opens with DD-{ListingId} (README); every fifth of them is an
 * exclusive deal whose contact is its agent (two phones and an email, spec §2).
 */
export function demoDataRoomSettings(listings: readonly Listing[]) {
  return listings
    .filter((listing) => listing.hasVDR)
    .map((listing, index) => ({
      ListingId: listing.ListingId,
      accessCode: defaultAccessCode(listing.ListingId),
      exclusiveContact: index % 5 === 0 ? exclusiveContactOf(listing) : null,
    }));
}

function exclusiveContactOf(listing: Listing): ExclusiveDealContact | null {
  const { agentName, agentPhone, agentDirectPhone, agentEmail } = listing;
  if (!agentName || !agentPhone || !agentEmail) return null;
  return { name: agentName, phone: agentPhone, phone2: agentDirectPhone, email: agentEmail };
}
