import type { UserDetail } from "@aea/core/types";
import { Link } from "react-router";
import { EmptyState, Section } from "../../components/staff/card";
import { type Column, DataTable } from "../../components/staff/data-table";
import { formatDate } from "../../lib/dates";

type Session = UserDetail["sessions"][number];

const sessionColumns: Column<Session>[] = [
  { key: "started", header: "Started", className: "tabular", cell: (s) => formatDate(s.createdAt, "moment") },
  { key: "seen", header: "Last seen", className: "tabular", cell: (s) => formatDate(s.lastSeenAt, "moment") },
  { key: "remember", header: "Remember me", cell: (s) => (s.remember ? "Yes" : "No") },
  { key: "viewed-as", header: "Viewed as by", cell: (s) => s.impersonatedBy ?? "" },
];

/** The account's live sessions. */
export function SessionsSection({ detail }: { detail: UserDetail }) {
  return (
    <Section id="sessions-title" title="Sessions" className="lg:col-span-2">
      <DataTable
        caption="Live sessions"
        columns={sessionColumns}
        rows={detail.sessions}
        rowKey={(s) => s.createdAt + s.lastSeenAt}
        empty="No live session."
        minWidth="min-w-[36rem]"
      />
    </Section>
  );
}

/** Account events, newest first. */
export function ActivitySection({ detail }: { detail: UserDetail }) {
  return (
    <Section id="activity-title" title="Recent activity" intro="Account events, newest first.">
      {detail.activity.length === 0 ? (
        <EmptyState>Nothing recorded yet.</EmptyState>
      ) : (
        <ol className="space-y-1 text-sm">
          {detail.activity.map((a) => (
            <li key={a.id} className="flex flex-wrap gap-x-2">
              <span className="tabular text-slate-650">{formatDate(a.at, "moment")}</span>
              <span className="font-medium text-navy-900">{a.action.replaceAll("-", " ")}</span>
              {a.detail ? <span className="text-slate-650">{a.detail}</span> : null}
              {a.by ? (
                <span className="text-slate-650">{a.by.startsWith("on ") ? a.by : `by ${a.by}`}</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** What the account did in data rooms, newest first. */
export function DataRoomActivitySection({ detail }: { detail: UserDetail }) {
  return (
    <Section
      id="data-room-activity-title"
      title="Data-room activity"
      intro="Views, downloads and more, newest first."
    >
      {detail.dataRoomActivity.length === 0 ? (
        <EmptyState>No data-room activity.</EmptyState>
      ) : (
        <ol className="space-y-1 text-sm">
          {detail.dataRoomActivity.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-2">
              <span className="tabular text-slate-650">{formatDate(e.at, "moment")}</span>
              <span className="font-medium text-navy-900">{e.event}</span>
              {e.item ? <span className="break-all">{e.item}</span> : null}
              <Link to={`/deals/${e.ListingId}`} className="text-navy-800 underline">
                #{e.ListingId}
              </Link>
              {e.by ? <span className="text-slate-650">by {e.by}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
