import type { Interests } from "../accounts/interests.ts";
import type { Listing } from "../listing/listing.ts";
import { listingTypeFlags } from "../listing/listing-type-flags.ts";
import { regionName } from "../listing/region.ts";
import { z } from "../zod.ts";

/**
 * Deal alerts (beyond the spec): a buyer who opts in is mailed the public deals that match their
 * interests when they are published, at once or in one mail a day.
 */
export const DEAL_ALERT_FREQUENCIES = [
  { value: "off", label: "No deal alerts" },
  { value: "immediately", label: "Immediately, one email per new deal" },
  { value: "daily", label: "Once a day, a digest of the day's new deals" },
] as const;

export type DealAlertFrequency = (typeof DEAL_ALERT_FREQUENCIES)[number]["value"];

export const dealAlertPreferenceSchema = z.object({
  frequency: z.enum(["off", "immediately", "daily"], { error: "Choose how often to hear about new deals" }),
});

export const DEAL_ALERTS_SAVED = "Your deal alert choice has been saved.";
export const DEAL_ALERTS_UNSUBSCRIBE_PATH = "/deal-alerts/unsubscribe";
export const DEAL_ALERTS_UNSUBSCRIBED = "You will get no more deal alerts.";
export const DEAL_ALERTS_BAD_LINK =
  "This unsubscribe link is not valid. Log in and change your deal alerts on your Buyer Profile.";
/** The hour (UTC) the daily digest goes out. */
export const DEAL_ALERT_DIGEST_HOUR_UTC = 13;

/** Which listing flag each asset type of a buyer's interests stands for (midstream has none). */
const ASSET_FLAG = {
  buy_producingProperties: "producing",
  buy_acreageLeasehold: "leasehold",
  buy_drillingProspects: "prospect",
  buy_minerals: "minerals",
  buy_royalties: "royalty",
  buy_development: "development",
  buy_discoveries: "discovery",
  buy_saltWaterDisposal: "saltwater",
} as const;

/** The products a listing's texts name: oil (oil, BOE), gas (gas, Mcf, cfe) and NGL. */
function listingProducts(listing: Listing): Set<"oil" | "gas" | "ngl"> {
  const text = [listing.Header, listing.prod, listing.reserves].filter(Boolean).join(" ").toLowerCase();
  const products = new Set<"oil" | "gas" | "ngl">();
  if (/\boil\b|\bboe/.test(text)) products.add("oil");
  if (/\bgas\b|mcf|cfe/.test(text)) products.add("gas");
  if (/\bngls?\b/.test(text)) products.add("ngl");
  return products;
}

/** The interest regions a listing lies in: its region's display name, and Canada or International by location. */
function listingRegions(listing: Listing): Set<string> {
  const regions = new Set<string>([regionName(listing.region)]);
  if (listing.canada) regions.add("Canada");
  if (listing.international) regions.add("International");
  return regions;
}

/**
 * Whether a published deal matches a buyer's interests. Each of the three kinds (asset types the
 * buyer buys, regions, products) narrows only when the buyer chose some of it: a buyer who chose
 * nothing of a kind is not asked about it. A deal matches when every chosen kind has something in
 * common with it. Products narrow only deals whose texts name a product.
 */
export function dealMatchesInterests(listing: Listing, interests: Interests): boolean {
  const flags = listingTypeFlags(listing.PLSCode);
  const assets = (Object.keys(ASSET_FLAG) as (keyof typeof ASSET_FLAG)[]).filter((key) => interests[key]);
  const wantsMidstream = interests.buy_midstream;
  if (assets.length > 0 || wantsMidstream) {
    const assetMatch = assets.some((key) => flags[ASSET_FLAG[key]]);
    if (!assetMatch) return false;
  }
  if (interests.selectedRegions.length > 0) {
    const regions = listingRegions(listing);
    if (!interests.selectedRegions.some((r) => regions.has(r))) return false;
  }
  const wantedProducts = (["oil", "gas", "ngl"] as const).filter((p) => interests[p]);
  const products = listingProducts(listing);
  if (wantedProducts.length > 0 && products.size > 0) {
    if (!wantedProducts.some((p) => products.has(p))) return false;
  }
  return true;
}
