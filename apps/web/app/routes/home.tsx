import {
  COUNTRIES,
  countryName,
  DIVESTMENT_SERVICES,
  DIVESTMENT_SERVICES_TITLE,
  dealTypeHref,
  HIDDEN_HOME_HEADING,
  HOME_ALL_ASSIGNMENTS,
  HOME_PAGE_DEAL_TYPES,
  HOME_RESEARCH,
  HOME_SEARCH_BY_MAP,
  isSold,
  KEY_ITEM_CARDS,
  KEY_ITEMS_TITLE,
  NON_CORE_ASSETS_CALL_TO_ACTION,
  type RouteHandle,
} from "@aea/domain";
import { ArrowRight, Handshake, Map as MapIcon, Megaphone, Package, Server, Users } from "lucide-react";
import { Link } from "react-router";
import { appContext } from "../app-context";
import { buttonStyles } from "../components/ui/button-styles";
import { CurrentAssignments } from "../features/deals/current-assignments";
import { EnergyPriceStrip } from "../features/marketing/energy-prices";
import { HeroCarousel } from "../features/marketing/hero-carousel";
import { loadHomeContent } from "../features/marketing/home-content.server";
import {
  CaseHistories,
  ClientLogos,
  HomeSection,
  TechnicalServices,
} from "../features/marketing/home-sections";
import { EMPTY_SEO, seoMeta } from "../lib/content/seo";
import type { Route } from "./+types/home";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const [listings, content] = await Promise.all([
    core.listings.publicListings(),
    loadHomeContent(core.content, { energyPrices: core.config.features.showEnergyPrices }),
  ]);
  return {
    ...content,
    currentAssignments: listings
      .filter((l) => l.hasVDR && l.hasLogoImage && !isSold(l))
      .map(({ ListingId, Header, mediaUpdatedDate }) => ({ ListingId, Header, mediaUpdatedDate })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(loaderData?.seo ?? EMPTY_SEO, matches, {
    fallbackTitle: "Oil & Gas Acquisitions and Divestitures",
    fallbackDescription:
      "Oil and gas acquisition, divestiture and technical advisory: producing properties, leasehold, minerals, royalties and drilling prospects for sale across the US, Canada and internationally.",
    path: "/home",
  });

const dealTypeButton =
  "inline-flex items-center justify-center rounded-md border border-navy-100 bg-white px-4 py-2.5 font-semibold text-navy-800 text-sm shadow-card transition-colors hover:border-amber-500 hover:text-navy-950";

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="sr-only">{HIDDEN_HOME_HEADING}</h1>

      {loaderData.energyPrices.length > 0 ? <EnergyPriceStrip prices={loaderData.energyPrices} /> : null}
      <HeroCarousel slides={loaderData.heroSlides} />

      <nav aria-label="Deal types" className="border-navy-100 border-b bg-navy-50">
        <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-2 px-4 py-5">
          <li>
            <Link to="/deals/research" className={dealTypeButton}>
              {HOME_RESEARCH}
            </Link>
          </li>
          <li>
            <Link to="/deals/public" className={dealTypeButton}>
              {HOME_ALL_ASSIGNMENTS}
            </Link>
          </li>
          {HOME_PAGE_DEAL_TYPES.map((type) => (
            <li key={type.code}>
              <Link to={dealTypeHref(type.queryValue)} className={dealTypeButton} title={type.title}>
                {type.code}
                <span className="sr-only"> – {type.title}</span>
              </Link>
            </li>
          ))}
          <li>
            <Link to="/deals/public/map" className={`${dealTypeButton} gap-1.5`}>
              <MapIcon aria-hidden size={16} /> {HOME_SEARCH_BY_MAP}
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
                {countryName(country)}
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

      <HomeSection
        id="divestment-title"
        title={DIVESTMENT_SERVICES_TITLE}
        className="bg-navy-50 py-16 [--near-height:970px] sm:[--near-height:640px] lg:[--near-height:340px]"
      >
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
      </HomeSection>

      <ClientLogos logos={loaderData.clientLogos} />
      <CaseHistories images={loaderData.caseHistories} />

      <section
        aria-labelledby="cta-title"
        className="render-when-near bg-navy-900 py-14 text-white [--near-height:200px]"
      >
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-5 px-6 text-center md:flex-row md:justify-between md:text-left">
          <h2 id="cta-title" className="font-bold text-2xl sm:text-3xl">
            {NON_CORE_ASSETS_CALL_TO_ACTION}
          </h2>
          <Link to="/services" className={`${buttonStyles.callToAction} shrink-0`}>
            Our services <ArrowRight aria-hidden size={18} />
          </Link>
        </div>
      </section>

      <TechnicalServices image={loaderData.techServicesImage} />
    </>
  );
}

const divestmentIcons = [Package, Server, Megaphone, Users, Handshake];
