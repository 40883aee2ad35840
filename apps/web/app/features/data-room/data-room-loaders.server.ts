import type { Core } from "@aea/core/types";
import {
  type ActivityFilter,
  activityFilterSchema,
  dataRoomEntryRedirect,
  isAppError,
  type Listing,
  type SessionUser,
} from "@aea/domain";
import { data, redirect } from "react-router";

const notFound = () => data(null, { status: 404 });

/** A listing id as the room's links write it: another spelling of a number ("01", "1e3") is no room. */
const LISTING_ID = /^[1-9][0-9]{0,9}$/;

/** The listing a data-room URL names; the page's 404 when it names none. */
export async function listingOf(core: Core, listingIdParam: string | undefined): Promise<Listing> {
  const listing =
    listingIdParam !== undefined && LISTING_ID.test(listingIdParam)
      ? await core.listings.findById(Number(listingIdParam))
      : undefined;
  if (!listing) throw notFound();
  return listing;
}

/** The deal a data-room page names in its heading and links. */
export const roomDeal = (listing: Listing) => ({ id: listing.ListingId, header: listing.Header });

/**
 * The viewer, when they stand at `step` on the way into the listing's room (both steps are a signed-in
 * viewer's); otherwise the redirect to where they stand (sign in, the access code, the agreement, or the
 * room itself), or the 404 of a room they may not know of.
 */
export async function requireRoomStep(
  core: Core,
  user: SessionUser | null,
  listing: Listing,
  step: "open" | "agreement",
): Promise<SessionUser> {
  const at = await core.dataRoomAccess.step(user, listing);
  if (at === step && user) return user;
  const to = dataRoomEntryRedirect(listing.ListingId, at);
  throw to ? redirect(to) : notFound();
}

/** A room page's way in: the listing the URL names and its deal, once the viewer is in its room. */
export async function enterRoom(
  core: Core,
  user: SessionUser | null,
  listingIdParam: string | undefined,
): Promise<{ listing: Listing; deal: ReturnType<typeof roomDeal> }> {
  const listing = await listingOf(core, listingIdParam);
  await requireRoomStep(core, user, listing, "open");
  return { listing, deal: roomDeal(listing) };
}

/**
 * A core answer whose "not found" (a folder of another listing, or of none) is the page's 404:
 * thrown as it is, core's error would reach React Router as a 500.
 */
export function orNotFound<T>(answer: Promise<T>): Promise<T> {
  return answer.catch((error: unknown) => {
    throw isAppError(error) && error.status === 404 ? notFound() : error;
  });
}

/** The activity filters of a page or CSV URL: the filter, or the messages of what was wrong. */
export function activityFilterOf(
  url: URL,
): { filter: ActivityFilter; errors: null } | { filter: ActivityFilter; errors: string[] } {
  const parsed = activityFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (parsed.success) return { filter: parsed.data, errors: null };
  // A bad date fails both its pattern and its calendar check: say it once.
  return { filter: { page: 1 }, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
}

export { notFound };
