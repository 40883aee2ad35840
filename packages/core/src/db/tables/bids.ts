import type { Generated } from "kysely";

export interface BidRoundRow {
  id: Generated<number>;
  ListingId: number;
  kind: string;
  status: string;
  opensAt: string;
  deadline: string;
  timeZone: string;
  minimum: number | null;
  requiredDocuments: string | null;
  winnerBidId: number | null;
  unsealedAt: string | null;
  unsealedBy: number | null;
  openedBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface BidRow {
  id: Generated<number>;
  roundId: number;
  ListingId: number;
  bidderId: number;
  revision: number;
  amount: number;
  effectiveDate: string;
  conditions: string;
  /** JSON: [{ id, name, size }] of the Secure Files attached. */
  attachments: string;
  sha256: string;
  submittedAt: string;
}

/** Bid rounds and every revision of every bid (since migration 032). */
export interface BidTables {
  bid_rounds: BidRoundRow;
  bids: BidRow;
}
