import { demoAccessCode, type ExclusiveDealContact, type Listing } from "@aea/domain";
import { randomAccessCode } from "../data-rooms/access-codes/random-access-code.ts";

/**
 * In a local demo every demo listing with a data room opens with the predictable DD-{ListingId}
 * (README); a deployment seeded with the demo deals gets random codes like any listing. Every fifth
 * of them is an exclusive deal whose contact is its agent (two phones and an email, spec §2).
 */
export function demoDataRoomSettings(listings: readonly Listing[], { localDemo }: { localDemo: boolean }) {
  return listings
    .filter((listing) => listing.hasVDR)
    .map((listing, index) => ({
      ListingId: listing.ListingId,
      accessCode: localDemo ? demoAccessCode(listing.ListingId) : randomAccessCode(),
      exclusiveContact: index % 5 === 0 ? exclusiveContactOf(listing) : null,
    }));
}

function exclusiveContactOf(listing: Listing): ExclusiveDealContact | null {
  const { agentName, agentPhone, agentDirectPhone, agentEmail } = listing;
  if (!agentName || !agentPhone || !agentEmail) return null;
  return { name: agentName, phone: agentPhone, phone2: agentDirectPhone, email: agentEmail };
}
