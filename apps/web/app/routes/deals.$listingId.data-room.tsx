import { DATA_ROOM_TEXTS, dataRoomEntryRedirect, type RouteHandle } from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import { notFound, orNotFound } from "../features/data-room/data-room-loaders.server";
import { DataRoomPage } from "../features/data-room/data-room-page";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deals.$listingId.data-room";

const LISTING_ID = /^[1-9][0-9]{0,9}$/;
const FOLDER_ID = /^[1-9][0-9]{0,9}$/;

export const handle = { access: "anyone" } satisfies RouteHandle;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user, ipAddress } = context.get(appContext);
  const listing = LISTING_ID.test(params.listingId)
    ? await core.listings.findById(Number(params.listingId))
    : undefined;
  if (!listing) throw notFound();
  // The way in: sign in, the access code, the agreement; a 404 for a room the viewer may not know of.
  const step = await core.dataRoomAccess.step(user, listing);
  if (step !== "open") {
    const to = dataRoomEntryRedirect(listing.ListingId, step);
    throw to ? redirect(to) : notFound();
  }
  const folderParam = new URL(request.url).searchParams.get("folder");
  if (folderParam !== null && !FOLDER_ID.test(folderParam)) throw notFound();
  const { view } = await orNotFound(
    core.dataRoomView.room(user, listing.ListingId, Number(folderParam ?? 0), ipAddress),
  );
  return {
    listing: { ListingId: listing.ListingId, Header: listing.Header },
    view,
    isStaff: user?.isAdmin === true,
    maxFileMb: core.config.dataRoomMaxFileMb,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(
      matches,
      `${DATA_ROOM_TEXTS.title}${loaderData ? ` | ${loaderData.listing.Header}` : ""}`,
    ),
  },
  { name: "robots", content: "noindex" },
];

export default function DataRoom({ loaderData }: Route.ComponentProps) {
  return <DataRoomPage {...loaderData} />;
}
