import { MapPin } from "lucide-react";
import { ListLink } from "../../lib/list-link";
import { basinLine, dealHref, dealTypeTitles, formatListedDate, keyFigures } from "./deal-facts";
import type { ListedDeal } from "./deal-results";
import { LikeButton } from "./like-button";
import { ListingImage } from "./listing-image";
import { StatusSticker } from "./status-sticker";

interface DealCardProps {
  listing: ListedDeal;
  /** "row" for the list view, "tile" for the grids. */
  layout: "row" | "tile";
  /** The first cards of a page are above the fold: load their images eagerly. */
  eager?: boolean;
}

const coverFallback = (
  <div className="flex h-full w-full items-center justify-center bg-[linear-gradient(135deg,#10284a,#21497d)]">
    <svg viewBox="0 0 40 20" className="w-1/3 opacity-60" aria-hidden="true">
      <path
        d="M2 18 C10 2, 30 2, 38 18"
        fill="none"
        stroke="#f29a1f"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  </div>
);

/** One deal in the list and grid views: cover, header, where, what, key figures, status. */
export function DealCard({ listing, layout, eager = false }: DealCardProps) {
  const figures = keyFigures(listing).slice(0, layout === "row" ? 4 : 2);
  const types = dealTypeTitles(listing.PLSCode);
  const row = layout === "row";
  return (
    <article
      className={`group relative flex overflow-hidden rounded-card border border-navy-100 bg-white shadow-card transition-shadow hover:shadow-raised ${
        row ? "flex-col sm:flex-row" : "h-full flex-col"
      }`}
    >
      <div
        className={`relative shrink-0 overflow-hidden bg-navy-800 ${row ? "aspect-video sm:w-64" : "aspect-video"}`}
      >
        <ListingImage
          src={listing.ImageUrl}
          fallback={coverFallback}
          width={640}
          height={360}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <StatusSticker listing={listing} className="absolute top-2 left-2 shadow" />
        <LikeButton listingId={listing.ListingId} className="absolute right-2 bottom-2" />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-2 ${row ? "p-3 sm:p-4" : "p-4"}`}>
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-amber-700 text-xs uppercase tracking-wider">
              {listing.PLSCode} · #{listing.ListingId}
            </p>
            <h3
              className={`mt-1 font-semibold text-navy-900 leading-snug ${row ? "text-base sm:text-lg" : "text-base"}`}
            >
              <ListLink
                href={dealHref(listing.ListingId)}
                className="after:absolute after:inset-0 hover:underline"
              >
                {listing.Header}
              </ListLink>
            </h3>
          </div>
          <ListingImage
            src={listing.hasLogoImage ? listing.boxLogoUrl : null}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="hidden h-14 w-14 shrink-0 rounded-md border border-navy-100 bg-white object-contain p-1 xs:block"
          />
        </div>
        <p className="flex items-center gap-1.5 text-slate-650 text-sm">
          <MapPin aria-hidden size={14} className="shrink-0" />
          <span className="truncate">
            {[listing.location, basinLine(listing)].filter(Boolean).join(" — ")}
          </span>
        </p>
        {row && types.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Deal types">
            {types.map((title) => (
              <li
                key={title}
                className="rounded-full bg-navy-50 px-2.5 py-0.5 font-medium text-navy-700 text-xs"
              >
                {title}
              </li>
            ))}
          </ul>
        ) : null}
        {figures.length > 0 ? (
          <dl
            className={`tabular mt-auto grid gap-x-4 gap-y-1 pt-1 text-sm ${row ? "sm:grid-cols-2 xl:grid-cols-4" : ""}`}
          >
            {figures.map((figure) => (
              <div key={figure.label} className="min-w-0">
                <dt className="text-slate-500 text-xs">{figure.label}</dt>
                <dd className="truncate font-medium text-navy-900">{figure.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="text-slate-500 text-xs">Listed {formatListedDate(listing.dateListed)}</p>
      </div>
    </article>
  );
}
