import type { BidRoundKind, BidRoundStatus, BidTimeZone, ListingBidFacts } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";

/** What the bids page's action answers: which form, its result and a notice. */
export interface BidsAction {
  intent: "bid" | "open" | "change-round" | "unseal" | "winner" | "best-and-final";
  result?: SubmissionResult<string[]>;
  notice?: string;
  /** Why a button without fields (mark as winner) was refused. */
  error?: string;
}

export interface Round {
  id: number;
  kind: BidRoundKind;
  status: BidRoundStatus;
  opensAt: string;
  deadline: string;
  timeZone: BidTimeZone;
  minimum: number | null;
  requiredDocuments: string | null;
  winnerBidId: number | null;
  unsealedAt: string | null;
}

export interface OwnBid {
  id: number;
  revision: number;
  amount: number;
  effectiveDate: string;
  conditions: string;
  attachments: { id: number; name: string; size: number }[];
  sha256: string;
  submittedAt: string;
}

export interface ComparedBid extends OwnBid {
  bidderName: string;
  bidderEmail: string;
  company: string | null;
  perAcre: number | null;
  perFlowingBoe: number | null;
  pctOfPv10: number | null;
}

interface Common {
  deal: { id: number; header: string };
  round: Round | null;
}

export type BidsData =
  | (Common & {
      role: "buyer";
      mine: OwnBid[];
      cannotBid: string | null;
      secureFiles: { id: number; name: string }[];
    })
  | (Common & {
      role: "staff";
      bidders: number;
      sealed: string | null;
      facts: ListingBidFacts;
      bids: ComparedBid[];
      /** The deadline has passed (or the bids were opened early): staff may decide. */
      decided: boolean;
    });
