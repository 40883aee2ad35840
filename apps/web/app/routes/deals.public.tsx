import {
  DEALS_PUBLIC_PATH,
  dealsHref,
  parseDealQuery,
  type RouteHandle,
  serializeDealQuery,
} from "@aea/domain";
import { appContext } from "../app-context";
import { dealResults } from "../features/deals/deal-results";
import { DealsBrowser } from "../features/deals/deals-browser";
import { publicDealsStore, revalidateUntilLoaded } from "../features/deals/deals-store";
import { LazyDealsMap } from "../features/deals/lazy-deals-map";
import { canonicalLink } from "../lib/canonical";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/deals.public";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const query = parseDealQuery(new URL(request.url).searchParams);
  const likedIds = user ? await core.likes.likedListingIds(user.id) : [];
  return dealResults(await core.listings.publicListings(), query, likedIds);
}

export const shouldRevalidate = revalidateUntilLoaded(publicDealsStore);

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const query = parseDealQuery(new URLSearchParams(location.search));
  const canonicalQuery = serializeDealQuery({
    ...query,
    view: undefined,
    page: undefined,
    sort: undefined,
    reverse: false,
  });
  return [
    { title: pageTitle(matches, "Oil & Gas Assignments for Sale") },
    {
      name: "description",
      content:
        "Current oil and gas assignments: producing properties, leasehold, drilling prospects, minerals and royalties for sale in the US, Canada and international basins.",
    },
    canonicalLink(matches, dealsHref(parseDealQuery(canonicalQuery))),
  ];
};

export default function PublicDeals({ loaderData }: Route.ComponentProps) {
  const { mapsKey, user } = useSite();
  return (
    <DealsBrowser
      title="Current Assignments"
      intro="Oil and gas properties the firm is marketing now. Filter, search, and open any deal for its details."
      path={DEALS_PUBLIC_PATH}
      serverResults={loaderData}
      askToLogIn={!user}
      store={publicDealsStore}
      renderMap={(deals) => <LazyDealsMap deals={deals} mapsKey={mapsKey} />}
    />
  );
}
