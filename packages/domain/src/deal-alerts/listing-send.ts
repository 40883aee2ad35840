import { LISTING_NOT_SENDABLE, type LISTING_SEND_EXCLUSIONS } from "../messages/analysis.ts";
import { z } from "../zod.ts";

/**
 * Sending a listing to the buyers an analysis query found (issue 22 item 6): only verified buyers who
 * kept deal alerts on, never twice to the same buyer for the same listing, previewed before it goes.
 */

/** The most buyers one send may reach: a query wider than this is narrowed first. */
export const LISTING_SEND_MAX = 10_000;

/** The listing chosen on the analysis page (its number, as the form sends it). */
export const listingSendChoiceSchema = z.object({
  listingId: z.coerce
    .number({ error: LISTING_NOT_SENDABLE })
    .int(LISTING_NOT_SENDABLE)
    .positive(LISTING_NOT_SENDABLE),
});

export type ListingSendExclusion = keyof typeof LISTING_SEND_EXCLUSIONS;

/** What a send would do, shown before it goes. */
export interface ListingSendPreview {
  listing: { ListingId: number; Header: string };
  /** Buyers the query found. */
  found: number;
  /** Buyers who will get it. */
  recipients: number;
  /** Those left out, by why (in the order of LISTING_SEND_EXCLUSIONS), only reasons that apply. */
  excluded: { reason: ListingSendExclusion; count: number }[];
  /** The mail the first recipient would get (its unsubscribe link's secret hidden); null with no one. */
  mail: { to: string; subject: string; text: string } | null;
}
