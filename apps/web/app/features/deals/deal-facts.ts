import {
  ALL_DEAL_TYPES,
  cleanBasinOrPlay,
  DEAL_TYPE_FLAG,
  type Listing,
  listingTypeFlags,
  regionName,
} from "@aea/domain";

/** "Permian · Delaware Basin · Wolfcamp", skipping empty and 'Not Applicable' parts. */
export function basinLine(listing: Pick<Listing, "region" | "basin" | "play">): string {
  return [regionName(listing.region), cleanBasinOrPlay(listing.basin), cleanBasinOrPlay(listing.play)]
    .filter(Boolean)
    .join(" · ");
}

/** The deal types a PLS code carries, as menu titles (e.g. "Producing Properties", "Drilling Prospects"). */
export function dealTypeTitles(plsCode: string): string[] {
  const flags = listingTypeFlags(plsCode);
  return ALL_DEAL_TYPES.filter((type) => flags[DEAL_TYPE_FLAG[type.queryValue]]).map((type) => type.title);
}

/** Headline figures of a deal, in the order buyers scan them; empty ones left out. */
export function keyFigures(
  listing: Pick<Listing, "wi" | "prod" | "cashflow" | "reserves">,
): Array<{ label: string; value: string }> {
  return [
    { label: "Working interest", value: listing.wi },
    { label: "Production", value: listing.prod },
    { label: "Cash flow", value: listing.cashflow },
    { label: "Reserves", value: listing.reserves },
  ].filter((f): f is { label: string; value: string } => Boolean(f.value?.trim()));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Mar 5, 2026" (UTC). Spelled out instead of Intl.DateTimeFormat, whose construction cost a phone
 * ~15 ms in the middle of hydrating a deals list.
 */
export function formatListedDate(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

export const dealHref = (listingId: number) => `/deals/${listingId}`;
