import {
  COUNTRIES,
  COUNTRY_NAMES,
  DIVESTMENT_SERVICES,
  DIVESTMENT_SERVICES_TITLE,
  HIDDEN_HOME_HEADING,
  HOME_PAGE_DEAL_TYPES,
  isActive,
  isSold,
  KEY_ITEM_CARDS,
  KEY_ITEMS_TITLE,
  NON_CORE_ASSETS_CALL_TO_ACTION,
  SELL_YOUR_ASSETS,
} from "@aea/domain";
import { ArrowRight, Handshake, Map as MapIcon, Megaphone, Package, Server, Users } from "lucide-react";
import { Link } from "react-router";
import { appContext } from "../app-context";
import { CurrentAssignments } from "../features/deals/current-assignments";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const listings = await core.listings.publicListings();
  return {
    activeCount: listings.filter(isActive).length,
    currentAssignments: listings
      .filter((l) => l.hasVDR && l.hasLogoImage && !isSold(l))
      .map(({ ListingId, Header, boxLogoUrl }) => ({ ListingId, Header, boxLogoUrl })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Oil & Gas Acquisitions and Divestitures") },
  {
    name: "description",
    content:
      "Oil and gas acquisition, divestiture and technical advisory: producing properties, leasehold, minerals, royalties and drilling prospects for sale across the US, Canada and internationally.",
  },
];

const dealTypeButton =
  "inline-flex items-center justify-center rounded-md border border-navy-100 bg-white px-4 py-2.5 font-semibold text-navy-800 text-sm shadow-card transition-colors hover:border-amber-500 hover:text-navy-950";

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="sr-only">{HIDDEN_HOME_HEADING}</h1>

      <section className="relative overflow-hidden bg-navy-900 text-white" aria-labelledby="home-hero-title">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(242,154,31,0.28),transparent_55%),linear-gradient(160deg,#10284a_0%,#07111f_70%)]"
        />
        <div className="relative mx-auto max-w-7xl px-6 py-16 sm:py-24">
          <p className="font-semibold text-amber-500 text-sm uppercase tracking-[0.16em]">
            Acquisitions · Divestitures · Technical advisory
          </p>
          <h2 id="home-hero-title" className="mt-3 max-w-3xl font-bold text-3xl leading-tight sm:text-5xl">
            Oil and gas properties, marketed to the industry's largest buyer network
          </h2>
          <p className="mt-5 max-w-2xl text-lg text-navy-100">
            {loaderData.activeCount} active assignments across the United States, Canada and international
            basins.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/deals/public"
              className="inline-flex items-center gap-2 rounded-md bg-amber-500 px-5 py-3 font-semibold text-navy-950 hover:bg-amber-600"
            >
              Browse assignments <ArrowRight aria-hidden size={18} />
            </Link>
            <Link
              to="/seller"
              className="inline-flex items-center gap-2 rounded-md border border-white/30 px-5 py-3 font-semibold text-white hover:bg-white/10"
            >
              {SELL_YOUR_ASSETS}
            </Link>
          </div>
        </div>
      </section>

      <nav aria-label="Deal types" className="border-navy-100 border-b bg-navy-50">
        <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-2 px-4 py-5">
          <li>
            <Link to="/deals/research" className={dealTypeButton}>
              Research
            </Link>
          </li>
          <li>
            <Link to="/deals/public" className={dealTypeButton}>
              All Assignments
            </Link>
          </li>
          {HOME_PAGE_DEAL_TYPES.map((type) => (
            <li key={type.code}>
              <Link
                to={`/deals/public?type=${type.queryValue}`}
                className={dealTypeButton}
                title={type.title}
              >
                {type.code}
                <span className="sr-only"> – {type.title}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/deals/public/map" className={`${dealTypeButton} gap-1.5`}>
              <MapIcon aria-hidden size={16} /> Search By Map
            </Link>
          </li>
        </ul>
      </nav>

      <section className="mx-auto max-w-7xl px-6 py-16" aria-labelledby="key-items-title">
        <h2 id="key-items-title" className="text-center font-bold text-2xl text-navy-900 sm:text-3xl">
          {KEY_ITEMS_TITLE}
        </h2>
        <ul className="mt-6 flex flex-wrap justify-center gap-3">
          {COUNTRIES.map((country) => (
            <li key={country}>
              <Link
                to={`/deals/public?location=${country}`}
                className="inline-flex rounded-full bg-navy-800 px-5 py-2 font-semibold text-sm text-white hover:bg-navy-700"
              >
                {COUNTRY_NAMES[country]}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {KEY_ITEM_CARDS.map((card) => (
            <li key={card.title}>
              <Link
                to={card.href}
                className="group flex h-full flex-col rounded-card border border-navy-100 bg-white p-6 shadow-card transition-shadow hover:shadow-raised"
              >
                <span className="font-semibold text-navy-900 text-lg">{card.title}</span>
                <span className="tabular mt-3 font-bold text-2xl text-amber-700">{card.figure}</span>
                <span className="mt-auto inline-flex items-center gap-1 pt-5 font-semibold text-navy-700 text-sm group-hover:text-amber-700">
                  Learn more <ArrowRight aria-hidden size={15} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <CurrentAssignments deals={loaderData.currentAssignments} />

      <section aria-labelledby="divestment-title" className="bg-navy-50 py-16">
        <div className="mx-auto max-w-7xl px-6">
          <h2 id="divestment-title" className="text-center font-bold text-2xl text-navy-900 sm:text-3xl">
            {DIVESTMENT_SERVICES_TITLE}
          </h2>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
            {DIVESTMENT_SERVICES.map((service, index) => {
              const Icon = divestmentIcons[index % divestmentIcons.length];
              return (
                <li
                  key={service}
                  className="flex flex-col items-center rounded-card bg-white p-6 text-center shadow-card"
                >
                  <span className="flex h-12 w-12 items-center justify-center rounded-full bg-navy-900 text-amber-500">
                    <Icon aria-hidden size={22} />
                  </span>
                  <span className="mt-3 font-semibold text-navy-900">{service}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="bg-navy-900 py-14 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-5 px-6 text-center md:flex-row md:justify-between md:text-left">
          <h2 id="cta-title" className="font-bold text-2xl sm:text-3xl">
            {NON_CORE_ASSETS_CALL_TO_ACTION}
          </h2>
          <Link
            to="/services"
            className="inline-flex shrink-0 items-center gap-2 rounded-md bg-amber-500 px-6 py-3 font-semibold text-navy-950 hover:bg-amber-600"
          >
            Our services <ArrowRight aria-hidden size={18} />
          </Link>
        </div>
      </section>
    </>
  );
}

const divestmentIcons = [Package, Server, Megaphone, Users, Handshake];
