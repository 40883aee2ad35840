import type { Bid, BidRound, ComparedBid, Core } from "@aea/core";
import {
  BID_ROUND_KINDS,
  BID_ROUND_STATUSES,
  BID_TEXTS,
  BID_TIME_ZONES,
  bestAndFinalApiSchema,
  bidRoomQuerySchema,
  changeBidRoundApiSchema,
  markWinnerApiSchema,
  openBidRoundApiSchema,
  submitBidApiSchema,
  unsealBidsApiSchema,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { signedInCalls } from "../shared/signed-in-calls.ts";

const round = z.object({
  id: z.number(),
  kind: z.enum(BID_ROUND_KINDS),
  status: z.enum(BID_ROUND_STATUSES),
  opensAt: z.string(),
  deadline: z.string(),
  timeZone: z.enum(BID_TIME_ZONES),
  minimum: z.number().nullable(),
  requiredDocuments: z.string().nullable(),
  winnerBidId: z.number().nullable(),
  unsealedAt: z.string().nullable(),
});
const bid = z.object({
  id: z.number(),
  revision: z.number(),
  amount: z.number(),
  effectiveDate: z.string(),
  conditions: z.string(),
  attachments: z.array(z.object({ id: z.number(), name: z.string(), size: z.number() })),
  sha256: z.string(),
  submittedAt: z.string(),
});
const comparedBid = bid.extend({
  bidderId: z.number(),
  bidderName: z.string(),
  bidderEmail: z.string(),
  company: z.string().nullable(),
  perAcre: z.number().nullable(),
  perFlowingBoe: z.number().nullable(),
  pctOfPv10: z.number().nullable(),
});
const message = z.object({ message: z.string() });

const roundBody = (r: BidRound) => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  opensAt: r.opensAt,
  deadline: r.deadline,
  timeZone: r.timeZone,
  minimum: r.minimum,
  requiredDocuments: r.requiredDocuments,
  winnerBidId: r.winnerBidId,
  unsealedAt: r.unsealedAt,
});
const bidBody = (b: Bid) => ({
  id: b.id,
  revision: b.revision,
  amount: b.amount,
  effectiveDate: b.effectiveDate,
  conditions: b.conditions,
  attachments: b.attachments,
  sha256: b.sha256,
  submittedAt: b.submittedAt,
});
const comparedBody = (b: ComparedBid) => ({
  ...bidBody(b),
  bidderId: b.bidderId,
  bidderName: b.bidderName,
  bidderEmail: b.bidderEmail,
  company: b.company,
  perAcre: b.perAcre,
  perFlowingBoe: b.perFlowingBoe,
  pctOfPv10: b.pctOfPv10,
});

/**
 * Bids and indications of interest (issue 23). Every call answers only inside a room the viewer may
 * open (404 otherwise); bidding needs the listing's signed agreement; rounds, the comparison and its
 * decisions are staff's (403 for a buyer). A sealed round's bids answer 403 BIDS_SEALED to everyone
 * before its deadline unless an admin opened them early (Unseal). Writes are refused while viewing as.
 */
export async function dataRoomBidRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const { post, get } = signedInCalls(app, ["Data-room bids"]);
  const bids = core.dataRoomBids;

  get(
    "/api/data-room-bids/Room",
    {
      summary: "The listing's bid round and the viewer's own bids (buyers) or the bidder count (staff)",
      description:
        "A buyer gets every revision of their own bid, newest first, with its SHA-256, and `cannotBid` (no agreement, not open yet, deadline passed). Staff get `bidders` and, unless sealed, the bids side by side (`sealed` says until when they are not).",
    },
    bidRoomQuerySchema,
    z.object({
      round: round.nullable(),
      mine: z.array(bid).optional(),
      cannotBid: z.string().nullable().optional(),
      bidders: z.number().optional(),
      sealed: z.string().nullable().optional(),
      bids: z.array(comparedBid).optional(),
    }),
    async (user, { listingId }) => {
      const view = await bids.view(user, listingId);
      const r = view.round && roundBody(view.round);
      if (!view.isStaff) return { round: r, mine: view.mine.map(bidBody), cannotBid: view.cannotBid };
      return { round: r, bidders: view.bidders, sealed: view.sealed, bids: view.bids.map(comparedBody) };
    },
  );

  post(
    "/api/data-room-bids/OpenRound",
    {
      summary: "Open a round of indications of interest or sealed bids (staff)",
      description:
        "opensAt and deadline are wall-clock times (YYYY-MM-DDTHH:mm) in timeZone. 409 BID_ROUND_RUNNING while the last round takes bids.",
    },
    openBidRoundApiSchema,
    z.object({ message: z.string(), round }),
    async (user, { listingId, ...input }, ip) => ({
      message: BID_TEXTS.opened,
      round: roundBody(await bids.openRound(user, listingId, input, ip)),
    }),
  );

  post(
    "/api/data-room-bids/ChangeRound",
    {
      summary: "Move a running round's opening or deadline, or change its minimum (staff)",
      description:
        "opensAt and deadline are wall-clock times (YYYY-MM-DDTHH:mm) in the round's time zone; a blank minimum removes it. 409 BIDS_CLOSED once the deadline has passed or a winner was marked; an opening that has come cannot move. The round's bidders are mailed a moved deadline.",
    },
    changeBidRoundApiSchema,
    z.object({ message: z.string(), round }),
    async (user, { listingId, ...input }, ip) => ({
      message: BID_TEXTS.changed,
      round: roundBody(await bids.changeRound(user, listingId, input, ip)),
    }),
  );

  post(
    "/api/data-room-bids/Submit",
    {
      summary: "Bid, or revise one's bid, until the deadline (a buyer who signed the agreement)",
      description:
        "amount in US dollars (more than 0, at most $100,000,000,000, cents at most); attachments are ids of files the buyer sent through Secure Files. 403 without an agreement, 409 BIDS_NOT_OPEN / BIDS_CLOSED outside the round's dates. The reply is the receipt: the revision and the SHA-256 of what was received (also mailed).",
    },
    submitBidApiSchema,
    z.object({ message: z.string(), bid }),
    async (user, { listingId, ...input }, ip) => ({
      message: BID_TEXTS.submitted,
      bid: bidBody(await bids.submit(user, listingId, input, ip)),
    }),
  );

  get(
    "/api/data-room-bids/Compare",
    {
      summary: "The standing bids side by side: amount, $/acre, $/flowing BOE per day, % of PV10 (staff)",
      description:
        "Measures come from the listing's facts where it states them (null otherwise). 403 BIDS_SEALED before a sealed round's deadline.",
    },
    bidRoomQuerySchema,
    z.object({ round, bids: z.array(comparedBid) }),
    async (user, { listingId }) => {
      const compared = await bids.compare(user, listingId);
      return { round: roundBody(compared.round), bids: compared.bids.map(comparedBody) };
    },
  );

  post(
    "/api/data-room-bids/Unseal",
    {
      summary: "Open a sealed round's bids before the deadline (admin; audited, every bidder is mailed)",
    },
    unsealBidsApiSchema,
    message,
    async (user, { listingId, reason }, ip) => {
      await bids.unseal(user, listingId, reason, ip);
      return { message: BID_TEXTS.unsealed };
    },
  );

  post(
    "/api/data-room-bids/Winner",
    { summary: "Mark the winning bid, after the deadline (staff)" },
    markWinnerApiSchema,
    message,
    async (user, { listingId, bidId }, ip) => {
      await bids.markWinner(user, listingId, bidId, ip);
      return { message: BID_TEXTS.winnerMarked };
    },
  );

  post(
    "/api/data-room-bids/BestAndFinal",
    {
      summary: "Ask the round's bidders for best and final, until a new deadline (staff)",
      description: "deadline is a wall-clock time (YYYY-MM-DDTHH:mm) in the round's time zone.",
    },
    bestAndFinalApiSchema,
    message,
    async (user, { listingId, deadline }, ip) => {
      await bids.bestAndFinal(user, listingId, deadline, ip);
      return { message: BID_TEXTS.bestAndFinalAsked };
    },
  );
}
