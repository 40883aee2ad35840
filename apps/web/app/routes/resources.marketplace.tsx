import {
  countDealFacets,
  DEAL_TYPE_MENU,
  dealsHref,
  isActive,
  isClosing,
  type Listing,
  type RouteHandle,
} from "@aea/domain";
import { FlaskConical, Map as MapIcon, Tags, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { appContext } from "../app-context";
import { DealCard } from "../features/deals/deal-card";
import { Breakdown, DealTypeGrid, ExploreTile, MarketplaceFigures } from "../features/resources/marketplace";
import { ResourcesHeader } from "../features/resources/resources-header";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/resources.marketplace";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

const NEW_LISTING_DAYS = 90;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const [publicDeals, research] = await Promise.all([
    core.listings.publicListings(),
    core.listings.studyListings(),
  ]);
  const active = publicDeals.filter(isActive);
  const facets = countDealFacets(active);
  const since = Date.now() - NEW_LISTING_DAYS * 24 * 3600 * 1000;
  const listedAt = (l: Listing) => (l.dateListed ? Date.parse(l.dateListed) : Number.NaN);
  const codes = new Map(DEAL_TYPE_MENU.map((t) => [t.queryValue, t.code]));
  return {
    figures: [
      { label: "Active deals", value: active.length, hint: "On the market now" },
      {
        label: "With a data room",
        value: active.filter((l) => l.hasVDR).length,
        hint: "Ready for due diligence",
      },
      {
        label: `Listed in ${NEW_LISTING_DAYS} days`,
        value: active.filter((l) => listedAt(l) >= since).length,
        hint: "New to the market",
      },
      {
        label: "Offers pending",
        value: publicDeals.filter(isClosing).length,
        hint: "Under contract, closing soon",
      },
    ],
    types: facets.dealType.map((t) => ({
      label: t.label,
      count: t.count,
      code: codes.get(t.value),
      href: dealsHref({ type: t.value }),
    })),
    locations: facets.location.map((l) => ({
      label: l.label,
      count: l.count,
      href: dealsHref({ location: [l.value] }),
    })),
    sizes: facets.dealSize.map((s) => ({
      label: s.label,
      count: s.count,
      href: dealsHref({ dealSize: [s.value] }),
    })),
    regions: facets.region.slice(0, 8).map((r) => ({
      label: r.label,
      count: r.count,
      href: dealsHref({ region: r.value }),
    })),
    researchCount: research.length,
    newest: [...active]
      .filter((l) => !Number.isNaN(listedAt(l)))
      .sort((a, b) => listedAt(b) - listedAt(a))
      .slice(0, 4),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: pageTitle(matches, "Oil & Gas Marketplace") },
  {
    name: "description",
    content: `${loaderData?.figures[0]?.value ?? "Current"} active oil and gas deals: producing properties, leasehold, minerals, royalties and drilling prospects by type, region and size.`,
  },
];

export default function MarketplacePage({ loaderData }: Route.ComponentProps) {
  const { figures, types, locations, sizes, regions, researchCount, newest } = loaderData;
  return (
    <div className="bg-navy-50/60 pb-16">
      <ResourcesHeader title="The marketplace" current="/resources/marketplace">
        <p>
          Every deal we are marketing today, counted by type, location, size and region. Pick a figure to see
          the deals.
        </p>
      </ResourcesHeader>

      <div className="mx-auto max-w-7xl space-y-12 px-4 pt-8 sm:px-6 sm:pt-10">
        <MarketplaceFigures figures={figures} />

        <section aria-labelledby="by-type">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="by-type" className="font-bold text-2xl text-navy-900">
              Active deals by type
            </h2>
            <Link to="/deals/public" className="font-semibold text-navy-700 text-sm hover:underline">
              See all assignments
            </Link>
          </div>
          <div className="mt-4">
            <DealTypeGrid types={types} />
          </div>
        </section>

        <section aria-labelledby="by-where" className="space-y-4">
          <h2 id="by-where" className="font-bold text-2xl text-navy-900">
            Where and how large
          </h2>
          <div className="grid gap-4 md:grid-cols-3">
            <Breakdown title="By location" items={locations} />
            <Breakdown title="By deal size" items={sizes} />
            <Breakdown title="Top regions" items={regions} />
          </div>
        </section>

        {newest.length > 0 ? (
          <section aria-labelledby="newest">
            <h2 id="newest" className="font-bold text-2xl text-navy-900">
              Newest listings
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {newest.map((listing) => (
                <li key={listing.ListingId} className="min-w-0">
                  <DealCard listing={listing} layout="tile" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="explore">
          <h2 id="explore" className="font-bold text-2xl text-navy-900">
            Explore further
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <ExploreTile
              to="/deals/public/map"
              icon={<MapIcon aria-hidden size={20} />}
              title="Search by map"
            >
              See every active deal on a map of the basins.
            </ExploreTile>
            <ExploreTile to="/deals/research" icon={<FlaskConical aria-hidden size={20} />} title="Research">
              {researchCount} research studies of plays and past sales.
            </ExploreTile>
            <ExploreTile
              to="/buyer/signup"
              icon={<UserPlus aria-hidden size={20} />}
              title="Register as a buyer"
            >
              Hear about new deals the day they launch.
            </ExploreTile>
            <ExploreTile to="/seller" icon={<Tags aria-hidden size={20} />} title="Sell your assets">
              Put your properties in front of this market.
            </ExploreTile>
          </div>
        </section>
      </div>
    </div>
  );
}
