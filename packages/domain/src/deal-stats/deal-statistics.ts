import { z } from "../zod.ts";

/**
 * The deal statistics of spec §3, per listing. Some are counted by the site (signed CAs from the
 * signed agreements, web hits from deal-page views, alerts sent); the rest staff enter by hand on
 * the Mgmt Dash, and `updatedBy` names who last did.
 */
export interface DealStatistics {
  ListingId: number;
  signedCACount: number;
  /** The hot leads that apply: staff's override when there is one, else the counted figure. */
  hotLeadCount: number;
  /** Buyers whose engagement score is at or above the hot-lead threshold (docs/decisions/043). */
  hotLeadCounted: number;
  /** Hot leads as management typed them over the counted figure; null: the counted figure applies. */
  hotLeadOverride: number | null;
  noCount: number;
  contactedCount: number;
  webhitCount: number;
  offersCount: number;
  /** Revenue at risk on the deal, in US dollars (null: not entered). */
  revenueRisk: number | null;
  /** The name of the staff member who last changed a hand-entered figure. */
  updatedBy: string | null;
  updatedAt: string | null;
  /** The last day the deal went out in a "white button" marketing mail (YYYY-MM-DD). */
  lastWhiteButtonDate: string | null;
  /** The code of the deal's load into the firm's mailing system. */
  loadCode: string | null;
}

/** The figures staff enter by hand, in the order the Mgmt Dash shows them. */
export const HAND_ENTERED_STATISTICS = [
  { key: "hotLeadOverride", label: "Hot leads override" },
  { key: "noCount", label: "No's" },
  { key: "contactedCount", label: "Contacted" },
  { key: "offersCount", label: "Offers" },
  { key: "revenueRisk", label: "Revenue risk (USD)" },
  { key: "lastWhiteButtonDate", label: "Last white button" },
  { key: "loadCode", label: "Load code" },
] as const;

export type HandEnteredStatistic = (typeof HAND_ENTERED_STATISTICS)[number]["key"];

/** A form's empty field is "not entered", not an error. */
const blankToNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : typeof value === "string" ? value.trim() : value;

const count = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} must be at most 1,000,000`)
    .default(0);

/** One row's hand-entered figures as the Mgmt Dash form sends them. */
export const dealStatisticsEditSchema = z.object({
  listingId: z.coerce.number({ error: "Choose a listing" }).int().positive("Choose a listing"),
  /** Blank: the counted hot leads apply. */
  hotLeadOverride: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: "Hot leads must be a whole number" })
      .int("Hot leads must be a whole number")
      .min(0, "Hot leads cannot be negative")
      .max(1_000_000, "Hot leads must be at most 1,000,000")
      .nullable()
      .default(null),
  ),
  noCount: count("No's"),
  contactedCount: count("Contacted"),
  offersCount: count("Offers"),
  revenueRisk: z.preprocess(
    (v) => (typeof v === "string" ? blankToNull(v.replace(/[$,\s]/g, "")) : v),
    z.coerce
      .number({ error: "Revenue risk must be an amount in dollars" })
      .min(0, "Revenue risk cannot be negative")
      .max(1e12, "Revenue risk is too large")
      .nullable()
      .default(null),
  ),
  lastWhiteButtonDate: z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Last white button must be a date (YYYY-MM-DD)")
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Last white button must be a real date")
      .nullable()
      .default(null),
  ),
  loadCode: z.preprocess(
    blankToNull,
    z.string().max(40, "Load code must be at most 40 characters").nullable().default(null),
  ),
});

export type DealStatisticsEdit = z.infer<typeof dealStatisticsEditSchema>;

export const DEAL_STATISTICS_SAVED = "The deal statistics have been saved.";
export const DASHBOARD_CSV_PATH = "/admin/dashboard/statistics.csv";

/**
 * Whether a request for a deal page comes from a person's browser rather than a crawler, a link
 * preview or a monitor: only those count as web hits. No user agent at all is not a browser.
 */
export function isLikelyBrowser(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  return !/bot|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|curl|wget|python|java\/|go-http|node-fetch|axios|monitor|pingdom|uptime|scan/i.test(
    userAgent,
  );
}

/** The listing a deal-page path names (`/deals/123`, or its data request `/deals/123.data`). */
export function dealPageListingId(path: string): number | undefined {
  const match = /^\/deals\/(\d{1,9})(?:\.data)?\/?$/.exec(path);
  return match ? Number(match[1]) : undefined;
}
