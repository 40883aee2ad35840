import type { AnalysisData } from "./analysis-data";

/** Save and Load of the page's query (spec §3, §4, §6–§8). */
export function SavedQueryTools(_: { data: AnalysisData }) {
  return null;
}
