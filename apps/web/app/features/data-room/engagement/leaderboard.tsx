import {
  activityPath,
  activityQuery,
  type EngagementPart,
  type LeaderboardEntry,
  onFirstUse,
} from "@aea/domain";
import { Flame } from "lucide-react";
import { Link } from "react-router";
import { cardStyles, EmptyState } from "../../../components/staff/card";
import { type Column, DataTable } from "../../../components/staff/data-table";
import { formatDate } from "../../../lib/dates";

/**
 * One number format for every figure of the board, built on first use: toLocaleString with options
 * builds a new one at each call, some twenty a buyer (near half a second of a room's render at a
 * phone's speed).
 */
const pointsFormat = onFirstUse(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }));
const points = (n: number) => pointsFormat().format(n);

/** How a part adds up: "3 × 3 = 9", with the cap when the count went past it. */
function partSum(part: EngagementPart): string {
  const counted = part.count > part.cap ? `${part.count} (counted up to ${part.cap})` : String(part.count);
  return `${counted} × ${points(part.weight)} = ${points(part.points)}`;
}

/** Every part of a buyer's score, each with its count, weight and points, so the score explains itself. */
function ScoreParts({ parts }: { parts: EngagementPart[] }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-4 text-xs" data-testid="score-parts">
      {parts.map((part) => (
        <div key={part.key} className="contents">
          <dt className="whitespace-nowrap text-slate-650">{part.label}</dt>
          <dd className={`tabular whitespace-nowrap text-right ${part.points > 0 ? "font-semibold" : ""}`}>
            {partSum(part)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The buyer's email (the way to their events in this room) and name. */
function BuyerName({ dealId, buyer }: { dealId: number; buyer: LeaderboardEntry }) {
  return (
    <>
      <Link
        to={`${activityPath(dealId)}${activityQuery({ buyer: buyer.userId })}`}
        className="break-all font-medium text-navy-800 underline-offset-2 hover:underline"
      >
        {buyer.email}
      </Link>
      <span className="block text-slate-650 text-xs">{buyer.name}</span>
    </>
  );
}

/** The score, and "Hot lead" with its icon when it reaches the threshold. */
function Score({ buyer }: { buyer: LeaderboardEntry }) {
  return (
    <>
      <span className="font-semibold text-lg">{points(buyer.score)}</span>
      {buyer.hotLead ? (
        <span className="mt-1 flex items-center justify-end gap-1 whitespace-nowrap font-semibold text-navy-900 text-xs">
          <Flame aria-hidden size={14} className="text-amber-600" />
          Hot lead
        </span>
      ) : null}
    </>
  );
}

const gainOf = (buyer: LeaderboardEntry) => (buyer.gain > 0 ? `+${points(buyer.gain)}` : "0");

const CAPTION = "Buyers by engagement score";
const EMPTY = "No buyer has a score yet: scores are counted every 15 minutes from the room's events.";

/**
 * The room's buyers by engagement score, highest first, the hot leads marked in words and an icon: a
 * table from tablet width, and on a phone one card a buyer (a table of six columns would leave only
 * the rank and the email in view).
 */
export function Leaderboard({ dealId, buyers }: { dealId: number; buyers: LeaderboardEntry[] }) {
  const columns: Column<LeaderboardEntry>[] = [
    { key: "rank", header: "#", numeric: true, cell: (b) => buyers.indexOf(b) + 1 },
    { key: "buyer", header: "Buyer", rowHeader: true, cell: (b) => <BuyerName dealId={dealId} buyer={b} /> },
    { key: "score", header: "Score", numeric: true, cell: (b) => <Score buyer={b} /> },
    { key: "gain", header: "Last 7 days", numeric: true, cell: gainOf },
    { key: "parts", header: "Score parts", cell: (b) => <ScoreParts parts={b.parts} /> },
    {
      key: "last",
      header: "Last event",
      className: "whitespace-nowrap",
      cell: (b) => formatDate(b.lastEventAt, "moment"),
    },
  ];
  if (buyers.length === 0)
    return (
      <EmptyState boxed className="mt-3">
        {EMPTY}
      </EmptyState>
    );
  return (
    <>
      <DataTable
        caption={CAPTION}
        columns={columns}
        rows={buyers}
        rowKey={(b) => b.userId}
        empty={EMPTY}
        minWidth="min-w-[60rem]"
        className="mt-3 max-md:hidden"
      />
      <section aria-label={CAPTION} className={`mt-3 md:hidden ${cardStyles}`}>
        <ol>
          {buyers.map((b, n) => (
            <li key={b.userId} className="border-navy-100 border-t px-3 py-3 text-sm first:border-t-0">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <span className="tabular text-slate-650">{n + 1}. </span>
                  <BuyerName dealId={dealId} buyer={b} />
                </div>
                <div className="tabular shrink-0 text-right">
                  <Score buyer={b} />
                </div>
              </div>
              <p className="mt-1 text-slate-650 text-xs">
                Last 7 days <span className="tabular font-semibold text-navy-900">{gainOf(b)}</span> · Last
                event {formatDate(b.lastEventAt, "moment")}
              </p>
              {/* Folded on a phone, so the buyers can be scanned; a tap shows how the score adds up. */}
              <details className="mt-1">
                <summary className="cursor-pointer py-1 font-medium text-navy-800 text-xs">
                  Score parts
                </summary>
                <ScoreParts parts={b.parts} />
              </details>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
