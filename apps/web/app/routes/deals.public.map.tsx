import { applyDealQuery, DEALS_PUBLIC_PATH, dealsHref, parseDealQuery, type RouteHandle } from "@aea/domain";
import { List } from "lucide-react";
import { useMemo } from "react";
import { Link, useLocation } from "react-router";
import { appContext } from "../app-context";
import { publicDealsStore, useDeals } from "../features/deals/deals-store";
import { LazyDealsMap } from "../features/deals/lazy-deals-map";
import type { MapDeal } from "../features/deals/map/map-deal";
import { canonicalLink } from "../lib/canonical";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/deals.public.map";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

const toMapDeal = ({
  ListingId,
  Header,
  coordinates,
  status,
  PLSCode,
  location,
  sold,
}: MapDeal): MapDeal => ({
  ListingId,
  Header,
  coordinates,
  status,
  PLSCode,
  location,
  sold,
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const query = parseDealQuery(new URL(request.url).searchParams);
  return { deals: applyDealQuery(await core.listings.publicListings(), query).matches.map(toMapDeal) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Map of Oil & Gas Assignments") },
  { name: "description", content: "Every current oil and gas assignment of the firm on a map." },
  canonicalLink(matches, "/deals/public/map"),
];

export default function DealsMapPage({ loaderData }: Route.ComponentProps) {
  const { mapsKey } = useSite();
  const location = useLocation();
  const query = useMemo(() => parseDealQuery(new URLSearchParams(location.search)), [location.search]);
  const all = useDeals(publicDealsStore, "now");
  const deals = useMemo(
    () => (all ? applyDealQuery(all, query).matches.map(toMapDeal) : loaderData.deals),
    [all, query, loaderData.deals],
  );
  return (
    <div className="mx-auto max-w-[1920px] px-3 py-6 sm:px-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl text-navy-900 sm:text-3xl">Assignments on the Map</h1>
          <p className="mt-1 text-slate-650">
            {deals.length} deals. Zoom in to split clusters; select a marker for the deal.
          </p>
        </div>
        <Link
          to={dealsHref({ ...query, view: "list" }, DEALS_PUBLIC_PATH)}
          className="inline-flex items-center gap-2 rounded-md border border-navy-100 px-4 py-2 font-semibold text-navy-800 text-sm hover:bg-navy-50"
        >
          <List aria-hidden size={16} /> Show as a list
        </Link>
      </div>
      <LazyDealsMap deals={deals} mapsKey={mapsKey} height="calc(100vh - 260px)" />
    </div>
  );
}
