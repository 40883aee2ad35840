import { activityPath } from "@aea/domain";
import { Link } from "react-router";
import { Card, cardStyles } from "../../components/staff/card";
import { BarTable } from "./deal-statistics";
import { WeeklyEventsChart } from "./weekly-events-chart";

/** A listing's data room as the Mgmt Dash counts it (core's dashboard row). */
interface RoomFigures {
  ListingId: number;
  header: string;
  signedCAs: number;
  visitors: number;
  downloads: number;
  weekly: { week: string; events: number }[];
}

/** Each listing's data room from its audit trail: the ten busiest as bars, then a card per room. */
export function DataRoomsOverview({ rooms }: { rooms: RoomFigures[] }) {
  const topRooms = rooms.slice(0, 10);
  return (
    <section aria-labelledby="data-rooms-title" className="mt-8">
      <h2 id="data-rooms-title" className="font-semibold text-navy-900 text-xl">
        Data rooms
      </h2>
      <p className="mt-1 text-slate-650 text-sm">
        From the data-room audit trail: signed confidentiality agreements, buyers who came in, and downloads.
      </p>
      {topRooms.length > 0 ? (
        <Card className="mt-3 p-5">
          <h3 className="font-semibold text-navy-900">Signed CAs and visitors by listing</h3>
          <BarTable
            caption="Signed CAs and data-room visitors by listing"
            labelHeader="Listing"
            series={[
              { name: "Signed CAs", barClass: "bg-amber-500" },
              { name: "Visitors", barClass: "bg-navy-600" },
            ]}
            rows={topRooms.map((room) => ({
              key: String(room.ListingId),
              label: room.header,
              values: [room.signedCAs, room.visitors],
            }))}
          />
        </Card>
      ) : null}
      {rooms.length === 0 ? (
        <p className="mt-3 text-slate-650">No data-room activity yet.</p>
      ) : (
        <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {rooms.map((room) => (
            <li key={room.ListingId} className={`${cardStyles} p-5`}>
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
  );
}
