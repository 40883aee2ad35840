import { activityPath, activityQuery, type EngagementPart } from "@aea/domain";
import { Flame } from "lucide-react";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/staff/data-table";
import { formatDate } from "../../../lib/dates";

export interface LeaderboardRow {
  userId: number;
  name: string;
  email: string;
  score: number;
  gain: number;
  parts: EngagementPart[];
  hotLead: boolean;
  lastEventAt: string;
}

const points = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

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

/** The room's buyers by engagement score, highest first, the hot leads marked in words and an icon. */
export function Leaderboard({ dealId, buyers }: { dealId: number; buyers: LeaderboardRow[] }) {
  const columns: Column<LeaderboardRow>[] = [
    { key: "rank", header: "#", numeric: true, cell: (b) => buyers.indexOf(b) + 1 },
    {
      key: "buyer",
      header: "Buyer",
      rowHeader: true,
      cell: (b) => (
        <>
          <Link
            to={`${activityPath(dealId)}${activityQuery({ buyer: b.userId })}`}
            className="font-medium text-navy-800 underline-offset-2 hover:underline"
          >
            {b.email}
          </Link>
          <span className="block text-slate-650 text-xs">{b.name}</span>
        </>
      ),
    },
    {
      key: "score",
      header: "Score",
      numeric: true,
      cell: (b) => (
        <>
          <span className="font-semibold text-lg">{points(b.score)}</span>
          {b.hotLead ? (
            <span className="mt-1 flex items-center justify-end gap-1 font-semibold text-navy-900 text-xs">
              <Flame aria-hidden size={14} className="text-amber-600" />
              Hot lead
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "gain",
      header: "Last 7 days",
      numeric: true,
      cell: (b) => (b.gain > 0 ? `+${points(b.gain)}` : "0"),
    },
    { key: "parts", header: "Score parts", cell: (b) => <ScoreParts parts={b.parts} /> },
    {
      key: "last",
      header: "Last event",
      className: "whitespace-nowrap",
      cell: (b) => formatDate(b.lastEventAt, "moment"),
    },
  ];
  return (
    <DataTable
      caption="Buyers by engagement score"
      columns={columns}
      rows={buyers}
      rowKey={(b) => b.userId}
      empty="No buyer has a score yet: scores are counted every 15 minutes from the room's events."
      minWidth="min-w-[60rem]"
      className="mt-3"
    />
  );
}
