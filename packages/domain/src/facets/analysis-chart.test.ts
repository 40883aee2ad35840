import { describe, expect, it } from "vitest";
import { CHART_TEXTS } from "../messages/analysis.ts";
import { chartPoints, chartTitle, validChart } from "./analysis-chart.ts";
import { LISTING_DATASET, PARTICIPANT_DATASET } from "./analysis-datasets.ts";
import { analysisHref, readAnalysisState } from "./analysis-page.ts";

const facet = (name: string) => PARTICIPANT_DATASET.facets.find((f) => f.name === name) as never;
const state = (query: string) => readAnalysisState(new URLSearchParams(query));

describe("a query's chart", () => {
  it("is part of the address, and the chart form's fields become it", () => {
    expect(state("chart=pie:buys").chart).toEqual({ kind: "pie", facet: "buys", measure: "count" });
    const fromForm = state("chartKind=line&chartFacet=createdAt&chartMeasure=sum&chart=none");
    expect(fromForm.chart).toEqual({ kind: "line", facet: "createdAt", measure: "sum" });
    expect(analysisHref("/participant", fromForm)).toBe("/participant?chart=line%3AcreatedAt%3Asum");
  });

  it("says `none` beside a QueryUUID when the saved query's chart is taken away", () => {
    const saved = { ...state(""), queryUUID: "d3a0c8f2-5c1e-4c4e-9b1a-22a0e0000001" };
    expect(analysisHref("/participant", saved)).toContain("chart=none");
    expect(state("chart=none").chart).toBeNull();
  });

  it("refuses what cannot be drawn: an unknown facet, a stat of a facet without one, a pie of means or of date buckets", () => {
    expect(validChart(PARTICIPANT_DATASET, { kind: "bar", facet: "password" })).toBeNull();
    expect(validChart(PARTICIPANT_DATASET, { kind: "bar", facet: "buys", measure: "sum" })).toBeNull();
    expect(validChart(LISTING_DATASET, { kind: "pie", facet: "region", measure: "mean" })).toBeNull();
    expect(validChart(PARTICIPANT_DATASET, { kind: "pie", facet: "createdAt" })).toBeNull();
    expect(validChart(LISTING_DATASET, { kind: "pie", facet: "region", measure: "sum" })).not.toBeNull();
  });

  it("draws a value list largest first, a pie's rest as Other, and a date facet's stat in bucket order", () => {
    const buckets = Array.from({ length: 15 }, (_, i) => ({ key: `v${i}`, value: i + 1 }));
    const pie = chartPoints(
      facet("company"),
      { buckets },
      { kind: "pie", facet: "company", measure: "count" },
    );
    expect(pie).toHaveLength(12);
    expect(pie[0]).toEqual({ label: "v14", value: 15 });
    // 1 + 2 + 3 + 4: the four smallest.
    expect(pie[11]).toEqual({ label: CHART_TEXTS.other, value: 10 });
    const dated = chartPoints(
      facet("createdAt"),
      {
        buckets: [
          { key: "lastMonth", value: 3, stat1: 7 },
          { key: "older", value: 9, stat1: 2 },
        ],
      },
      { kind: "line", facet: "createdAt", measure: "sum" },
    );
    expect(dated).toEqual([
      { label: "Last Month", value: 7 },
      { label: "Older", value: 2 },
    ]);
    expect(chartTitle(PARTICIPANT_DATASET, { kind: "line", facet: "createdAt", measure: "sum" })).toBe(
      "Joined — Sum of Data-room downloads",
    );
  });
});
