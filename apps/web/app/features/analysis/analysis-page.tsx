import {
  ANALYSIS_PAGE_SIZE,
  type AnalysisState,
  analysisDataset,
  analysisHref,
  analysisPage,
  chosenFilterCount,
  type FacetDataset,
  facetNamed,
  LISTING_SEND_TEXTS,
  paginate,
  withFilters,
  withoutFilter,
} from "@aea/domain";
import { Download, SlidersHorizontal, X } from "lucide-react";
import { Link } from "react-router";
import { Pager } from "../../components/lists/pager";
import { DataTable } from "../../components/staff/data-table";
import { StaffPage } from "../../components/staff/staff-page";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import type { AnalysisData } from "./analysis-data";
import { ChartPanel } from "./chart-form";
import { FacetPanel } from "./facet-panel";
import { ListingSendPanel } from "./listing-send-panel";
import { RESULT_COLUMNS } from "./result-columns";
import { SavedQueryTools } from "./saved-query-tools";

/** The analysis page: dataset switch, facets (a drawer on a phone), chosen filters, the results. */
export function AnalysisPage({ data, sendProblem }: { data: AnalysisData; sendProblem: string | null }) {
  const { path, state, numFound } = data;
  const dataset = analysisDataset(state.dataset);
  const pagination = paginate(numFound, analysisPage(data.start), ANALYSIS_PAGE_SIZE);
  const filterCount = chosenFilterCount(state);
  const href = (next: AnalysisState) => analysisHref(path, next);
  return (
    <StaffPage
      title="Analysis"
      intro="Ask the buyer network and the listings a question: open a facet, choose values, save the query and share its link."
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Datasets">
          <ul className="inline-flex rounded-md border border-navy-100 bg-white p-0.5 text-sm">
            {data.datasets.map((d) => (
              <li key={d.key}>
                <Link
                  to={href({
                    ...withFilters(state, {}),
                    dataset: d.key,
                    open: [],
                    more: [],
                    sort: null,
                    chart: null,
                  })}
                  aria-current={d.key === state.dataset ? "page" : undefined}
                  className={`inline-flex rounded px-4 py-1.5 font-semibold ${d.key === state.dataset ? "bg-navy-800 text-white" : "text-navy-800 hover:bg-navy-50"}`}
                >
                  {d.display}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap gap-2">
          <SavedQueryTools data={data} />
          {(["csv", "xlsx"] as const).map((format) => (
            <a key={format} href={exportHref(path, state, format)} className={buttonStyles.secondary}>
              <Download aria-hidden size={16} />
              Export {format.toUpperCase()}
            </a>
          ))}
        </div>
      </div>

      {data.problem ? (
        <Alert tone="error" className="mb-4">
          {data.problem}
        </Alert>
      ) : null}
      {data.send?.sent != null ? (
        <Alert tone="success" className="mb-4">
          {LISTING_SEND_TEXTS.sent(data.send.sent)}
        </Alert>
      ) : null}
      {data.savedName ? (
        <p className="mb-3 text-slate-650 text-sm">
          Saved query: <strong className="text-navy-900">{data.savedName}</strong>
        </p>
      ) : null}

      <div className="mb-3 lg:hidden">
        <Link
          to={href({ ...state, drawer: true })}
          className="inline-flex items-center gap-2 rounded-md border border-navy-100 bg-white px-4 py-2 font-semibold text-navy-800 text-sm"
        >
          <SlidersHorizontal aria-hidden size={16} />
          Filters
          {filterCount > 0 ? (
            <span className="rounded-full bg-amber-500 px-2 text-navy-950 text-xs tabular">
              <span className="sr-only">, chosen: </span>
              {filterCount}
            </span>
          ) : null}
        </Link>
      </div>

      <div className="lg:grid lg:grid-cols-[18rem_1fr] lg:gap-6">
        <aside
          aria-label="Facets"
          className={
            state.drawer
              ? "fixed inset-0 z-40 flex flex-col bg-white lg:static lg:z-auto lg:block"
              : "hidden lg:block"
          }
        >
          <div className="flex items-center justify-between border-navy-100 border-b px-4 py-3 lg:hidden">
            <h2 className="font-semibold text-navy-900">Filters</h2>
            <Link to={href({ ...state, drawer: false })} aria-label="Close filters" className="rounded p-1">
              <X aria-hidden size={20} />
            </Link>
          </div>
          <div className="flex-1 overflow-y-auto px-2 lg:rounded-card lg:border lg:border-navy-100 lg:bg-white lg:px-1 lg:shadow-card">
            <h2 className="sr-only lg:not-sr-only lg:px-2 lg:pt-3 lg:pb-1 lg:font-semibold lg:text-navy-900 lg:text-sm lg:uppercase lg:tracking-wide">
              Facets
            </h2>
            {dataset.facets.map((facet) => (
              <FacetPanel
                key={facet.name}
                path={path}
                state={state}
                facet={facet}
                counts={data.facets[facet.name]}
              />
            ))}
          </div>
          <div className="border-navy-100 border-t p-3 lg:hidden">
            <Link
              to={href({ ...state, drawer: false })}
              className="flex w-full justify-center rounded-md bg-amber-500 px-4 py-2.5 font-semibold text-navy-950"
            >
              See {numFound.toLocaleString("en-US")} results
            </Link>
          </div>
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <ActiveFilters dataset={dataset} state={state} href={href} />
          <ChartPanel path={path} state={state} counts={data.facets} />
          {data.send ? (
            <ListingSendPanel path={path} state={state} view={data.send} problem={sendProblem} />
          ) : null}
          <DataTable
            caption={`${dataset.display} found`}
            columns={RESULT_COLUMNS[dataset.key] ?? []}
            rows={data.docs}
            rowKey={(doc) => String(doc.id)}
            empty="Nothing matches these filters."
            minWidth="min-w-[52rem]"
            sort={{
              by: state.sort?.field ?? "",
              direction: state.sort?.ascending === false ? "desc" : "asc",
              href: (by, direction) =>
                href({ ...state, sort: { field: by, ascending: direction === "asc" }, start: 0 }),
            }}
          />
          <Pager
            label={`Pages of ${dataset.display.toLowerCase()}`}
            pagination={pagination}
            hrefForPage={(page) => href({ ...state, start: (page - 1) * ANALYSIS_PAGE_SIZE })}
            className="mt-4 justify-end"
          />
        </section>
      </div>
    </StaffPage>
  );
}

function ActiveFilters({
  dataset,
  state,
  href,
}: {
  dataset: FacetDataset;
  state: AnalysisState;
  href(state: AnalysisState): string;
}) {
  const chips = Object.entries(state.filters).flatMap(([name, expressions]) => {
    const facet = facetNamed(dataset, name);
    if (!facet) return [];
    return expressions.map((expression) => {
      const excluded = expression.startsWith("-");
      const key = excluded ? expression.slice(1) : expression;
      const value = facet.facetOptions.find((o) => o.key === key)?.display ?? key;
      return { name, expression, facet: facet.shortDisplay, value, excluded };
    });
  });
  if (chips.length === 0) return null;
  return (
    <section className="mb-3 flex flex-wrap items-center gap-2" aria-label="Chosen filters">
      {chips.map((chip) => (
        <span
          key={`${chip.name}:${chip.expression}`}
          className={`inline-flex items-center gap-1 rounded-full border py-0.5 pr-1 pl-3 text-sm ${chip.excluded ? "border-red-200 bg-red-50 text-red-800" : "border-navy-100 bg-navy-50 text-navy-900"}`}
        >
          <span className="text-slate-650">{chip.facet}:</span>
          {chip.excluded ? <strong className="font-bold text-red-700 text-xs">NOT</strong> : null}
          <span>{chip.value}</span>
          <Link
            to={href(withoutFilter(state, chip.name, chip.expression))}
            preventScrollReset
            aria-label={`Remove ${chip.facet}: ${chip.excluded ? "NOT " : ""}${chip.value}`}
            className="rounded-full p-1 hover:bg-white"
          >
            <X aria-hidden size={14} />
          </Link>
        </span>
      ))}
      <Link
        to={href(withFilters(state, {}))}
        preventScrollReset
        className="px-2 font-medium text-navy-700 text-sm underline underline-offset-2"
      >
        Clear all
      </Link>
    </section>
  );
}

/** The export of the results the page shows: its filters (or QueryUUID) and sort, every row. */
function exportHref(path: string, state: AnalysisState, format: "csv" | "xlsx"): string {
  const page = analysisHref(`${path}/export`, { ...state, start: 0, open: [], more: [], drawer: false });
  return `${page}${page.includes("?") ? "&" : "?"}format=${format}`;
}
