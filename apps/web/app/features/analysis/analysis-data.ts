import type { AnalysisState, FacetCounts, FacetDocument } from "@aea/domain";

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
}
