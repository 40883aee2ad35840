import {
  type AnalysisState,
  analysisDataset,
  analysisHref,
  CHART_KIND_NAMES,
  CHART_KINDS,
  CHART_MEASURE_NAMES,
  CHART_MEASURES,
  CHART_TEXTS,
  type FacetCounts,
} from "@aea/domain";
import { ChartColumn } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { AnalysisChart } from "./analysis-chart";
import { HiddenState } from "./hidden-state";

const select = "mt-0.5 h-9 w-full rounded-md border border-navy-100 bg-white px-2 text-navy-900 text-sm";

/**
 * The query's chart and the form choosing it: a GET form (it works before the page's script arrives)
 * whose choice becomes the address's `chart`, saved with the query. Closed while no chart is chosen.
 */
export function ChartPanel({
  path,
  state,
  counts,
}: {
  path: string;
  state: AnalysisState;
  counts: Record<string, FacetCounts>;
}) {
  const dataset = analysisDataset(state.dataset);
  const { chart } = state;
  return (
    <details
      open={chart !== null}
      className="mb-4 rounded-card border border-navy-100 bg-white p-4 shadow-card"
    >
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-navy-900 text-sm">
        <ChartColumn aria-hidden size={16} />
        {CHART_TEXTS.heading}
      </summary>
      <Form
        method="get"
        action={path}
        preventScrollReset
        className="mt-3 grid grid-cols-2 items-end gap-2 sm:grid-cols-[8rem_1fr_10rem_auto]"
      >
        <HiddenState path={path} state={{ ...state, chart: null }} />
        <div className="text-slate-650 text-xs">
          <label htmlFor="chartKind">{CHART_TEXTS.kind}</label>
          <select id="chartKind" name="chartKind" defaultValue={chart?.kind ?? "bar"} className={select}>
            {CHART_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {CHART_KIND_NAMES[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="text-slate-650 text-xs">
          <label htmlFor="chartFacet">{CHART_TEXTS.facet}</label>
          <select
            id="chartFacet"
            name="chartFacet"
            defaultValue={chart?.facet ?? dataset.facets[0]?.name}
            className={select}
          >
            {dataset.facets.map((facet) => (
              <option key={facet.name} value={facet.name}>
                {facet.display}
              </option>
            ))}
          </select>
        </div>
        <div className="text-slate-650 text-xs">
          <label htmlFor="chartMeasure">{CHART_TEXTS.measure}</label>
          <select
            id="chartMeasure"
            name="chartMeasure"
            defaultValue={chart?.measure ?? "count"}
            className={select}
          >
            {CHART_MEASURES.map((measure) => (
              <option key={measure} value={measure}>
                {CHART_MEASURE_NAMES[measure]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={`${buttonStyles.secondary} h-9 py-0`}>
            {CHART_TEXTS.draw}
          </button>
        </div>
      </Form>
      {chart ? (
        <div className="mt-4 border-navy-100 border-t pt-4">
          <AnalysisChart dataset={dataset} chart={chart} counts={counts[chart.facet]} />
          <Link
            to={analysisHref(path, { ...state, chart: null })}
            preventScrollReset
            className="mt-3 inline-block font-medium text-navy-700 text-sm underline underline-offset-2"
          >
            {CHART_TEXTS.remove}
          </Link>
        </div>
      ) : null}
    </details>
  );
}
