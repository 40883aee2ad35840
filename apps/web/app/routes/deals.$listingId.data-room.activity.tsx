import {
  type ActivityFilter,
  activityCsvPath,
  activityName,
  activityPath,
  activityQuery,
  DATA_ROOM_EVENT_LABELS,
  type DataRoomEventName,
  dataRoomEventNames,
  dataRoomItemName,
  type RouteHandle,
  signedAgreementPdfPath,
} from "@aea/domain";
import { ChevronLeft, ChevronRight, Download, FileText, Filter } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { fieldStyles } from "../components/ui/field-styles";
import { activityFilterOf, listingOf } from "../features/data-room/data-room-loaders.server";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deals.$listingId.data-room.activity";

export const handle = { access: "staff" } satisfies RouteHandle;

/**
 * A listing's data-room audit trail (admins only: for anyone else it does not exist, the same 404 as
 * a missing deal). The filters are a GET form, so the page, its links and the CSV work without JavaScript.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const user = admittedUser(context);
  const listing = await listingOf(core, params.listingId);
  const { filter, errors } = activityFilterOf(new URL(request.url));
  const activity = await core.dataRoomActivity.forListing(user, listing.ListingId, filter);
  return {
    deal: { id: listing.ListingId, header: listing.Header },
    filter,
    errors,
    entries: activity.entries.map((e) => ({
      id: e.id,
      at: e.at,
      // The email identifies the account; the name is whatever its holder typed, so it comes second, shortened.
      user: e.userName === null ? null : activityName(e.userName),
      email: e.userEmail,
      event: e.event,
      item: dataRoomItemName(e.detail),
      ipAddress: e.ipAddress,
    })),
    total: activity.total,
    page: activity.page,
    pageCount: activity.pageCount,
    buyers: activity.buyers.map((b) => ({ ...b, name: activityName(b.name) })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, `Data-room activity${loaderData ? ` · ${loaderData.deal.header}` : ""}`) },
  { name: "robots", content: "noindex" },
];

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const formatTime = (iso: string) => `${when.format(new Date(iso))} UTC`;
const th = "px-3 py-2 font-semibold text-left";
const td = "px-3 py-2 align-top";

export default function DataRoomActivityPage({ loaderData }: Route.ComponentProps) {
  const { deal, filter, errors, entries, total, page, pageCount, buyers } = loaderData;
  const csvHref = `${activityCsvPath(deal.id)}${activityQuery({ ...filter, page: 1 })}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-slate-650 text-sm">
        <Link to={`/deals/${deal.id}`} className="hover:underline">
          Deal #{deal.id}: {deal.header}
        </Link>
      </nav>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl text-navy-900 sm:text-3xl">Data-room activity</h1>
          <p className="mt-1 text-slate-650">{deal.header}</p>
        </div>
        <a href={csvHref} className={buttonStyles.secondary} download>
          <Download aria-hidden size={18} />
          Export CSV
        </a>
      </header>

      <section aria-labelledby="buyers-title" className="mt-8">
        <h2 id="buyers-title" className="font-semibold text-navy-900 text-xl">
          Buyers
        </h2>
        {buyers.length === 0 ? (
          <p className="mt-3 text-slate-650">No buyer has been in this data room yet.</p>
        ) : (
          <ScrollingTable label="Buyers' activity">
            <thead className="bg-navy-50 text-navy-900">
              <tr>
                <th scope="col" className={th}>
                  Buyer
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Documents viewed
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Downloads
                </th>
                <th scope="col" className={th}>
                  Last visit
                </th>
                <th scope="col" className={th}>
                  Signed CA
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-100">
              {buyers.map((b) => (
                <tr key={b.userId}>
                  <td className={td}>
                    <Link
                      to={`${activityPath(deal.id)}${activityQuery({ buyer: b.userId })}`}
                      className="font-medium text-navy-800 underline-offset-2 hover:underline"
                    >
                      {b.email}
                    </Link>
                    <span className="block text-slate-650 text-xs">{b.name}</span>
                  </td>
                  <td className={`${td} tabular text-right`}>{b.documentsViewed}</td>
                  <td className={`${td} tabular text-right`}>{b.downloads}</td>
                  <td className={`${td} whitespace-nowrap`}>{formatTime(b.lastVisit)}</td>
                  <td className={td}>
                    {b.signedAgreement ? (
                      <a
                        href={signedAgreementPdfPath(deal.id, b.userId)}
                        download
                        className="inline-flex items-center gap-1 font-medium text-navy-800 underline underline-offset-2"
                      >
                        <FileText aria-hidden size={14} />
                        Yes<span className="sr-only">: download the agreement {b.email} signed</span>
                      </a>
                    ) : (
                      "No"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        )}
      </section>

      <section aria-labelledby="events-title" className="mt-10">
        <h2 id="events-title" className="font-semibold text-navy-900 text-xl">
          Events
        </h2>
        <FilterForm dealId={deal.id} filter={filter} buyers={buyers} />
        {errors ? (
          <Alert tone="error" className="mt-4">
            {errors.join(" ")} Showing every event instead.
          </Alert>
        ) : null}
        <p className="mt-4 text-slate-650 text-sm" role="status">
          {total === 0 ? "No events match." : `${total} event${total === 1 ? "" : "s"}, newest first.`}
        </p>
        {entries.length > 0 ? (
          <ScrollingTable label="Data-room events">
            <thead className="bg-navy-50 text-navy-900">
              <tr>
                <th scope="col" className={th}>
                  Time
                </th>
                <th scope="col" className={th}>
                  User
                </th>
                <th scope="col" className={th}>
                  Event
                </th>
                <th scope="col" className={th}>
                  File or folder
                </th>
                <th scope="col" className={th}>
                  IP address
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-100">
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className={`${td} whitespace-nowrap`}>{formatTime(e.at)}</td>
                  <td className={td}>
                    {e.email ? <span className="font-medium">{e.email}</span> : "Deleted user"}
                    {e.user ? <span className="block text-slate-650 text-xs">{e.user}</span> : null}
                  </td>
                  <td className={td}>{DATA_ROOM_EVENT_LABELS[e.event as DataRoomEventName] ?? e.event}</td>
                  <td className={`${td} break-words`}>{e.item}</td>
                  <td className={`${td} tabular`}>{e.ipAddress ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </ScrollingTable>
        ) : null}
        {pageCount > 1 ? (
          <nav aria-label="Pages of events" className="mt-4 flex items-center justify-between gap-3 text-sm">
            {page > 1 ? (
              <Link
                to={`${activityPath(deal.id)}${activityQuery({ ...filter, page: page - 1 })}`}
                className={buttonStyles.secondary}
              >
                <ChevronLeft aria-hidden size={16} /> Newer
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-650">
              Page {page} of {pageCount}
            </span>
            {page < pageCount ? (
              <Link
                to={`${activityPath(deal.id)}${activityQuery({ ...filter, page: page + 1 })}`}
                className={buttonStyles.secondary}
              >
                Older <ChevronRight aria-hidden size={16} />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

function FilterForm({
  dealId,
  filter,
  buyers,
}: {
  dealId: number;
  filter: ActivityFilter;
  buyers: { userId: number; name: string; email: string }[];
}) {
  return (
    <Form
      method="get"
      aria-label="Filter events"
      className="mt-3 grid grid-cols-1 gap-4 rounded-card border border-navy-100 bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto_auto] lg:items-end"
    >
      <FilterField id="activity-buyer" label="Buyer">
        <select
          id="activity-buyer"
          name="buyer"
          defaultValue={filter.buyer ?? ""}
          className={`mt-1 ${fieldStyles.input}`}
        >
          <option value="">All users</option>
          {buyers.map((b) => (
            <option key={b.userId} value={b.userId}>
              {b.email} ({b.name})
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="activity-event" label="Event">
        <select
          id="activity-event"
          name="event"
          defaultValue={filter.event ?? ""}
          className={`mt-1 ${fieldStyles.input}`}
        >
          <option value="">All events</option>
          {dataRoomEventNames.map((name) => (
            <option key={name} value={name}>
              {DATA_ROOM_EVENT_LABELS[name]}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="activity-from" label="From">
        <input
          id="activity-from"
          type="date"
          name="from"
          defaultValue={filter.from ?? ""}
          className={`mt-1 ${fieldStyles.input}`}
        />
      </FilterField>
      <FilterField id="activity-to" label="To">
        <input
          id="activity-to"
          type="date"
          name="to"
          defaultValue={filter.to ?? ""}
          className={`mt-1 ${fieldStyles.input}`}
        />
      </FilterField>
      <div className="flex gap-2">
        <button type="submit" className={`${buttonStyles.primary} flex-1 lg:flex-none`}>
          <Filter aria-hidden size={16} /> Filter
        </button>
        <Link to={activityPath(dealId)} className={buttonStyles.secondary}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** A filter's label above its control (a label wrapping a select would be named by its options too). */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    // min-w-0: a select is as wide as its longest option (a buyer's name and email) unless allowed to shrink.
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A wide table that scrolls sideways on a phone; focusable so the keyboard can scroll it. */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard.
      tabIndex={0}
      // relative: the screen-reader-only texts inside are positioned against it, not the page.
      className="relative mt-3 overflow-x-auto rounded-card border border-navy-100 bg-white shadow-card"
    >
      <table className="w-full min-w-[40rem] text-sm">{children}</table>
    </section>
  );
}
