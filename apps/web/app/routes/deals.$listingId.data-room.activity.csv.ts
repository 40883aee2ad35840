import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { activityFilterOf, listingOf } from "../features/data-room/data-room-loaders.server";
import { admittedUser } from "../lib/guards";
import type { Route } from "./+types/deals.$listingId.data-room.activity.csv";

export const handle = { access: "staff" } satisfies RouteHandle;

/** The activity page's trail as CSV, with the same filters (staff only, as the page). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const user = admittedUser(context);
  const listing = await listingOf(core, params.listingId);
  const { filter, errors } = activityFilterOf(new URL(request.url));
  if (errors) {
    return new Response(`${errors.join("\n")}\n`, {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  }
  const csv = await core.dataRoomActivity.csv(user, listing.ListingId, filter);
  // The byte-order mark tells spreadsheets the file is UTF-8 (names with accents stay intact).
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="listing-${listing.ListingId}-data-room-activity.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
