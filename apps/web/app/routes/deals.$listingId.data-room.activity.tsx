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
  ENGAGEMENT_RECOUNTED,
  HOT_LEAD_THRESHOLD_SAVED,
  hotLeadThresholdSchema,
  isAppError,
  type RouteHandle,
  SERVER_ERROR,
  signedAgreementPdfPath,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, FileText, Filter } from "lucide-react";
import { data, Form, Link } from "react-router";
import { appContext } from "../app-context";
import { Pager } from "../components/lists/pager";
import { cardStyles } from "../components/staff/card";
import { type Column, DataTable } from "../components/staff/data-table";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { fieldStyles } from "../components/ui/field-styles";
import { activityFilterOf, listingOf, notFound } from "../features/data-room/data-room-loaders.server";
import { EngagementSection } from "../features/data-room/engagement/engagement-section";
import { formatDate } from "../lib/dates";
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
  const [activity, engagement] = await Promise.all([
    core.dataRoomActivity.forListing(user, listing.ListingId, filter),
    core.engagement.forListing(user, listing.ListingId),
  ]);
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
    pagination: activity.pagination,
    buyers: activity.buyers.map((b) => ({ ...b, name: activityName(b.name) })),
    engagement: {
      threshold: engagement.threshold,
      computedAt: engagement.computedAt ?? null,
      visitors: engagement.visitors,
      buyers: engagement.buyers.map((b) => ({ ...b, name: activityName(b.name) })),
      folders: engagement.folders,
    },
  };
}

/** Saves the hot-lead threshold, or recounts the listing's scores (admins; core checks and audits both). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { core, ipAddress } = context.get(appContext);
  const user = admittedUser(context);
  const listing = await listingOf(core, params.listingId);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: hotLeadThresholdSchema });
  const recount = form.get("intent") === "recount";
  if (!recount && submission.status !== "success")
    return data({ result: submission.reply(), notice: null }, { status: 400 });
  try {
    if (recount) await core.engagement.recountListing(user, listing.ListingId, ipAddress);
    else if (submission.status === "success")
      await core.engagement.setThreshold(user, submission.value.threshold, ipAddress);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    console.error(error);
    return data({ result: submission.reply({ formErrors: [SERVER_ERROR] }), notice: null }, { status: 500 });
  }
  // A recount leaves the threshold form as it was (no result of its own to show).
  return recount
    ? { result: undefined, notice: ENGAGEMENT_RECOUNTED }
    : { result: submission.reply(), notice: HOT_LEAD_THRESHOLD_SAVED };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, `Data-room activity${loaderData ? ` · ${loaderData.deal.header}` : ""}`) },
  { name: "robots", content: "noindex" },
];

export default function DataRoomActivityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, filter, errors, entries, pagination, buyers, engagement } = loaderData;
  const total = pagination.total;
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

      <EngagementSection
        dealId={deal.id}
        engagement={engagement}
        notice={actionData?.notice ?? null}
        thresholdResult={actionData?.result}
      />

      <section aria-labelledby="buyers-title" className="mt-10">
        <h2 id="buyers-title" className="font-semibold text-navy-900 text-xl">
          Buyers
        </h2>
        <DataTable
          caption="Buyers' activity"
          columns={buyerColumns(deal.id)}
          rows={buyers}
          rowKey={(b) => b.userId}
          empty="No buyer has been in this data room yet."
          minWidth="min-w-[40rem]"
          className="mt-3"
        />
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
          <DataTable
            caption="Data-room events"
            columns={eventColumns}
            rows={entries}
            rowKey={(e) => e.id}
            empty="No events match."
            minWidth="min-w-[40rem]"
            className="mt-3"
          />
        ) : null}
        {pagination.pageCount > 1 ? (
          <Pager
            label="Pages of events"
            pagination={pagination}
            hrefForPage={(page) => `${activityPath(deal.id)}${activityQuery({ ...filter, page })}`}
            previousText="Newer"
            nextText="Older"
            className="mt-4 justify-end"
          />
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
      className={`${cardStyles} mt-3 grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto_auto] lg:items-end`}
    >
      <FilterField
        name="buyer"
        label="Buyer"
        value={filter.buyer}
        options={{
          all: "All users",
          choices: buyers.map((b) => ({ value: b.userId, text: `${b.email} (${b.name})` })),
        }}
      />
      <FilterField
        name="event"
        label="Event"
        value={filter.event}
        options={{
          all: "All events",
          choices: dataRoomEventNames.map((name) => ({ value: name, text: DATA_ROOM_EVENT_LABELS[name] })),
        }}
      />
      <FilterField name="from" label="From" value={filter.from} />
      <FilterField name="to" label="To" value={filter.to} />
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

/**
 * A filter's label above its control: a select of the given choices after an "all" choice, or a date
 * (a label wrapping a select would be named by its options too).
 */
function FilterField({
  name,
  label,
  value,
  options,
}: {
  name: "buyer" | "event" | "from" | "to";
  label: string;
  value: string | number | undefined;
  options?: { all: string; choices: { value: string | number; text: string }[] };
}) {
  const id = `activity-${name}`;
  const control = { id, name, defaultValue: value ?? "", className: `mt-1 ${fieldStyles.input}` };
  return (
    // min-w-0: a select is as wide as its longest option (a buyer's name and email) unless allowed to shrink.
    <div className="min-w-0">
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {options ? (
        <select {...control}>
          <option value="">{options.all}</option>
          {options.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.text}
            </option>
          ))}
        </select>
      ) : (
        <input type="date" {...control} />
      )}
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];

function buyerColumns(dealId: number): Column<Data["buyers"][number]>[] {
  return [
    {
      key: "buyer",
      header: "Buyer",
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
    { key: "viewed", header: "Documents viewed", numeric: true, cell: (b) => b.documentsViewed },
    { key: "downloads", header: "Downloads", numeric: true, cell: (b) => b.downloads },
    {
      key: "last-visit",
      header: "Last visit",
      className: "whitespace-nowrap",
      cell: (b) => formatDate(b.lastVisit, "moment"),
    },
    {
      key: "agreement",
      header: "Signed CA",
      cell: (b) =>
        b.signedAgreement ? (
          <a
            href={signedAgreementPdfPath(dealId, b.userId)}
            download
            className="inline-flex items-center gap-1 font-medium text-navy-800 underline underline-offset-2"
          >
            <FileText aria-hidden size={14} />
            Yes<span className="sr-only">: download the agreement {b.email} signed</span>
          </a>
        ) : (
          "No"
        ),
    },
  ];
}

const eventColumns: Column<Data["entries"][number]>[] = [
  { key: "time", header: "Time", className: "whitespace-nowrap", cell: (e) => formatDate(e.at, "moment") },
  {
    key: "user",
    header: "User",
    cell: (e) => (
      <>
        {e.email ? <span className="font-medium">{e.email}</span> : "Deleted user"}
        {e.user ? <span className="block text-slate-650 text-xs">{e.user}</span> : null}
      </>
    ),
  },
  {
    key: "event",
    header: "Event",
    cell: (e) => DATA_ROOM_EVENT_LABELS[e.event as DataRoomEventName] ?? e.event,
  },
  { key: "item", header: "File or folder", className: "break-words", cell: (e) => e.item },
  { key: "ip", header: "IP address", className: "tabular", cell: (e) => e.ipAddress ?? "" },
];
