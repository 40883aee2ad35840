import type { BidMeasures, ListingBidFacts } from "@aea/domain";
import type { Bid, BidRound, StaffBid } from "./bid.repository.ts";

/** What a buyer sees of the room's bidding: the round, their own revisions, and why they may not bid. */
export interface BuyerBidsView {
  isStaff: false;
  round: BidRound | null;
  mine: Bid[];
  cannotBid: string | null;
}

/** What staff see: the round, how many have bid, and the bids side by side once they may be read. */
export interface StaffBidsView {
  isStaff: true;
  round: BidRound | null;
  bidders: number;
  /** Why the bids cannot be read yet (a sealed round before its deadline), if so. */
  sealed: string | null;
  facts: ListingBidFacts;
  bids: ComparedBid[];
  /** The deadline passed (or the bids were opened early): staff may mark a winner or ask again. */
  decided: boolean;
}

export type ComparedBid = StaffBid & BidMeasures;
