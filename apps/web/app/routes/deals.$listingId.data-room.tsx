import { DATA_ROOM_TEXTS, type RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { enterRoom, notFound, orNotFound } from "../features/data-room/data-room-loaders.server";
import { DataRoomPage } from "../features/data-room/data-room-page";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deals.$listingId.data-room";

const FOLDER_ID = /^[1-9][0-9]{0,9}$/;
const PAGE = /^[1-9][0-9]{0,5}$/;

export const handle = { access: "anyone" } satisfies RouteHandle;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user, ipAddress } = context.get(appContext);
  const { listing } = await enterRoom(core, user, params.listingId);
  const query = new URL(request.url).searchParams;
  const folderParam = query.get("folder");
  if (folderParam !== null && !FOLDER_ID.test(folderParam)) throw notFound();
  const { view } = await orNotFound(
    core.dataRoomView.room(user, listing.ListingId, Number(folderParam ?? 0), ipAddress),
  );
  // A search hit opens its file's preview at the page (`?preview=<file>&page=<n>`), when the file is
  // in the folder shown; anything else is ignored.
  const previewed = view.files.find((file) => String(file.id) === query.get("preview"));
  const page = query.get("page") ?? "1";
  return {
    listing: { ListingId: listing.ListingId, Header: listing.Header },
    view,
    openAt: previewed
      ? { id: previewed.id, name: previewed.name, page: PAGE.test(page) ? Number(page) : 1 }
      : null,
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
