/**
 * Fictional seller companies. A listing's seller is derived from its ListingId alone,
 * so the generator, the logo and the tombstone always agree without storing a field
 * the Listing type does not have.
 */
import { createRng, hashString } from "./random.ts";

const NAME_WORDS = [
  "Redbird",
  "Caprock",
  "Mesquite",
  "Blue Heron",
  "Sandhill",
  "Ironwood",
  "Pinyon",
  "Lone Oak",
  "Cypress Bayou",
  "Granite Peak",
  "Big Sky",
  "Clear Fork",
  "Horseshoe Bend",
  "Crossbar",
  "Palo Duro",
  "Sabine River",
  "Pecos Valley",
  "Canyon Creek",
  "Black Mesa",
  "Silver Sage",
  "Northstar",
  "Keystone",
  "Bluestem",
  "Cottonwood",
  "Eagle Rock",
  "Wildhorse",
  "Copperhead",
  "Tall Pines",
  "Saltgrass",
  "Longleaf",
  "Stonebridge",
  "High Plains",
  "Red River",
  "Juniper",
  "Ridgeline",
  "Hackberry",
  "Lantern",
  "Summit Ridge",
  "Prairie Wind",
  "Tidewater",
] as const;

const SUFFIXES = [
  "Energy",
  "Resources",
  "Petroleum",
  "Oil & Gas",
  "Exploration",
  "Operating",
  "Energy Partners",
  "Production",
] as const;
const MINERAL_SUFFIXES = ["Minerals", "Royalties", "Mineral Partners", "Land & Minerals"] as const;
const ENTITIES = ["LLC", "LP", "Inc.", "Ltd.", "LLC", "LLC"] as const;

/** Colours for seller monograms: strong, distinct, readable with white initials. */
const BRAND_COLOURS = [
  "#0f3d5e",
  "#1f6f5c",
  "#8c2f39",
  "#b5651d",
  "#3d3b8e",
  "#2b6cb0",
  "#6b4226",
  "#2f5233",
  "#7a1f5c",
  "#1d4e89",
  "#9c4221",
  "#234e52",
  "#553c9a",
  "#744210",
] as const;

export type MonogramShape = "circle" | "hexagon" | "shield" | "diamond" | "rounded";
const SHAPES: readonly MonogramShape[] = ["circle", "hexagon", "shield", "diamond", "rounded"];

export interface DemoSeller {
  /** Full legal-style name, e.g. "Redbird Energy, LLC". */
  name: string;
  /** Name without the entity, e.g. "Redbird Energy". */
  shortName: string;
  initials: string;
  colour: string;
  shape: MonogramShape;
  /** A .test domain for the seller's (fictional) website and e-mail. */
  domain: string;
}

export function demoSeller(listingId: number, mineralsFocus = false): DemoSeller {
  const rng = createRng(hashString(`seller:${listingId}`));
  const word = rng.pick(NAME_WORDS);
  const suffix = mineralsFocus ? rng.pick(MINERAL_SUFFIXES) : rng.pick(SUFFIXES);
  const entity = rng.pick(ENTITIES);
  const shortName = `${word} ${suffix}`;
  const initials = word
    .split(" ")
    .map((w) => w[0])
    .join("")
    .concat(suffix[0])
    .slice(0, 3)
    .toUpperCase();
  const domain = `${word.toLowerCase().replace(/[^a-z]+/g, "")}${suffix
    .split(" ")[0]
    .toLowerCase()
    .replace(/[^a-z]+/g, "")}.test`;
  return {
    name: `${shortName}, ${entity}`,
    shortName,
    initials,
    colour: rng.pick(BRAND_COLOURS),
    shape: rng.pick(SHAPES),
    domain,
  };
}

/** The seller of a listing: mineral and royalty packages come from mineral companies. */
export function demoSellerOf(listing: { ListingId: number; PLSCode: string }): DemoSeller {
  const tokens = listing.PLSCode.toUpperCase().split(/[^A-Z]+/);
  const mineralsFocus = (tokens.includes("M") || tokens.includes("RR")) && !tokens.includes("PP");
  return demoSeller(listing.ListingId, mineralsFocus);
}
