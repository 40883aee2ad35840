import type { AnalysisState, FacetCounts, FacetDocument, ListingSendPreview } from "@aea/domain";

/** The buyers' page's send-a-listing panel (issue 22 item 6). */
export interface ListingSendView {
  /** The listings that may be sent (on the public market). */
  listings: { ListingId: number; Header: string }[];
  /** The address's `send`: the listing being previewed. */
  chosen: string | null;
  preview: ListingSendPreview | null;
  /** Why the chosen listing cannot be previewed (off the market, a query too wide). */
  problem: string | null;
  /** The address's `sent`: buyers the last send reaches. */
  sent: number | null;
}

/** What the analysis page's loader hands its view. */
export interface AnalysisData {
  /** The page's own path (ANALYSIS_ROUTE). */
  path: string;
  state: AnalysisState;
  /** Why the address's query could not be shown as it was (a QueryUUID that does not exist …). */
  problem: string | null;
  /** The name under which the signed-in user saved the address's QueryUUID. */
  savedName: string | null;
  datasets: { key: string; display: string }[];
  numFound: number;
  start: number;
  docs: FacetDocument[];
  facets: Record<string, FacetCounts>;
  userId: number;
  /** Null on the listings' page: only buyers are sent listings. */
  send: ListingSendView | null;
}
