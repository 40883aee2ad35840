import { type DealQuery, dealsHref, parseDealQuery } from "@aea/domain";
import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { useLocation } from "react-router";
import { Pager } from "../../components/lists/pager";
import { island } from "../../lib/island";
import { DealCard } from "./deal-card";
import { DealFilters } from "./deal-filters";
import type { DealResults } from "./deal-results";
import { DealToolbar } from "./deal-toolbar";
import { browserDealResults, type DealsStore, useDeals } from "./deals-store";
import { LikedDealsOfPage, useLikedDeals } from "./liked-deals";
import type { MapDeal } from "./map/map-deal";

// The print and table views come with their own code, so the list's first load carries only the cards.
const DealPrintList = island(() => import("./deal-print-list").then((m) => m.DealPrintList));
const DealTable = island(() => import("./deal-table").then((m) => m.DealTable));

interface DealsBrowserProps {
  /** The liked filter is on but nobody is signed in: ask the visitor to log in. */
  askToLogIn?: boolean;
  title: string;
  intro?: ReactNode;
  /** The page's path; every link keeps it and changes only the query. */
  path: string;
  /** What the server computed for this URL; shown until the browser has the whole list. */
  serverResults: DealResults;
  store: DealsStore;
  renderMap(deals: MapDeal[]): ReactNode;
}

/** A deal card's usual height (measured at 390–1366 px): a row is stacked on a phone, one line from xl. */
const cardHeight = {
  row: "[--near-height:520px] sm:[--near-height:270px] xl:[--near-height:215px]",
  tile: "[--near-height:590px] sm:[--near-height:450px]",
};

const gridColumns: Record<string, string> = {
  "1x": "grid-cols-1 max-w-3xl",
  "2x": "sm:grid-cols-2",
  "3x": "sm:grid-cols-2 lg:grid-cols-3",
  "4x": "sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
};

/**
 * A page of deals with its filters, views and paging. Everything a visitor sets lives in the URL;
 * the server renders any URL, and once the whole list has loaded the browser answers further
 * changes itself.
 */
export function DealsBrowser({
  title,
  intro,
  path,
  serverResults,
  store,
  renderMap,
  askToLogIn,
}: DealsBrowserProps) {
  const location = useLocation();
  const query = useMemo(() => parseDealQuery(new URLSearchParams(location.search)), [location.search]);
  const all = useDeals(store, "on-intent");
  const likedIds = useLikedDeals(serverResults.likedIds);
  const results = useMemo(
    () => (all ? browserDealResults(all, query, [...likedIds]) : serverResults),
    [all, query, serverResults, likedIds],
  );
  const hrefFor = (next: Partial<DealQuery>) => dealsHref(next, path);

  return (
    <div className="mx-auto max-w-[1920px] px-3 py-6 sm:px-5 lg:py-8">
      {/* The active filters' tokens are in the header's search bar (HeaderFilterTokens). */}
      <div>
        <h1 className="font-bold text-2xl text-navy-900 sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-1 text-slate-650">{intro}</div> : null}
      </div>

      <div className="mt-5 gap-6 lg:flex">
        {/* The filters are drawn once: a "Filters" disclosure on phones, always open as the side panel
            from lg (its content shown whether or not the disclosure is open). Drawn twice, once for
            each, the second copy was 11 KB of markup, rendered on every signed-in request. */}
        <aside className="no-print mb-4 lg:mb-0 lg:w-64 lg:shrink-0" aria-label="Filters">
          <details className="rounded-card border border-navy-100 bg-white lg:border-0 lg:bg-transparent lg:details-content:[content-visibility:visible]">
            <summary className="flex cursor-pointer items-center gap-2 px-4 py-3 font-semibold text-navy-800 lg:hidden">
              <SlidersHorizontal aria-hidden size={16} /> Filters
            </summary>
            <div className="border-navy-100 border-t px-4 py-4 lg:border-0 lg:p-0">
              <DealFilters counts={results.counts} query={query} hrefFor={hrefFor} />
            </div>
          </details>
        </aside>

        <section className="min-w-0 flex-1" aria-labelledby="deals-heading">
          {/* Deal cards are level-3 headings under this one (screen readers list headings by level). */}
          <h2 id="deals-heading" className="sr-only">
            Deals
          </h2>
          <div className="no-print mb-4 flex flex-wrap items-center justify-between gap-3">
            <DealToolbar query={query} hrefFor={hrefFor} />
            {query.view === "map" || query.view === "print" ? null : (
              <Pager pagination={results.pagination} hrefForPage={(page) => hrefFor({ ...query, page })} />
            )}
          </div>
          {askToLogIn && query.liked ? (
            <div className="rounded-card border border-navy-100 bg-navy-50 px-6 py-12 text-center">
              <p className="font-semibold text-lg text-navy-900">Log in to see the deals you liked.</p>
              <a
                href={`/login?redirectTo=${encodeURIComponent(hrefFor(query))}`}
                className="mt-4 inline-flex rounded-md bg-amber-500 px-5 py-2 font-semibold text-navy-950 hover:bg-amber-600"
              >
                Log in
              </a>
            </div>
          ) : (
            <LikedDealsOfPage ids={serverResults.likedIds}>
              <DealsView
                query={query}
                results={results}
                hrefFor={hrefFor}
                renderMap={renderMap}
                title={title}
              />
            </LikedDealsOfPage>
          )}
          {query.view === "map" || query.view === "print" || results.items.length === 0 ? null : (
            <div className="no-print mt-6 flex justify-end">
              <Pager pagination={results.pagination} hrefForPage={(page) => hrefFor({ ...query, page })} />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function DealsView({
  query,
  results,
  hrefFor,
  renderMap,
  title,
}: {
  query: DealQuery;
  results: DealResults;
  hrefFor(next: Partial<DealQuery>): string;
  renderMap(deals: MapDeal[]): ReactNode;
  title: string;
}) {
  if (query.view === "map") return <>{renderMap(results.mapDeals)}</>;
  if (query.view === "print") return <DealPrintList listings={results.printItems} title={title} />;
  if (results.items.length === 0) {
    return (
      <div className="rounded-card border border-navy-100 border-dashed bg-navy-50 px-6 py-16 text-center">
        <p className="font-semibold text-lg text-navy-900">No deals match these filters.</p>
        <p className="mt-1 text-slate-650">Remove a filter or search for something broader.</p>
      </div>
    );
  }
  if (query.view === "table") return <DealTable listings={results.items} query={query} hrefFor={hrefFor} />;
  const grid = gridColumns[query.view];
  // Cards after the first two are drawn as they near the screen; until then they hold about their height.
  const later = `render-when-near ${grid ? cardHeight.tile : cardHeight.row}`;
  return (
    <ol className={grid ? `grid gap-4 ${grid}` : "space-y-4"}>
      {results.items.map((listing, index) => (
        <li key={listing.ListingId} className={index < 2 ? undefined : later}>
          <DealCard listing={listing} layout={grid ? "tile" : "row"} eager={index < 2} />
        </li>
      ))}
    </ol>
  );
}
