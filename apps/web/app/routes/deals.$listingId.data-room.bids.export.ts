import { CHOOSE_EXPORT_FORMAT, exportFormatOf, isAppError, type RouteHandle } from "@aea/domain";
import { data } from "react-router";
import { appContext } from "../app-context";
import { listingOf } from "../features/data-room/data-room-loaders.server";
import { downloadRefused, downloadResponse } from "../lib/download.server";
import { admittedUser } from "../lib/guards";
import type { Route } from "./+types/deals.$listingId.data-room.bids.export";

export const handle = { access: "staff" } satisfies RouteHandle;

/**
 * The round's bids side by side as CSV or XLSX (`?format=csv|xlsx`), through core's exporter. A sealed
 * round before its deadline answers 403 with why: core refuses it, whatever door asks.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, ipAddress } = context.get(appContext);
  const user = admittedUser(context);
  const listing = await listingOf(core, params.listingId);
  const format = exportFormatOf(new URL(request.url));
  if (!format) return downloadRefused([CHOOSE_EXPORT_FORMAT]);
  try {
    const file = await core.dataRoomBids.export(user, listing.ListingId, format, ipAddress);
    const name = `listing-${listing.ListingId}-bids.${format}`;
    return downloadResponse(file.body, { name, contentType: file.contentType });
  } catch (error) {
    // Sealed until the deadline (403), or no round to export (409): said in words, as a refused download.
    if (isAppError(error) && error.status < 500) throw data(error.message, { status: error.status });
    throw error;
  }
}
