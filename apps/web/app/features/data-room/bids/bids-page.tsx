import {
  BID_ROUND_KIND_LABELS,
  BID_TEXTS,
  BID_TIME_ZONE_LABELS,
  bidAmountText,
  zonedTimeText,
} from "@aea/domain";
import { cardStyles } from "../../../components/staff/card";
import { Alert } from "../../../components/ui/alert";
import { RoomSubpage } from "../room-subpage";
import type { BidsAction, BidsData, Round } from "./bids-data";
import { BuyerBids } from "./buyer-bids";
import { StaffBids } from "./staff-bids";

export function BidsPage({ data, action }: { data: BidsData; action?: BidsAction }) {
  const { deal } = data;
  return (
    <RoomSubpage deal={deal} name={BID_TEXTS.title}>
      {action?.notice ? (
        <Alert tone="success" className="mt-5">
          {action.notice}
        </Alert>
      ) : null}
      {data.round ? <RoundSummary round={data.round} /> : null}
      {data.role === "buyer" ? (
        <BuyerBids data={data} action={action} />
      ) : (
        <StaffBids data={data} action={action} />
      )}
    </RoomSubpage>
  );
}

/** The round as everyone in the room reads it: its kind, dates in its zone, minimum and documents. */
function RoundSummary({ round }: { round: Round }) {
  const when = (iso: string) => zonedTimeText(iso, round.timeZone);
  const facts: [string, string][] = [
    ["Round", BID_ROUND_KIND_LABELS[round.kind]],
    ["Opens", when(round.opensAt)],
    [round.status === "best-and-final" ? "Best and final deadline" : "Deadline", when(round.deadline)],
    ["Time zone", BID_TIME_ZONE_LABELS[round.timeZone]],
  ];
  if (round.minimum !== null) facts.push(["Minimum", bidAmountText(round.minimum)]);
  return (
    <section aria-label="Bid round" className={`${cardStyles} mt-5 p-5`}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-5">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-650 text-xs uppercase tracking-wide">{term}</dt>
            <dd className="font-medium text-navy-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {round.requiredDocuments ? (
        <p className="mt-3 text-navy-900 text-sm">
          <span className="font-semibold">{BID_TEXTS.requiredDocuments}: </span>
          {round.requiredDocuments}
        </p>
      ) : null}
      {round.status === "best-and-final" ? (
        <p className="mt-3 text-navy-900 text-sm">{BID_TEXTS.bestAndFinalOnlyBidders}</p>
      ) : null}
      {round.unsealedAt ? (
        <Alert tone="info" className="mt-3">
          {BID_TEXTS.unsealedNotice(when(round.unsealedAt))}
        </Alert>
      ) : null}
    </section>
  );
}
