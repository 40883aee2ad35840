import { CURRENT_ASSIGNMENTS, CURRENT_DEALS_CAROUSEL, type Listing, listingLogoProxyUrl } from "@aea/domain";
import { Carousel } from "../../components/ui/carousel";
import { dealHref } from "./deal-facts";
import { ListingImage } from "./listing-image";

export type CurrentAssignment = Pick<Listing, "ListingId" | "Header" | "mediaUpdatedDate">;

/**
 * The home page's 'Current Assignments': logos of public, unsold deals with a data room, each opening
 * the deal in a new tab. Hidden on phones and when there are none (spec §2).
 */
export function CurrentAssignments({ deals }: { deals: CurrentAssignment[] }) {
  if (deals.length === 0) return null;
  return (
    <section
      aria-labelledby="current-assignments-title"
      className="render-when-near hidden [--near-height:320px] border-navy-100 border-y bg-white py-10 md:block"
    >
      <div className="mx-auto max-w-[1920px] px-6">
        <h2 id="current-assignments-title" className="text-center font-bold text-2xl text-navy-900">
          {CURRENT_ASSIGNMENTS}
        </h2>
        <Carousel
          label={CURRENT_ASSIGNMENTS}
          className="mt-6"
          {...CURRENT_DEALS_CAROUSEL}
          slides={deals.map((deal) => (
            <a
              key={deal.ListingId}
              href={dealHref(deal.ListingId)}
              target="_blank"
              rel="noopener"
              title={deal.Header}
              className="mx-2 flex aspect-square items-center justify-center rounded-card border border-navy-100 bg-white p-3 transition-shadow hover:shadow-raised"
            >
              <ListingImage
                src={listingLogoProxyUrl(deal)}
                alt={deal.Header}
                width={150}
                height={150}
                loading="lazy"
                className="h-full w-full object-contain"
              />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ))}
        />
      </div>
    </section>
  );
}
