import {
  ANALYSIS_DATASETS,
  ANALYSIS_PAGE_SIZE,
  analysisDataset,
  analysisHref,
  analysisPage,
  CHART_TEXTS,
  engineFilters,
  type FacetResults,
  paginate,
  type RouteHandle,
  readAnalysisState,
  readChartParam,
  savedQueryDataset,
  stateFiltersOf,
} from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import { AnalysisPage } from "../features/analysis/analysis-page";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/analysis";

/** Admins and Claim holders (spec §6's admin-or-claim guard); the declaration answers everyone else. */
export const handle = { access: "admin-or-claim", searchBar: false } satisfies RouteHandle;

/**
 * The analysis page (issue 22): the page's whole state is its address; the loader runs the query
 * through core's facet engine. A typed range (`range`, `min`, `max` from the range form) is turned
 * into its filter and the address made canonical.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const url = new URL(request.url);
  // A client-side navigation asks for `/participant.data`; the page's own path is without it.
  url.pathname = url.pathname.replace(/\.data$/, "");
  const typedRange = url.searchParams.get("range");
  if (typedRange !== null) return redirect(withTypedRange(url, typedRange));

  let state = readAnalysisState(url.searchParams);
  let problem: string | null = null;
  // The chart form's fields: the address made canonical (`chart=kind:facet:measure`), or why not.
  if (url.searchParams.has("chartKind")) {
    if (state.chart) return redirect(analysisHref(url.pathname, state));
    problem = CHART_TEXTS.cannotDraw;
  }
  let savedName: string | null = null;
  if (state.queryUUID) {
    try {
      const saved = await core.savedQueries.filters(user, state.queryUUID);
      const dataset = url.searchParams.has("dataset")
        ? state.dataset
        : savedQueryDataset(saved.filters, saved.customChart);
      // The saved chart, unless the address chose another (or none).
      const chart = url.searchParams.has("chart")
        ? state.chart
        : readChartParam(analysisDataset(dataset), chartSearch(saved.customChart));
      state = { ...state, dataset, filters: stateFiltersOf(dataset, saved.filters), chart };
      const mine = await core.savedQueries.requests(user, user.id);
      savedName = mine.find((r) => r.queryUUID === state.queryUUID)?.requestName ?? null;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      problem = error.message;
    }
  }
  const dataset = analysisDataset(state.dataset);
  const payload = (start: number) => ({
    filters: engineFilters(state),
    sorts: state.sort ? [{ sortField: state.sort.field, isAscending: state.sort.ascending }] : [],
    size: ANALYSIS_PAGE_SIZE,
    start,
    // The chart's facet is counted too, open or not.
    facets:
      state.chart && !state.open.includes(state.chart.facet)
        ? [...state.open, state.chart.facet]
        : state.open,
  });
  let results: FacetResults;
  try {
    results = await core.facets.query(dataset.key, payload(state.start));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // A filter typed by hand that the engine refuses: say why and show everything instead.
    problem = error.message;
    state = { ...state, filters: {}, start: 0 };
    results = await core.facets.query(dataset.key, payload(0));
  }
  // Past the end (a stale link, fewer results now): the last full page (spec: start clamped).
  const numFound = results.response.numFound;
  const pagination = paginate(numFound, analysisPage(state.start), ANALYSIS_PAGE_SIZE);
  if (numFound > 0 && pagination.offset !== state.start) {
    results = await core.facets.query(dataset.key, payload(pagination.offset));
    state = { ...state, start: pagination.offset };
  }
  return {
    path: url.pathname,
    state,
    problem,
    savedName,
    datasets: Object.values(ANALYSIS_DATASETS).map((d) => ({ key: d.key, display: d.display })),
    numFound,
    start: results.response.start,
    docs: results.response.docs,
    facets: results.facets,
    userId: user.id,
  };
}

/** A saved `customChart` as the address parameters the page reads. */
function chartSearch(customChart: Record<string, unknown> | null): URLSearchParams {
  const params = new URLSearchParams();
  const { kind, facet, measure } = customChart ?? {};
  if (typeof kind === "string" && typeof facet === "string")
    params.set("chart", [kind, facet, typeof measure === "string" ? measure : "count"].join(":"));
  return params;
}

/** The address with the range form's bounds as the facet's filter (and back to the first page). */
function withTypedRange(url: URL, facet: string): string {
  const params = new URLSearchParams(url.search);
  const min = params.get("min") ?? "";
  const max = params.get("max") ?? "";
  for (const key of ["range", "min", "max", "start", "QueryUUID"]) params.delete(key);
  if (params.get("chart") === "none") params.delete("chart");
  const kept = params.getAll("f").filter((f) => !f.startsWith(`${facet}:`));
  params.delete("f");
  for (const f of kept) params.append("f", f);
  const low = min.trim();
  const high = max.trim();
  if (low !== "" || high !== "") params.append("f", `${facet}:[${low || "*"} TO ${high || "*"}]`);
  const state = readAnalysisState(params);
  return analysisHref(url.pathname, state);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Analysis") },
  { name: "robots", content: "noindex" },
];

export default function Analysis({ loaderData }: Route.ComponentProps) {
  return <AnalysisPage data={loaderData} />;
}

/**
 * A refusal core reports on purpose (an unknown QueryUUID, a filter the engine refuses), told on the
 * page; anything else is a fault. By its status, not its class: the web bundle has its own copy of domain.
 */
function isRefusal(error: unknown): error is Error & { status: number } {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && typeof status === "number" && status >= 400 && status < 500;
}
