import { activityPath, isActive, isClosing, isSold, listingStatusName } from "@aea/domain";
import { Link } from "react-router";
import { appContext } from "../app-context";
import { AdminPage, StatCard } from "../features/admin/admin-page";
import { WeeklyEventsChart } from "../features/admin/weekly-events-chart";
import { requireManagement } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  requireManagement(context);
  const { core } = context.get(appContext);
  const [publicDeals, studies, privateDeals, users, searches, events, dataRooms] = await Promise.all([
    core.listings.publicListings(),
    core.listings.studyListings(),
    core.listings.privateListings(),
    core.accounts.list("", 10_000),
    core.dealSearches.recent(15),
    core.accounts.recentActivity(15),
    core.dataRoomActivity.dashboard(12),
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
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Mgmt Dash") },
  { name: "robots", content: "noindex" },
];

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function ManagementDashboard({ loaderData }: Route.ComponentProps) {
  const { deals, buyers, searches, events, dataRooms } = loaderData;
  return (
    <AdminPage title="Mgmt Dash" intro="The marketplace at a glance.">
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
      <section aria-labelledby="data-rooms-title" className="mt-8">
        <h2 id="data-rooms-title" className="font-semibold text-navy-900 text-xl">
          Data rooms
        </h2>
        <p className="mt-1 text-slate-650 text-sm">
          From the data-room audit trail: signed confidentiality agreements, buyers who came in, and
          downloads.
        </p>
        {dataRooms.length === 0 ? (
          <p className="mt-3 text-slate-650">No data-room activity yet.</p>
        ) : (
          <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {dataRooms.map((room) => (
              <li
                key={room.ListingId}
                className="rounded-card border border-navy-100 bg-white p-5 shadow-card"
              >
                <h3 className="font-semibold text-navy-900">
                  <Link to={activityPath(room.ListingId)} className="hover:underline">
                    {room.header}
                  </Link>
                </h3>
                <p className="text-slate-650 text-xs">Listing #{room.ListingId}</p>
                <dl className="tabular mt-3 grid grid-cols-3 gap-2 text-center">
                  {(
                    [
                      ["Signed CAs", room.signedCAs],
                      ["Visitors", room.visitors],
                      ["Downloads", room.downloads],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label} className="rounded-md bg-navy-50 px-2 py-2">
                      <dt className="text-slate-650 text-xs">{label}</dt>
                      <dd className="font-bold text-lg text-navy-900">{value}</dd>
                    </div>
                  ))}
                </dl>
                <WeeklyEventsChart title={`Data-room events per week, ${room.header}`} weeks={room.weekly} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="searches-title">
          <h2 id="searches-title" className="font-semibold text-navy-900 text-xl">
            Latest deal searches
          </h2>
          {searches.length === 0 ? (
            <p className="mt-3 text-slate-650">No searches yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-navy-100 rounded-card border border-navy-100 bg-white">
              {searches.map((s) => (
                <li
                  key={`${s.createdAt}-${s.searchText}`}
                  className="flex justify-between gap-3 px-4 py-2 text-sm"
                >
                  <span className="font-medium text-navy-900">{s.searchText}</span>
                  <span className="text-slate-650">{when.format(new Date(s.createdAt))}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="events-title">
          <h2 id="events-title" className="font-semibold text-navy-900 text-xl">
            Account activity
          </h2>
          {events.length === 0 ? (
            <p className="mt-3 text-slate-650">No activity yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-navy-100 rounded-card border border-navy-100 bg-white">
              {events.map((e) => (
                <li key={e.id} className="flex justify-between gap-3 px-4 py-2 text-sm">
                  <span className="text-navy-900">
                    {e.action} {e.userId ? `· user #${e.userId}` : ""}
                  </span>
                  <span className="text-slate-650">{when.format(new Date(e.at))}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section aria-labelledby="status-title" className="mt-8">
        <h2 id="status-title" className="font-semibold text-navy-900 text-xl">
          Public deals by status
        </h2>
        <table className="tabular mt-3 w-full max-w-lg text-sm">
          <thead>
            <tr className="border-navy-100 border-b text-left">
              <th scope="col" className="py-2">
                Status
              </th>
              <th scope="col" className="py-2 text-right">
                Deals
              </th>
            </tr>
          </thead>
          <tbody>
            {deals.byStatus.map(([status, count]) => (
              <tr key={status} className="border-navy-100 border-b">
                <td className="py-2">{status}</td>
                <td className="py-2 text-right">{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </AdminPage>
  );
}
