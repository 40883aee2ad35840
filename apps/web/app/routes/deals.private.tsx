import { canSeePrivateDeals, PRIVATE_OPPORTUNITIES, parseDealQuery } from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import { dealResults } from "../features/deals/deal-results";
import { DealsBrowser } from "../features/deals/deals-browser";
import { privateDealsStore, revalidateUntilLoaded } from "../features/deals/deals-store";
import { LazyDealsMap } from "../features/deals/lazy-deals-map";
import { requireUser } from "../lib/guards";
import { withNotice } from "../lib/notices";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/deals.private";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context);
  if (!canSeePrivateDeals(user)) throw redirect(withNotice("/home", "not-authorized"));
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
