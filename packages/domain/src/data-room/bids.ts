import { formatPrice } from "../format.ts";

// Bids and indications of interest (issue 23 item 2): the words, the rules and the figures both the
// pages and the API use.

export const BID_ROUND_KINDS = ["indication", "sealed"] as const;
export type BidRoundKind = (typeof BID_ROUND_KINDS)[number];
export const BID_ROUND_KIND_LABELS: Record<BidRoundKind, string> = {
  indication: "Indication of interest",
  sealed: "Sealed bid",
};

/**
 * The zones a round's dates are set and shown in. A listing carries no zone of its own, so staff
 * choose the one its buyers read deadlines in (decision 041); Central, the firm's, comes first.
 */
export const BID_TIME_ZONES = [
  "America/Chicago",
  "America/Denver",
  "America/New_York",
  "America/Los_Angeles",
  "America/Edmonton",
  "UTC",
] as const;
export type BidTimeZone = (typeof BID_TIME_ZONES)[number];
export const BID_TIME_ZONE_LABELS: Record<BidTimeZone, string> = {
  "America/Chicago": "Central (Houston, Oklahoma City)",
  "America/Denver": "Mountain (Denver)",
  "America/New_York": "Eastern (New York)",
  "America/Los_Angeles": "Pacific (Los Angeles)",
  "America/Edmonton": "Mountain, Canada (Calgary)",
  UTC: "UTC",
};

/** More than this in one bid is a typing slip, not an offer (the largest U.S. A&D deals are ~$60B). */
export const BID_MAX_AMOUNT = 100_000_000_000;
export const BID_CONDITIONS_MAX_LENGTH = 4000;
export const BID_ATTACHMENTS_MAX = 10;

export const BID_TEXTS = {
  title: "Bids",
  noRound: "No bid round is open for this deal.",
  decided: "This round is closed: staff have made their decision, and will be in touch.",
  noRoundStaff: "No bid round yet. Open one to take indications of interest or sealed bids.",
  openTitle: "Open a bid round",
  openButton: "Open the round",
  opened: "The bid round is open. Buyers who signed the agreement can bid from now until the deadline.",
  bidTitle: "Your bid",
  submitButton: "Submit bid",
  reviseButton: "Submit revised bid",
  submitted: "Your bid was received. Your receipt is below, and we emailed you a copy.",
  receiptTitle: "Receipt",
  revisionsTitle: "Your revisions",
  noAgreement: "Sign this deal's confidentiality agreement before bidding.",
  notOpenYet: (opens: string) => `Bids are taken from ${opens}.`,
  closed: (deadline: string) =>
    `The bid deadline passed on ${deadline}: no more bids or revisions are taken.`,
  belowMinimum: (minimum: string) => `The minimum bid for this round is $${minimum}.`,
  revisedAtOnce: "Another revision of your bid arrived at the same moment; reload to see which one stands.",
  roundRunning: "A bid round is still running for this deal; wait for its deadline before opening another.",
  staffOnly: "Only staff run bid rounds.",
  buyersBid: "Staff run bid rounds; buyers bid.",
  sealed: (deadline: string) =>
    `Sealed bids stay closed until the deadline (${deadline}). An admin may open them early, and every bidder is told.`,
  unsealTitle: "Open the sealed bids early",
  unsealButton: "Open sealed bids now",
  unsealed: "The sealed bids are open. Every bidder has been told.",
  unsealedNotice: (when: string) =>
    `Staff opened the sealed bids of this round early, on ${when}. The opening is in the audit trail.`,
  compareTitle: "Bids side by side",
  noBids: "No bids in this round.",
  winnerMarked: "Winning bid marked.",
  winnerButton: "Mark as winner",
  winnerBadge: "Winner",
  notYourRound: "Choose a bid of this round.",
  bestAndFinalTitle: "Ask for best and final",
  bestAndFinalButton: "Ask for best and final",
  bestAndFinalAsked: "Best and final asked: the bidders may revise until the new deadline.",
  bestAndFinalOnlyBidders: "This round now takes best and final offers from its bidders only.",
  deadlineBeforeOpens: "The deadline must be after the round opens.",
  deadlineInPast: "The deadline must be in the future.",
  changeTitle: "Change the round's dates",
  changeButton: "Save the round's dates",
  changed: "The round's dates are saved. Buyers who have bid are emailed a moved deadline.",
  roundOver: "This round's deadline has passed: its dates can no longer be changed.",
  openedAlready: (opened: string) => `The round opened on ${opened}: its opening can no longer be moved.`,
  chosenDeadlinePassed: (deadline: string) =>
    `The deadline you chose, ${deadline}, has already passed. Choose a later one.`,
  deadlineMoved: (from: string, to: string) =>
    `The bid deadline moved from ${from} to ${to}. You may revise your bid until the new deadline.`,
  noAttachment: "Choose files you sent through Secure Files.",
  requiredDocuments: "Documents to include",
} as const;

/** A round's status: taking bids, taking best-and-final offers from its bidders, or awarded. */
export const BID_ROUND_STATUSES = ["open", "best-and-final", "awarded"] as const;
export type BidRoundStatus = (typeof BID_ROUND_STATUSES)[number];

/** "$12,500,000.00" */
export function bidAmountText(amount: number): string {
  return `$${formatPrice(amount)}`;
}

function zoneParts(at: number, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  return Object.fromEntries(parts.filter((p) => p.type !== "literal").map((p) => [p.type, Number(p.value)]));
}

/** How far `timeZone` is ahead of UTC at the instant `at`, in milliseconds. */
function zoneOffset(at: number, timeZone: string): number {
  const p = zoneParts(at, timeZone);
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second) - (at - (at % 1000));
}

/**
 * A wall-clock time typed in a zone ("2031-06-20T17:00", seconds optional) as the instant it names, ISO in UTC; null
 * when it is not a date and time. Corrected once for a change of daylight saving between the guess
 * and the answer.
 */
export function zonedTimeToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, sec] = match.map(Number);
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, Number.isNaN(sec) ? 0 : sec);
  if (Number.isNaN(wall)) return null;
  let at = wall - zoneOffset(wall, timeZone);
  at = wall - zoneOffset(at, timeZone);
  const back = new Date(wall).toISOString().slice(0, local.length);
  return back === local ? new Date(at).toISOString() : null;
}

/** An instant as the zone's wall clock, the way a date-and-time field holds it: "2031-06-20T17:00". */
export function zonedTimeInput(iso: string, timeZone: string): string {
  const p = zoneParts(Date.parse(iso), timeZone);
  const two = (n: number | undefined) => String(n ?? 0).padStart(2, "0");
  const seconds = p.second ? `:${two(p.second)}` : "";
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}${seconds}`;
}

/** An instant as buyers read it in the round's zone: "2031-06-20 17:00 CDT". */
export function zonedTimeText(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  const p = zoneParts(at, timeZone);
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(new Date(at))
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  const two = (n: number | undefined) => String(n ?? 0).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)} ${name}`;
}

/** The figures of a listing a bid is measured against, where its facts state them. */
export interface ListingBidFacts {
  netAcres: number | null;
  /** Flowing production, barrels of oil equivalent per day (gas at 6 Mcf per BOE). */
  boePerDay: number | null;
  /** The reserves' PV10 in dollars. */
  pv10: number | null;
}

const number = (text: string) => Number(text.replace(/,/g, ""));
const MULTIPLIER: Record<string, number> = { K: 1e3, M: 1e6, MM: 1e6, B: 1e9 };

/**
 * Reads the facts from the listing's own lines ("2,350 Net Acres", "1,250 BOEPD", "4.2 MMcfe/d",
 * "PV10 $45MM"); a fact the listing does not state stays null, and its column shows nothing.
 */
export function listingBidFacts(listing: {
  Header: string;
  prod: string | null;
  reserves: string | null;
  other1?: string | null;
  other2?: string | null;
}): ListingBidFacts {
  const text = [listing.Header, listing.prod, listing.reserves, listing.other1, listing.other2]
    .filter(Boolean)
    .join(" \n ");
  const acres = /([\d,]+(?:\.\d+)?)\s*Net Acres/i.exec(text);
  const boe = /([\d,]+(?:\.\d+)?)\s*BOE(?:PD|\/d)/i.exec(text);
  const mmcfe = /([\d,]+(?:\.\d+)?)\s*MMcfe\/d/i.exec(text);
  const pv10 = /PV-?10\s*(?:of\s*)?\$([\d,]+(?:\.\d+)?)\s*(K|MM|M|B)?/i.exec(text);
  const boePerDay = boe?.[1] ? number(boe[1]) : mmcfe?.[1] ? (number(mmcfe[1]) * 1000) / 6 : null;
  return {
    netAcres: acres?.[1] ? number(acres[1]) : null,
    boePerDay: boePerDay && boePerDay > 0 ? boePerDay : null,
    pv10: pv10?.[1] ? number(pv10[1]) * (MULTIPLIER[(pv10[2] ?? "").toUpperCase()] ?? 1) : null,
  };
}

/** A bid measured against the listing: $/acre, $/flowing BOE per day, % of PV10 (null where unknown). */
export interface BidMeasures {
  perAcre: number | null;
  perFlowingBoe: number | null;
  pctOfPv10: number | null;
}

export function bidMeasures(amount: number, facts: ListingBidFacts): BidMeasures {
  const per = (by: number | null) => (by && by > 0 ? amount / by : null);
  const pv10 = per(facts.pv10);
  return { perAcre: per(facts.netAcres), perFlowingBoe: per(facts.boePerDay), pctOfPv10: pv10 && pv10 * 100 };
}

export const bidsPath = (listingId: number): string => `/deals/${listingId}/data-room/bids`;

/**
 * What a bid's receipt hashes: the bid as submitted, in a fixed order of fields, so the buyer (or
 * anyone they show it to) can recompute the SHA-256 from the receipt's own lines.
 */
export function bidReceiptText(bid: {
  listingId: number;
  roundId: number;
  bidderId: number;
  revision: number;
  amount: number;
  effectiveDate: string;
  conditions: string;
  attachments: readonly { id: number; name: string; size: number }[];
  submittedAt: string;
}): string {
  return JSON.stringify({
    listingId: bid.listingId,
    roundId: bid.roundId,
    bidderId: bid.bidderId,
    revision: bid.revision,
    amountUsd: bid.amount.toFixed(2),
    effectiveDate: bid.effectiveDate,
    conditions: bid.conditions,
    attachments: bid.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size })),
    submittedAt: bid.submittedAt,
  });
}
