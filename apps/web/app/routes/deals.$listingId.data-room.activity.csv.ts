import { appContext } from "../app-context";
import { activityFilterOf, listingOf, notFound } from "../features/data-room/data-room-loaders.server";
import type { Route } from "./+types/deals.$listingId.data-room.activity.csv";

/** The activity page's trail as CSV, with the same filters (admins only; the 404 of a missing deal otherwise). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  if (!user?.isAdmin) throw notFound();
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
