import { parseDealQuery, type RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { dealResults } from "../features/deals/deal-results";
import { DealsBrowser } from "../features/deals/deals-browser";
import { revalidateUntilLoaded, studyDealsStore } from "../features/deals/deals-store";
import { LazyDealsMap } from "../features/deals/lazy-deals-map";
import { canonicalLink } from "../lib/canonical";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/deals.research";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

const path = "/deals/research";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const query = parseDealQuery(new URL(request.url).searchParams);
  const likedIds = user ? await core.likes.likedListingIds(user.id) : [];
  return dealResults(await core.listings.studyListings(), query, likedIds);
}

export const shouldRevalidate = revalidateUntilLoaded(studyDealsStore);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Research Deals") },
  {
    name: "description",
    content:
      "The firm's oil and gas research studies: basin and play studies, type curves and acquisition screens.",
  },
  canonicalLink(matches, path),
];

export default function ResearchDeals({ loaderData }: Route.ComponentProps) {
  const { mapsKey, user } = useSite();
  return (
    <DealsBrowser
      title="Research"
      intro="Studies and research packages from the firm's technical team."
      path={path}
      serverResults={loaderData}
      askToLogIn={!user}
      store={studyDealsStore}
      renderMap={(deals) => <LazyDealsMap deals={deals} mapsKey={mapsKey} />}
    />
  );
}
