import type { Core } from "@aea/core/types";
import {
  type AnalysisState,
  analysisDataset,
  readChartParam,
  type SessionUser,
  savedQueryDataset,
  stateFiltersOf,
} from "@aea/domain";

/**
 * The page's state with its QueryUUID's saved filters and chart (the address's own `dataset` and
 * `chart` win), the name the user saved it under, or why the QueryUUID cannot be shown.
 */
export async function withSavedQuery(
  core: Core,
  user: SessionUser,
  params: URLSearchParams,
  state: AnalysisState,
): Promise<{ state: AnalysisState; savedName: string | null; problem: string | null }> {
  if (!state.queryUUID) return { state, savedName: null, problem: null };
  try {
    const saved = await core.savedQueries.filters(user, state.queryUUID);
    const dataset = params.has("dataset")
      ? state.dataset
      : savedQueryDataset(saved.filters, saved.customChart);
    const chart = params.has("chart")
      ? state.chart
      : readChartParam(analysisDataset(dataset), chartSearch(saved.customChart));
    const next = { ...state, dataset, filters: stateFiltersOf(dataset, saved.filters), chart };
    const mine = await core.savedQueries.requests(user, user.id);
    const savedName = mine.find((r) => r.queryUUID === state.queryUUID)?.requestName ?? null;
    return { state: next, savedName, problem: null };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return { state, savedName: null, problem: error.message };
  }
}

/** A saved `customChart` as the address parameter the page reads. */
function chartSearch(customChart: Record<string, unknown> | null): URLSearchParams {
  const params = new URLSearchParams();
  const { kind, facet, measure } = customChart ?? {};
  if (typeof kind === "string" && typeof facet === "string")
    params.set("chart", [kind, facet, typeof measure === "string" ? measure : "count"].join(":"));
  return params;
}

/**
 * A refusal core reports on purpose (an unknown QueryUUID, a filter the engine refuses), told on the
 * page; anything else is a fault. By its status, not its class: the web bundle has its own copy of domain.
 */
export function isRefusal(error: unknown): error is Error & { status: number } {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && typeof status === "number" && status >= 400 && status < 500;
}
