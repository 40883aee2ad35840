/**
 * The four brochures of the seller page (spec §2 "Seller page ... four downloadable brochures"). Core
 * writes them as PDFs under DATA_DIR/media/brochures/ and the /media door serves them.
 */
export interface Brochure {
  /** The file's name without `.pdf`. */
  slug: string;
  title: string;
  /** One line for the seller page's card. */
  summary: string;
}

export const SELLER_BROCHURES: readonly Brochure[] = [
  {
    slug: "divestiture-services",
    title: "Divestiture Services",
    summary: "How we value, package and market your properties from engagement to closing.",
  },
  {
    slug: "data-room-hosting",
    title: "Data Room Hosting",
    summary: "Secure virtual data rooms that let buyers do their diligence in days, not weeks.",
  },
  {
    slug: "technical-services",
    title: "Technical Services",
    summary: "Reserve reports, type curves and geology prepared by engineers buyers trust.",
  },
  {
    slug: "buyer-network",
    title: "Buyer Network",
    summary: "The operators, funds and mineral buyers who see every deal we market.",
  },
];

/** Where the /media door serves the brochures. */
export const BROCHURES_PATH = "/media/brochures";

export function brochureHref(brochure: Pick<Brochure, "slug">): string {
  return `${BROCHURES_PATH}/${brochure.slug}.pdf`;
}
