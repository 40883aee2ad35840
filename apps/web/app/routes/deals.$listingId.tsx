import {
  accessCodePath,
  dataRoomLoginMessage,
  isActive,
  isSold,
  type Listing,
  listingStatusName,
  mayViewListing,
  NO_COVER_IMAGE,
  onFirstUse,
  privateDealDetails,
  privateDealTimeline,
  type RouteHandle,
} from "@aea/domain";
import { CalendarDays, ChevronRight, MapPin, ShoppingCart, UsersRound } from "lucide-react";
import { useCallback } from "react";
import { data, Link, useNavigate } from "react-router";
import { type AppContext, appContext } from "../app-context";
import { useLoginDialog } from "../features/accounts/login-dialog";
import { dataRoomLoginHref } from "../features/data-room/data-room-login";
import type { DataRoomBox } from "../features/data-room/data-room-panel";
import { DealCard } from "../features/deals/deal-card";
import { basinLine, dealHref, dealTypeTitles, formatListedDate } from "../features/deals/deal-facts";
import { dealFields } from "../features/deals/deal-fields";
import { LikeButton } from "../features/deals/like-button";
import { LikedDealsOfPage } from "../features/deals/liked-deals";
import { ListingImage } from "../features/deals/listing-image";
import { StatusSticker } from "../features/deals/status-sticker";
import { island } from "../lib/island";
import { pageTitle, type SiteData, useSite } from "../lib/site";
import type { Route } from "./+types/deals.$listingId";

// Rendered by the server, hydrated once their code has arrived after the page's (decision 037): the
// private-deal section (only private deals show it), the data-room box (links until its dialogs are
// wanted) and the agent's card (links).
const PrivateDealSection = island(() =>
  import("../features/deals/private-deal-details").then((m) => m.PrivateDealSection),
);
const DataRoomPanel = island(() =>
  import("../features/data-room/data-room-panel").then((m) => m.DataRoomPanel),
);
const AgentCard = island(() => import("../features/deals/agent-card").then((m) => m.AgentCard));

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const listingId = Number(params.listingId);
  const listing = Number.isSafeInteger(listingId) ? await core.listings.findById(listingId) : undefined;
  // Private deals are invisible to anyone not entitled to them: the same 404 as a deal that never existed.
  if (!listing || !mayViewListing(listing, user)) throw data(null, { status: 404 });
  // Only viewers entitled to the private deal get this far (mayViewListing above).
  const extras = listing.isPrivate ? await core.listings.privateDetails(listing.ListingId) : undefined;
  const likedIds = user ? await core.likes.likedListingIds(user.id) : [];
  // Everything below depends on the viewer only once signed in: an anonymous render stays the same
  // for everyone, as the page's render cache needs (cacheableForAnonymous).
  const hasDueDiligenceAccess = user
    ? (await core.dataRoomAccess.dataRoomListingIds(user.id)).includes(listing.ListingId)
    : false;
  return {
    listing: { ...listing, hasDueDiligenceAccess },
    // Ranked by similarity, with staff's pins first and hidden deals left out (admin Similar Deals).
    similar: extras?.hideSimilarDeals ? [] : await core.similarDeals.shownWith(listing),
    likedIds,
    dataRoom: await dataRoomBox(context.get(appContext), listing),
    // Staff manage who may see the deal and enter its data room from its access page.
    managesAccess: user?.isAdmin === true && (listing.isPrivate || listing.hasVDR),
    privateDeal: extras
      ? {
          details: privateDealDetails(extras),
          timeline: privateDealTimeline(
            extras,
            Date.now(),
            await core.dataRoomBids.timeline(listing.ListingId),
          ),
        }
      : null,
  };
}

async function dataRoomBox(
  { core, user }: Pick<AppContext, "core" | "user">,
  listing: Listing,
): Promise<DataRoomBox | null> {
  if (!listing.hasVDR) return null;
  const step = await core.dataRoomAccess.step(user, listing);
  if (step === "not-found") return null;
  return {
    listingId: listing.ListingId,
    step,
    exclusiveContact: await core.accessCodes.exclusiveContact(listing),
    requestsOpen: core.accessCodes.requestsOpen,
    requestPending:
      user !== null && step === "access-code"
        ? await core.accessCodes.hasPendingRequest(user.id, listing.ListingId)
        : false,
  };
}

const money = onFirstUse(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Deal") }];
  const { listing } = loaderData;
  const site = matches.find((m) => m?.id === "root")?.loaderData as SiteData | undefined;
  const url = `${site?.publicUrl ?? ""}${dealHref(listing.ListingId)}`;
  const description = [listing.location, basinLine(listing), listing.prod, listing.reserves]
    .filter(Boolean)
    .join(" · ");
  const image = listing.ImageUrl ? `${site?.publicUrl ?? ""}${listing.ImageUrl}` : undefined;
  return [
    { title: pageTitle(matches, listing.Header) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: listing.Header },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { "script:ld+json": listingJsonLd(listing, url, image, site?.firmName ?? "") },
  ];
};

/** schema.org description of the listing for search engines. */
function listingJsonLd(listing: Listing, url: string, image: string | undefined, firmName: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: listing.Header,
    productID: String(listing.ListingId),
    url,
    ...(image ? { image } : {}),
    category: listing.listingTypeDesc ?? listing.PLSCode,
    description: [listing.whr, listing.wht, listing.prod, listing.reserves].filter(Boolean).join(". "),
    brand: { "@type": "Organization", name: firmName },
    offers: {
      "@type": "Offer",
      availability: isSold(listing) ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      ...(listing.buyNow && listing.projectedSalePrice
        ? { price: listing.projectedSalePrice, priceCurrency: "USD" }
        : {}),
      seller: { "@type": "Organization", name: firmName },
    },
  };
}

export default function DealPage({ loaderData }: Route.ComponentProps) {
  const { listing, similar, likedIds, dataRoom, privateDeal, managesAccess } = loaderData;
  const loginDialog = useLoginDialog();
  const navigate = useNavigate();
  // After logging in the buyer comes back to this deal with the access-code dialog open. Opened by a
  // data-room link rather than by the visitor, the modal stands like /login: no Close, Here By Mistake.
  const signInToDataRoom = useCallback(
    ({ byLink }: { byLink: boolean }) => {
      const back = accessCodePath(listing.ListingId);
      if (!loginDialog) return void navigate(dataRoomLoginHref(listing.ListingId));
      loginDialog.open({
        message: dataRoomLoginMessage(listing.Header),
        hideClose: byLink,
        escapeMessage: byLink,
        onLogin: () => void navigate(back, { preventScrollReset: true }),
      });
    },
    [loginDialog, navigate, listing.ListingId, listing.Header],
  );
  const { features } = useSite();
  const types = dealTypeTitles(listing.PLSCode);
  const showBuyNow = features.showBuyNowButton && listing.buyNow && isActive(listing);
  return (
    <LikedDealsOfPage ids={likedIds}>
      <article className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
        <nav aria-label="Breadcrumb" className="text-slate-650 text-sm">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to={listing.isStudy ? "/deals/research" : "/deals/public"} className="hover:underline">
                {listing.isStudy ? "Research" : "Assignments"}
              </Link>
            </li>
            <li aria-hidden>
              <ChevronRight size={14} />
            </li>
            <li aria-current="page">Deal #{listing.ListingId}</li>
          </ol>
        </nav>

        <header className="mt-4 flex flex-wrap items-start gap-4">
          <ListingImage
            src={listing.hasLogoImage ? listing.boxLogoUrl : null}
            alt="Seller logo"
            width={96}
            height={96}
            className="h-20 w-20 shrink-0 rounded-card border border-navy-100 bg-white object-contain p-1.5 sm:h-24 sm:w-24"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <StatusSticker listing={listing} />
              <span className="font-semibold text-amber-700 text-sm">{listing.PLSCode}</span>
              <span className="text-slate-650 text-sm">{listingStatusName(listing)}</span>
            </div>
            <div className="mt-1 flex items-start gap-3">
              <h1 className="flex-1 font-bold text-2xl text-navy-900 leading-tight sm:text-3xl">
                {listing.Header}
              </h1>
              <LikeButton listingId={listing.ListingId} />
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-650">
              <span className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden size={16} className="shrink-0" />{" "}
                {[listing.location, basinLine(listing)].filter(Boolean).join(" — ")}
              </span>
              {listing.dateListed ? (
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden size={16} /> Listed {formatListedDate(listing.dateListed)}
                </span>
              ) : null}
            </p>
          </div>
        </header>

        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-8">
            <div className="overflow-hidden rounded-card border border-navy-100 bg-navy-50">
              <ListingImage
                src={listing.ImageUrl}
                alt={`Cover image of ${listing.Header}`}
                width={1200}
                height={675}
                fetchPriority="high"
                className="aspect-video w-full object-cover"
                fallback={
                  <div className="flex aspect-video w-full items-center justify-center text-slate-650">
                    {NO_COVER_IMAGE}
                  </div>
                }
              />
            </div>

            {types.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Deal types">
                {types.map((title) => (
                  <li
                    key={title}
                    className="rounded-full bg-navy-50 px-3 py-1 font-medium text-navy-700 text-sm"
                  >
                    {title}
                  </li>
                ))}
              </ul>
            ) : null}

            <section aria-labelledby="facts-title">
              <h2 id="facts-title" className="font-semibold text-navy-900 text-xl">
                Deal facts
              </h2>
              <dl className="mt-3 divide-y divide-navy-100 rounded-card border border-navy-100 bg-white">
                {[
                  { label: "Location", value: listing.location ?? "" },
                  { label: "Region, basin and play", value: basinLine(listing) },
                  { label: "Deal type", value: types.join(", ") || listing.PLSCode },
                  ...dealFields(listing),
                ]
                  .filter((f) => f.value)
                  .map((field) => (
                    <div key={field.label} className="grid gap-1 px-4 py-3 sm:grid-cols-[13rem_1fr] sm:gap-4">
                      <dt className="font-medium text-slate-650 text-sm">{field.label}</dt>
                      <dd className="tabular text-navy-900">{field.value}</dd>
                    </div>
                  ))}
              </dl>
            </section>

            {privateDeal ? <PrivateDealSection {...privateDeal} /> : null}

            {isSold(listing) && listing.tombstoneUrl ? (
              <section aria-labelledby="tombstone-title">
                <h2 id="tombstone-title" className="font-semibold text-navy-900 text-xl">
                  Tombstone
                </h2>
                <ListingImage
                  src={listing.tombstoneUrl}
                  alt={`Tombstone of ${listing.Header}`}
                  width={600}
                  height={600}
                  loading="lazy"
                  className="mt-3 w-full max-w-sm rounded-card border border-navy-100"
                />
              </section>
            ) : null}
          </div>

          <aside className="space-y-5" aria-label="Act on this deal">
            {dataRoom ? (
              <DataRoomPanel
                box={dataRoom}
                loginHref={dataRoomLoginHref(listing.ListingId)}
                onSignIn={signInToDataRoom}
              />
            ) : null}
            {managesAccess ? (
              <Link
                to={`/deals/${listing.ListingId}/data-room/access`}
                className="inline-flex items-center gap-2 font-medium text-navy-800 text-sm underline"
              >
                <UsersRound aria-hidden size={16} /> Manage buyer access
              </Link>
            ) : null}
            {showBuyNow ? (
              <section className="rounded-card border border-amber-500 bg-amber-100 p-5">
                <h2 className="font-semibold text-navy-900">Buy this deal now</h2>
                {features.showBuyNowPrice && listing.projectedSalePrice ? (
                  <p className="tabular mt-1 font-bold text-2xl text-navy-900">
                    {money().format(listing.projectedSalePrice)}
                  </p>
                ) : null}
                <a
                  href={`mailto:${listing.agentEmail ?? ""}?subject=${encodeURIComponent(`Buy Now: #${listing.ListingId} ${listing.Header}`)}`}
                  className="mt-3 inline-flex w-full items-center justify-center gap-2 rounded-md bg-amber-500 px-4 py-2.5 font-semibold text-navy-950 hover:bg-amber-600"
                >
                  <ShoppingCart aria-hidden size={18} /> Buy Now
                </a>
              </section>
            ) : null}

            <AgentCard listing={listing} />
          </aside>
        </div>

        {similar.length > 0 ? (
          <section aria-labelledby="similar-title" className="render-when-near mt-12">
            <h2 id="similar-title" className="font-semibold text-navy-900 text-xl">
              Similar deals
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {similar.map((deal) => (
                <li key={deal.ListingId}>
                  <DealCard listing={deal} layout="tile" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </LikedDealsOfPage>
  );
}
