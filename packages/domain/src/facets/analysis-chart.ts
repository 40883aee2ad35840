import { CHART_MEASURE_NAMES, CHART_TEXTS } from "../messages/analysis.ts";
import { type FacetDataset, type FacetDefinition, statsField } from "./facet-definition.ts";
import type { FacetCounts } from "./facet-query.ts";

/**
 * The chart of a query (issue 22 `customChart`): a bar, line or pie chart of one facet's buckets,
 * each bucket's count or, for a facet with a `stats:` function type (the date facets, say), a stat of
 * its stats field. It is part of the page's address (`chart=kind:facet:measure`) and of a saved query.
 */
export const CHART_KINDS = ["bar", "line", "pie"] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const CHART_MEASURES = ["count", "sum", "mean", "min", "max"] as const;
export type ChartMeasure = (typeof CHART_MEASURES)[number];

export interface AnalysisChart {
  kind: ChartKind;
  facet: string;
  measure: ChartMeasure;
}

/** Bars and pie slices shown; the rest of a long list is summed as "Other" (pie) or left out (bar, line). */
export const CHART_SLICES = 12;

const STAT_OF: Record<Exclude<ChartMeasure, "count">, "stat1" | "stat2" | "stat3" | "stat4"> = {
  sum: "stat1",
  mean: "stat2",
  min: "stat3",
  max: "stat4",
};

/** The measures a facet can be drawn by: always its counts, and its stats when it has a stats field. */
export function chartMeasures(facet: FacetDefinition): ChartMeasure[] {
  return statsField(facet) ? [...CHART_MEASURES] : ["count"];
}

/** The kinds a facet can be drawn as: date buckets overlap (Last Month is in Last 6 Months), so no pie. */
export function chartKinds(facet: FacetDefinition): ChartKind[] {
  return facet.type === "date" ? ["bar", "line"] : [...CHART_KINDS];
}

/** A chart that fits the dataset, or null: an unknown facet, kind or measure is left out. */
export function validChart(
  dataset: FacetDataset,
  chart: { kind?: unknown; facet?: unknown; measure?: unknown } | null | undefined,
): AnalysisChart | null {
  if (!chart) return null;
  const facet = dataset.facets.find((f) => f.name === chart.facet);
  if (!facet) return null;
  const kind = chartKinds(facet).find((k) => k === chart.kind);
  const measure = chart.measure ?? "count";
  const known = chartMeasures(facet).find((m) => m === measure);
  // A pie's slices add up to a whole: a mean, minimum or maximum per slice does not.
  if (kind === "pie" && known !== "count" && known !== "sum") return null;
  return kind && known ? { kind, facet: facet.name, measure: known } : null;
}

/** A chart as its address parameter (`bar:buys`, `line:createdAt:sum`). */
export function chartParam(chart: AnalysisChart): string {
  return [chart.kind, chart.facet, ...(chart.measure === "count" ? [] : [chart.measure])].join(":");
}

/** The chart an address names: `chart=kind:facet[:measure]`, or the chart form's three fields. */
export function readChartParam(dataset: FacetDataset, params: URLSearchParams): AnalysisChart | null {
  // The form's fields win: its hidden fields carry the address's own `chart` too.
  if (params.has("chartKind"))
    return validChart(dataset, {
      kind: params.get("chartKind"),
      facet: params.get("chartFacet"),
      measure: params.get("chartMeasure") || "count",
    });
  const [kind, facet, measure] = (params.get("chart") ?? "").split(":");
  return validChart(dataset, { kind, facet, measure });
}

/** A chart's heading: "Buys — Count", "Joined — Sum of Data-room downloads". */
export function chartTitle(dataset: FacetDataset, chart: AnalysisChart): string {
  const facet = dataset.facets.find((f) => f.name === chart.facet);
  return `${facet?.display ?? chart.facet} — ${chartMeasureLabel(dataset, chart)}`;
}

export function chartMeasureLabel(dataset: FacetDataset, chart: AnalysisChart): string {
  if (chart.measure === "count") return CHART_TEXTS.count;
  const facet = dataset.facets.find((f) => f.name === chart.facet);
  const field = facet ? statsField(facet) : undefined;
  const named = dataset.facets.find((f) => f.field === field && f.type === "range")?.display ?? field ?? "";
  return `${CHART_MEASURE_NAMES[chart.measure]} of ${named}`;
}

export interface ChartPoint {
  label: string;
  value: number;
}

/**
 * The points a chart draws from a facet's counts: a value list by count (the largest first, at most
 * CHART_SLICES, a pie's rest as "Other"); ranges, dates and years in their own order.
 */
export function chartPoints(facet: FacetDefinition, counts: FacetCounts, chart: AnalysisChart): ChartPoint[] {
  const measured = (bucket: FacetCounts["buckets"][number]) =>
    chart.measure === "count" ? bucket.value : (bucket[STAT_OF[chart.measure]] ?? 0);
  const labelOf = (key: string) => {
    if (facet.type === "range") {
      const gap = counts.gap ?? 1;
      return gap === 1 ? key : `${key}–${Number(key) + gap - 1}`;
    }
    return facet.facetOptions.find((o) => o.key === key)?.display ?? key;
  };
  const points = counts.buckets.map((b) => ({ label: labelOf(b.key), value: round(measured(b)) }));
  if (facet.type === "range" || facet.type === "date") return points;
  if (facet.type === "year") return points.sort((a, b) => a.label.localeCompare(b.label));
  const ordered = points.filter((p) => p.value > 0).sort((a, b) => b.value - a.value);
  if (ordered.length <= CHART_SLICES) return ordered;
  const shown = ordered.slice(0, chart.kind === "pie" ? CHART_SLICES - 1 : CHART_SLICES);
  if (chart.kind !== "pie" || chart.measure === "mean" || chart.measure === "min" || chart.measure === "max")
    return shown;
  const rest = ordered.slice(shown.length).reduce((sum, p) => sum + p.value, 0);
  return [...shown, { label: CHART_TEXTS.other, value: round(rest) }];
}

const round = (n: number) => Math.round(n * 100) / 100;
