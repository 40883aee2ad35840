import { type AnalysisChart, chartParam, readChartParam } from "./analysis-chart.ts";
import { ANALYSIS_DATASETS } from "./analysis-datasets.ts";
import type { FacetDataset, FacetDefinition } from "./facet-definition.ts";
import type { FacetFilter } from "./facet-query.ts";

/**
 * The analysis page's state, all of it in the address (issue 22 item 3) so back and forward work, a
 * link shows what its sender saw and the page reads before its JavaScript arrives:
 * `dataset`, `f` (one per expression: `{facet name}:{expression}`), `sort` (`field` or `-field`),
 * `start`, `open` (facets whose counts are shown), `more` (lists shown whole), `drawer` (the phone's
 * filter drawer), `chart` (the query's chart, `kind:facet[:measure]`; `none` when a saved query's chart
 * was removed) and `QueryUUID` (a saved query: its filters and chart apply, and choosing another filter
 * leaves it).
 */
export interface AnalysisState {
  dataset: string;
  /** Expressions by facet name, in the order they were chosen. */
  filters: Record<string, string[]>;
  sort: { field: string; ascending: boolean } | null;
  start: number;
  open: string[];
  more: string[];
  drawer: boolean;
  chart: AnalysisChart | null;
  queryUUID: string | null;
}

export const ANALYSIS_PAGE_SIZE = 20;
export const DEFAULT_ANALYSIS_DATASET = "participant";

export function analysisDataset(key: string): FacetDataset {
  return (ANALYSIS_DATASETS[key] ?? ANALYSIS_DATASETS[DEFAULT_ANALYSIS_DATASET]) as FacetDataset;
}

export function facetNamed(dataset: FacetDataset, name: string): FacetDefinition | undefined {
  return dataset.facets.find((f) => f.name === name);
}

/** Reads the page's state from its address; what names no facet of the dataset is left out. */
export function readAnalysisState(params: URLSearchParams): AnalysisState {
  const datasetKey = params.get("dataset") ?? DEFAULT_ANALYSIS_DATASET;
  const dataset = analysisDataset(datasetKey);
  const filters: Record<string, string[]> = {};
  for (const entry of params.getAll("f")) {
    const at = entry.indexOf(":");
    if (at < 1) continue;
    const name = entry.slice(0, at);
    const expression = entry.slice(at + 1).trim();
    if (!facetNamed(dataset, name) || expression === "") continue;
    const list = filters[name] ?? [];
    if (!list.includes(expression)) list.push(expression);
    filters[name] = list;
  }
  const sortText = params.get("sort") ?? "";
  const sortField = sortText.replace(/^-/, "");
  const start = Number.parseInt(params.get("start") ?? "0", 10);
  const facetNames = (key: string) =>
    [...new Set(params.getAll(key).flatMap((v) => v.split(",")))].filter((n) => facetNamed(dataset, n));
  const uuid = params.get("QueryUUID");
  return {
    dataset: dataset.key,
    filters,
    sort:
      sortField && sortField in dataset.fields
        ? { field: sortField, ascending: !sortText.startsWith("-") }
        : null,
    start: Number.isFinite(start) && start > 0 ? start : 0,
    open: facetNames("open"),
    more: facetNames("more"),
    drawer: params.get("drawer") === "1",
    chart: readChartParam(dataset, params),
    queryUUID: uuid && /^[0-9a-fA-F-]{36}$/.test(uuid) ? uuid : null,
  };
}

/** The address of a state (`path` is the page's, e.g. `/participant`). */
export function analysisHref(path: string, state: AnalysisState): string {
  const params = new URLSearchParams();
  if (state.dataset !== DEFAULT_ANALYSIS_DATASET) params.set("dataset", state.dataset);
  if (state.queryUUID) params.set("QueryUUID", state.queryUUID);
  // A saved query's address carries its QueryUUID, not its filters: the link shows what was saved.
  if (!state.queryUUID)
    for (const [name, expressions] of Object.entries(state.filters))
      for (const expression of expressions) params.append("f", `${name}:${expression}`);
  if (state.sort) params.set("sort", `${state.sort.ascending ? "" : "-"}${state.sort.field}`);
  if (state.start > 0) params.set("start", String(state.start));
  if (state.open.length > 0) params.set("open", state.open.join(","));
  if (state.more.length > 0) params.set("more", state.more.join(","));
  if (state.drawer) params.set("drawer", "1");
  if (state.chart) params.set("chart", chartParam(state.chart));
  // A saved query brings its chart: `none` says this address shows it without.
  else if (state.queryUUID) params.set("chart", "none");
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A state with other filters: back to the first page; the address no longer is the saved query's. */
export function withFilters(state: AnalysisState, filters: Record<string, string[]>): AnalysisState {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, list]) => list.length > 0));
  return { ...state, filters: kept, start: 0, queryUUID: null };
}

/** What a value of a checkbox facet is in a state. */
export type ValueChoice = "none" | "included" | "excluded";

export function valueChoice(state: AnalysisState, facet: string, key: string): ValueChoice {
  const list = state.filters[facet] ?? [];
  if (list.includes(key)) return "included";
  if (list.includes(`-${key}`)) return "excluded";
  return "none";
}

/**
 * Clicking a value: an unchecked value is checked (in single mode it replaces the other), a checked
 * or excluded one is cleared (unchecking resets an exclusion). `exclude` (ctrl-click, or the value's
 * Exclude button) excludes it instead.
 */
export function toggleValue(
  state: AnalysisState,
  facet: FacetDefinition,
  key: string,
  exclude = false,
): AnalysisState {
  const list = state.filters[facet.name] ?? [];
  const current = valueChoice(state, facet.name, key);
  const others = list.filter((e) => e !== key && e !== `-${key}`);
  let next: string[];
  if (exclude) next = current === "excluded" ? others : [...others, `-${key}`];
  else if (current !== "none") next = others;
  else if (facet.type === "single") next = [key];
  else next = [...others, key];
  return withFilters(state, { ...state.filters, [facet.name]: next });
}

export function withoutFilter(state: AnalysisState, facet: string, expression?: string): AnalysisState {
  const list = expression === undefined ? [] : (state.filters[facet] ?? []).filter((e) => e !== expression);
  return withFilters(state, { ...state.filters, [facet]: list });
}

/** A range facet's `[min TO max]` from typed bounds (empty = open), or null when both are open. */
export function rangeExpression(min: string, max: string): string | null {
  const low = min.trim();
  const high = max.trim();
  if (low === "" && high === "") return null;
  return `[${low === "" ? "*" : low} TO ${high === "" ? "*" : high}]`;
}

/** The typed bounds of a range expression (`*` as empty). */
export function rangeBounds(expression: string | undefined): { min: string; max: string } {
  const match = expression ? /^[[{]\s*(\S+)\s+TO\s+(\S+)\s*[\]}]$/.exec(expression) : null;
  const open = (v: string | undefined) => (v === undefined || v === "*" ? "" : v);
  return { min: open(match?.[1]), max: open(match?.[2]) };
}

export function toggleFacetOpen(state: AnalysisState, facet: string): AnalysisState {
  const open = state.open.includes(facet) ? state.open.filter((n) => n !== facet) : [...state.open, facet];
  return { ...state, open };
}

/** The engine's filters for a state (type and field from the facet definitions). */
export function engineFilters(state: AnalysisState): FacetFilter[] {
  const dataset = analysisDataset(state.dataset);
  return Object.entries(state.filters).flatMap(([name, expressions]) => {
    const facet = facetNamed(dataset, name);
    return facet && expressions.length > 0 ? [{ type: facet.type, field: facet.field, expressions }] : [];
  });
}

/** A saved query's filters as the page's, by the facet of the same type and field. */
export function stateFiltersOf(
  datasetKey: string,
  filters: readonly { type: string; field: string; expressions: string[] }[],
): Record<string, string[]> {
  const dataset = analysisDataset(datasetKey);
  const result: Record<string, string[]> = {};
  for (const filter of filters) {
    const facet =
      dataset.facets.find((f) => f.field === filter.field && f.type === filter.type) ??
      dataset.facets.find((f) => f.field === filter.field);
    if (facet) result[facet.name] = [...(result[facet.name] ?? []), ...filter.expressions];
  }
  return result;
}

/** The dataset a saved query was made on: the one its chart names, or the one knowing its fields. */
export function savedQueryDataset(
  filters: readonly { field: string }[],
  customChart: Record<string, unknown> | null,
): string {
  const named = customChart?.dataset;
  if (typeof named === "string" && ANALYSIS_DATASETS[named]) return named;
  const knows = (key: string) => filters.every((f) => f.field in analysisDataset(key).fields);
  return knows(DEFAULT_ANALYSIS_DATASET) || !knows("listing") ? DEFAULT_ANALYSIS_DATASET : "listing";
}

/** How many values and ranges are chosen (the phone's filter badge). */
export function chosenFilterCount(state: AnalysisState): number {
  return Object.values(state.filters).reduce((n, list) => n + list.length, 0);
}

/** The page of results a `start` shows: a start past the end is the last full page (as `paginate`). */
export function analysisPage(start: number, size = ANALYSIS_PAGE_SIZE): number {
  return Math.floor((Math.max(0, start) + size - 1) / size) + 1;
}
