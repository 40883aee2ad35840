import {
  DOCUMENT_SEARCH_TEXTS,
  documentSearchSchema,
  isAppError,
  type RouteHandle,
  SEARCH_QUERY_MAX_LENGTH,
} from "@aea/domain";
import { appContext } from "../app-context";
import { enterRoom, notFound } from "../features/data-room/data-room-loaders.server";
import { roomSubpageMeta } from "../features/data-room/room-subpage";
import { SearchPage } from "../features/data-room/search/search-results";
import type { Route } from "./+types/deals.$listingId.data-room.search";

// Signed-in only (a visitor logs in and comes back); the room decides the rest, with its 404.
export const handle = { access: "signed-in-via-login" } satisfies RouteHandle;

/**
 * Search inside a data room (issue 23 item 3): the documents of the room holding the words of `q`,
 * with their best pages. The way in is the room's (access code, agreement, or the 404 of a room the
 * viewer may not know); a query the search refuses is said on the page, never a server error.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user, ipAddress } = context.get(appContext);
  const { listing, deal } = await enterRoom(core, user, params.listingId);
  const typed = new URL(request.url).searchParams.get("q");
  if (typed === null) return { deal, q: "", error: null, result: null };
  const parsed = documentSearchSchema.safeParse({ q: typed });
  // A refused query stays in the box, cut to what it may hold, with the reason beside it.
  const q = typed.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  if (!parsed.success)
    return { deal, q, error: parsed.error.issues[0]?.message ?? DOCUMENT_SEARCH_TEXTS.empty, result: null };
  try {
    const result = await core.dataRoomSearch.search(user, listing.ListingId, parsed.data.q, ipAddress);
    return { deal, q: parsed.data.q, error: null, result };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    if (isAppError(error) && error.status === 400) return { deal, q, error: error.message, result: null };
    throw error;
  }
}

export const meta: Route.MetaFunction = roomSubpageMeta(DOCUMENT_SEARCH_TEXTS.title);

export default function DataRoomSearch({ loaderData }: Route.ComponentProps) {
  return <SearchPage {...loaderData} />;
}
