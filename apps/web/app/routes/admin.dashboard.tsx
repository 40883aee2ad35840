import {
  DASHBOARD_CSV_PATH,
  DEAL_STATISTICS_SAVED,
  dealStatisticsEditSchema,
  isActive,
  isAppError,
  isClosing,
  isSold,
  listingStatusName,
  type RouteHandle,
  SERVER_ERROR,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { appContext } from "../app-context";
import { Card, StatCard } from "../components/staff/card";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { DataRoomsOverview } from "../features/mgmt-dash/data-rooms-overview";
import {
  BarTable,
  formatUsd,
  StatisticsEditForm,
  StatisticsTable,
} from "../features/mgmt-dash/deal-statistics";
import { LatestList } from "../features/mgmt-dash/latest-list";
import { WeeklyEventsChart } from "../features/mgmt-dash/weekly-events-chart";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.dashboard";

/** Which listings the statistics table shows: open ones (not sold) unless staff ask for all. */
const showOf = (url: URL) => (url.searchParams.get("show") === "all" ? "all" : "open");

export const handle = { access: "management" } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const manager = admittedUser(context);
  const { core } = context.get(appContext);
  const url = new URL(request.url);
  const show = showOf(url);
  const editId = Number(url.searchParams.get("edit"));
  const savedId = Number(url.searchParams.get("saved"));
  const [publicDeals, studies, privateDeals, users, searches, events, dataRooms, statistics] =
    await Promise.all([
      core.listings.publicListings(),
      core.listings.studyListings(),
      core.listings.privateListings(),
      core.accounts.list("", 10_000),
      core.dealSearches.recent(15),
      core.accounts.recentActivity(15),
      core.dataRoomActivity.dashboard(12),
      core.dealStatistics.overview(manager, 12),
    ]);
  const byStatus = new Map<string, number>();
  for (const deal of publicDeals)
    byStatus.set(listingStatusName(deal), (byStatus.get(listingStatusName(deal)) ?? 0) + 1);
  return {
    deals: {
      active: publicDeals.filter(isActive).length,
      closing: publicDeals.filter(isClosing).length,
      sold: publicDeals.filter(isSold).length,
      withDataRoom: publicDeals.filter((d) => d.hasVDR && !isSold(d)).length,
      studies: studies.length,
      private: privateDeals.length,
      byStatus: [...byStatus].sort((a, b) => b[1] - a[1]),
    },
    buyers: {
      total: users.length,
      verified: users.filter((u) => u.verified).length,
      withPrivateDeals: users.filter((u) => u.privateListingIds.length > 0).length,
    },
    searches,
    events,
    dataRooms,
    statistics: {
      ...statistics,
      rows: statistics.rows.filter((r) => show === "all" || !r.sold),
    },
    show,
    editing: statistics.rows.find((r) => r.ListingId === editId) ?? null,
    saved: statistics.rows.find((r) => r.ListingId === savedId)?.header ?? null,
  };
}

/** Saves one listing's hand-entered statistics (management only; the core checks it again). */
export async function action({ context, request }: Route.ActionArgs) {
  const manager = admittedUser(context);
  const { core } = context.get(appContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: dealStatisticsEditSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  try {
    await core.dealStatistics.update(manager, submission.value);
  } catch (error) {
    if (isAppError(error)) {
      return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    }
    console.error(error);
    return data({ result: submission.reply({ formErrors: [SERVER_ERROR] }) }, { status: 500 });
  }
  const back = new URL(request.url);
  return redirect(
    `/admin/dashboard?saved=${submission.value.listingId}${back.searchParams.get("show") === "all" ? "&show=all" : ""}#statistics-title`,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Mgmt Dash") },
  { name: "robots", content: "noindex" },
];

export default function ManagementDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { deals, buyers, searches, events, dataRooms, statistics, show, editing, saved } = loaderData;
  const saving = useNavigationStatus();
  const { totals } = statistics;
  const editHref = (id: number) =>
    `/admin/dashboard?edit=${id}${show === "all" ? "&show=all" : ""}#edit-statistics-title`;
  return (
    <StaffPage title="Mgmt Dash" intro="The marketplace at a glance.">
      <section aria-labelledby="deals-title">
        <h2 id="deals-title" className="font-semibold text-navy-900 text-xl">
          Deals
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Active public deals" value={deals.active} />
          <StatCard
            label="Open data rooms"
            value={deals.withDataRoom}
            note="Public deals with a VDR, not sold"
          />
          <StatCard label="Closing" value={deals.closing} />
          <StatCard label="Sold" value={deals.sold} />
          <StatCard label="Research studies" value={deals.studies} />
          <StatCard label="Private deals" value={deals.private} />
          <StatCard label="Registered buyers" value={buyers.total} note={`${buyers.verified} verified`} />
          <StatCard label="Buyers with private deals" value={buyers.withPrivateDeals} />
        </div>
      </section>
      <section aria-labelledby="statistics-title" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="statistics-title" className="font-semibold text-navy-900 text-xl">
              Deal statistics
            </h2>
            <p className="mt-1 text-slate-650 text-sm">
              Signed CAs, web hits and alerts sent are counted by the site; the other figures are entered by
              management.
            </p>
          </div>
          <a
            href={DASHBOARD_CSV_PATH}
            download
            className="inline-flex items-center gap-2 rounded-md border border-navy-200 bg-white px-3 py-2 font-medium text-navy-800 text-sm hover:bg-navy-50"
          >
            <Download aria-hidden size={16} />
            Export CSV
          </a>
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Signed CAs" value={totals.signedCACount} />
          <StatCard label="Web hits" value={totals.webhitCount} note="Deal-page views by people, not bots" />
          <StatCard label="Hot leads" value={totals.hotLeadCount} />
          <StatCard label="Contacted" value={totals.contactedCount} />
          <StatCard label="Offers" value={totals.offersCount} />
          <StatCard label="No's" value={totals.noCount} />
          <StatCard label="Revenue risk" value={formatUsd(totals.revenueRisk)} />
          <StatCard label="Deal alerts sent" value={totals.dealAlertsSent} note="Emails to opted-in buyers" />
        </div>
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <Card className="p-5">
            <h3 className="font-semibold text-navy-900">Web hits per week</h3>
            <WeeklyEventsChart
              title="Deal-page web hits per week"
              weeks={statistics.webHitsWeekly}
              unit="web hits"
            />
          </Card>
          <Card className="p-5">
            <h3 className="font-semibold text-navy-900">Deal searches per week</h3>
            <WeeklyEventsChart
              title="Deal searches per week"
              weeks={statistics.searchesWeekly}
              unit="searches"
            />
          </Card>
        </div>
        {saved ? (
          <Alert tone="success" className="mt-6">
            {DEAL_STATISTICS_SAVED} ({saved})
          </Alert>
        ) : null}
        {editing ? (
          <div className="mt-6">
            <StatisticsEditForm
              key={editing.ListingId}
              row={editing}
              lastResult={actionData?.result}
              status={saving}
            />
          </div>
        ) : null}
        <nav aria-label="Listings shown" className="mt-6 flex flex-wrap items-center gap-2 text-sm">
          {(
            [
              ["open", "Open deals", "/admin/dashboard#statistics-title"],
              ["all", "All deals, sold included", "/admin/dashboard?show=all#statistics-title"],
            ] as const
          ).map(([value, label, to]) => (
            <Link
              key={value}
              to={to}
              aria-current={show === value ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${show === value ? "border-navy-700 bg-navy-700 text-white" : "border-navy-100 text-navy-800 hover:bg-navy-50"}`}
            >
              {label}
            </Link>
          ))}
        </nav>
        <StatisticsTable rows={statistics.rows} totals={totals} editHref={editHref} />
      </section>
      <DataRoomsOverview rooms={dataRooms} />
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <LatestList
          id="searches-title"
          title="Latest deal searches"
          empty="No searches yet."
          items={searches.map((s) => ({
            key: `${s.createdAt}-${s.searchText}`,
            text: s.searchText,
            at: s.createdAt,
          }))}
          emphasis
        />
        <LatestList
          id="events-title"
          title="Account activity"
          empty="No activity yet."
          items={events.map((e) => ({
            key: String(e.id),
            text: `${e.action} ${e.userId ? `· user #${e.userId}` : ""}`,
            at: e.at,
          }))}
        />
      </div>
      <section aria-labelledby="status-title" className="mt-8">
        <h2 id="status-title" className="font-semibold text-navy-900 text-xl">
          Pipeline: public deals by status
        </h2>
        <div className="max-w-2xl">
          <BarTable
            caption="Public deals by status"
            labelHeader="Status"
            series={[{ name: "Deals", barClass: "bg-navy-600" }]}
            rows={deals.byStatus.map(([status, count]) => ({ key: status, label: status, values: [count] }))}
          />
        </div>
      </section>
    </StaffPage>
  );
}
