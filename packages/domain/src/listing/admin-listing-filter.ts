/**
 * The staff listing list (/admin/listings) and its CSV and XLSX exports: which listings a search and
 * the kind, status and type filters keep. A GET form, so the filters work without JavaScript and the
 * export links carry the same query.
 */

import type { ExportFormat } from "../export-format.ts";
import { z } from "../zod.ts";
import { DEAL_TYPE_QUERY_VALUES } from "./deal-types.ts";
import type { Listing } from "./listing.ts";
import { matchesDealType } from "./listing-type-flags.ts";
import { listingMatchesSearch } from "./search-text.ts";
import { isSold, LISTING_STATUSES, type ListingStatusCode, statusCodeOf } from "./status.ts";

export const LISTING_KINDS = { public: "Public", private: "Private", study: "Research" } as const;
export type ListingKind = keyof typeof LISTING_KINDS;

/** A status in the staff list's filter and badge: the status code in lower case, as the URL carries it. */
export type AdminStatusFilter = Lowercase<ListingStatusCode>;

/** The statuses staff filter by, in the order of a deal's life, named by their `webStatus`. */
export const ADMIN_STATUS_FILTERS = Object.fromEntries(
  (
    ["ACTIVE", "PRE-MARKETING", "CLOSING", "PULLED", "SOLD"] as const satisfies readonly ListingStatusCode[]
  ).map((code) => [code.toLowerCase(), LISTING_STATUSES[code].webStatus]),
) as Record<AdminStatusFilter, string>;

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const adminListingFilterSchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, "At most 100 characters").optional()),
  kind: z.preprocess(
    blankToUndefined,
    z.enum(Object.keys(LISTING_KINDS) as ListingKind[], { error: "Choose a kind from the list" }).optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(Object.keys(ADMIN_STATUS_FILTERS) as AdminStatusFilter[], {
        error: "Choose a status from the list",
      })
      .optional(),
  ),
  type: z.preprocess(
    blankToUndefined,
    z.enum(DEAL_TYPE_QUERY_VALUES, { error: "Choose a deal type from the list" }).optional(),
  ),
});
export type AdminListingFilter = z.infer<typeof adminListingFilterSchema>;

export function listingKind(listing: Pick<Listing, "isPrivate" | "isStudy">): ListingKind {
  return listing.isPrivate ? "private" : listing.isStudy ? "study" : "public";
}

export function adminStatusOf(listing: Pick<Listing, "status" | "sold">): AdminStatusFilter {
  return (isSold(listing) ? "SOLD" : statusCodeOf(listing.status)).toLowerCase() as AdminStatusFilter;
}

export function filterAdminListings<T extends Listing>(
  listings: readonly T[],
  filter: AdminListingFilter,
): T[] {
  return listings.filter(
    (listing) =>
      (!filter.kind || listingKind(listing) === filter.kind) &&
      (!filter.status || adminStatusOf(listing) === filter.status) &&
      (!filter.type || matchesDealType(listing.PLSCode, filter.type)) &&
      (!filter.search ||
        String(listing.ListingId) === filter.search ||
        listingMatchesSearch(listing, filter.search)),
  );
}

/** The filters as a query string (for the export links and pagination). */
export function adminListingQuery(filter: AdminListingFilter): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The export of the list's filters as CSV or XLSX. */
export function adminListingExportPath(format: ExportFormat, filter: AdminListingFilter): string {
  const params = new URLSearchParams(adminListingQuery(filter));
  params.set("format", format);
  return `/admin/listings/export?${params}`;
}
