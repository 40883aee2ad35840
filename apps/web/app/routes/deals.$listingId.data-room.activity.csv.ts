import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { activityFilterOf, listingOf } from "../features/data-room/data-room-loaders.server";
import { downloadRefused, downloadResponse } from "../lib/download.server";
import { admittedUser } from "../lib/guards";
import type { Route } from "./+types/deals.$listingId.data-room.activity.csv";

export const handle = { access: "staff" } satisfies RouteHandle;

/** The activity page's trail as CSV, with the same filters (staff only, as the page). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const user = admittedUser(context);
  const listing = await listingOf(core, params.listingId);
  const { filter, errors } = activityFilterOf(new URL(request.url));
  if (errors) return downloadRefused(errors);
  const file = await core.dataRoomActivity.csv(user, listing.ListingId, filter);
  const name = `listing-${listing.ListingId}-data-room-activity.csv`;
  return downloadResponse(file.body, { name, contentType: file.contentType });
}
