import type { Core } from "@aea/core/types";
import { type ActivityFilter, activityFilterSchema, isAppError, type Listing } from "@aea/domain";
import { data } from "react-router";

const notFound = () => data(null, { status: 404 });

/** The listing a data-room URL names; the page's 404 when it names none. */
export async function listingOf(core: Core, listingIdParam: string | undefined): Promise<Listing> {
  const id = Number(listingIdParam);
  const listing = Number.isSafeInteger(id) && id > 0 ? await core.listings.findById(id) : undefined;
  if (!listing) throw notFound();
  return listing;
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
