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
} from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import { AnalysisPage } from "../features/analysis/analysis-page";
import { listingSendView, sendListing } from "../features/analysis/listing-send.server";
import { isRefusal, withSavedQuery } from "../features/analysis/saved-state.server";
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
  const saved = await withSavedQuery(core, user, url.searchParams, state);
  state = saved.state;
  problem ??= saved.problem;
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
    savedName: saved.savedName,
    datasets: Object.values(ANALYSIS_DATASETS).map((d) => ({ key: d.key, display: d.display })),
    numFound,
    start: results.response.start,
    docs: results.response.docs,
    facets: results.facets,
    userId: user.id,
    send: await listingSendView(core, user, url.searchParams, state),
  };
}

/** The send-a-listing panel's Send (the page's one action; its audience is the page's). */
export async function action({ context, request }: Route.ActionArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  return sendListing(core, user, request, new URL(request.url).pathname.replace(/\.data$/, ""));
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

export default function Analysis({ loaderData, actionData }: Route.ComponentProps) {
  return <AnalysisPage data={loaderData} sendProblem={actionData?.sendProblem ?? null} />;
}
