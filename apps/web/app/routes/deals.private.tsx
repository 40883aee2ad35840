import { PRIVATE_OPPORTUNITIES, parseDealQuery, type RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { dealResults } from "../features/deals/deal-results";
import { DealsBrowser } from "../features/deals/deals-browser";
import { privateDealsStore, revalidateUntilLoaded } from "../features/deals/deals-store";
import { LazyDealsMap } from "../features/deals/lazy-deals-map";
import { admittedUser } from "../lib/guards";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/deals.private";

export const handle = { access: "private-buyer" } satisfies RouteHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const query = parseDealQuery(new URL(request.url).searchParams);
  return dealResults(
    await core.listings.privateListingsFor(user),
    query,
    await core.likes.likedListingIds(user.id),
  );
}

export const shouldRevalidate = revalidateUntilLoaded(privateDealsStore);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, PRIVATE_OPPORTUNITIES) },
  { name: "robots", content: "noindex" },
];

export default function PrivateDeals({ loaderData }: Route.ComponentProps) {
  const { mapsKey } = useSite();
  return (
    <DealsBrowser
      title={PRIVATE_OPPORTUNITIES}
      intro="Confidential deals shared with you through their private data rooms (Private VDR)."
      path="/deals/private"
      serverResults={loaderData}
      store={privateDealsStore}
      renderMap={(deals) => <LazyDealsMap deals={deals} mapsKey={mapsKey} />}
    />
  );
}
