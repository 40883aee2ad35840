import { appContext } from "../app-context";
import { activityFilterOf, listingOf, notFound } from "../features/data-room/data-room-loaders.server";
import { downloadRefused, downloadResponse } from "../lib/download.server";
import type { Route } from "./+types/deals.$listingId.data-room.activity.csv";

/** The activity page's trail as CSV, with the same filters (admins only; the 404 of a missing deal otherwise). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  if (!user?.isAdmin) throw notFound();
  const listing = await listingOf(core, params.listingId);
  const { filter, errors } = activityFilterOf(new URL(request.url));
  if (errors) return downloadRefused(errors);
  const file = await core.dataRoomActivity.csv(user, listing.ListingId, filter);
  const name = `listing-${listing.ListingId}-data-room-activity.csv`;
  return downloadResponse(file.body, { name, contentType: file.contentType });
}
