import { z } from "../zod.ts";

/**
 * A buyer's interests (§3): which assets they buy and sell, what they produce and where. The form
 * shows every flag; a profile counts as complete when at least one asset type and one region are set.
 */
export const ASSET_TYPES = [
  { key: "producingProperties", label: "Producing properties" },
  { key: "acreageLeasehold", label: "Acreage & leasehold" },
  { key: "drillingProspects", label: "Drilling prospects" },
  { key: "minerals", label: "Minerals" },
  { key: "royalties", label: "Royalties & overrides" },
  { key: "development", label: "Properties with development" },
  { key: "discoveries", label: "Undeveloped discoveries" },
  { key: "saltWaterDisposal", label: "Salt water disposal" },
  { key: "midstream", label: "Midstream & gathering" },
] as const;

export const PRODUCTION_INTERESTS = [
  { key: "oil", label: "Oil" },
  { key: "gas", label: "Gas" },
  { key: "ngl", label: "NGL" },
  { key: "conventional", label: "Conventional" },
  { key: "unconventional", label: "Unconventional" },
  { key: "primaryProduction", label: "Primary production" },
  { key: "secondaryProduction", label: "Secondary production (waterflood)" },
  { key: "tertiaryProjects", label: "Tertiary projects (EOR)" },
  { key: "recompletion", label: "Recompletion" },
  { key: "stripperProduction", label: "Stripper production" },
  { key: "salvage", label: "Salvage" },
] as const;

export const INTEREST_REGIONS = [
  "Permian",
  "Gulf Coast",
  "Midcontinent",
  "Ark-La-Tex",
  "East Texas",
  "Rockies",
  "Williston",
  "Appalachia",
  "California",
  "Alaska",
  "Canada",
  "International",
] as const;

type AssetKey = (typeof ASSET_TYPES)[number]["key"];
type ProductionKey = (typeof PRODUCTION_INTERESTS)[number]["key"];
const buyerKey = (k: AssetKey) => `buy_${k}` as const;
const sellerKey = (k: AssetKey) => `sell_${k}` as const;

const flags = Object.fromEntries([
  ...ASSET_TYPES.flatMap((t) => [
    [buyerKey(t.key), z.boolean().default(false)],
    [sellerKey(t.key), z.boolean().default(false)],
  ]),
  ...PRODUCTION_INTERESTS.map((p) => [p.key, z.boolean().default(false)]),
]) as Record<`buy_${AssetKey}` | `sell_${AssetKey}` | ProductionKey, z.ZodDefault<z.ZodBoolean>>;

export const interestsSchema = z.object({
  ...flags,
  selectedRegions: z.array(z.enum(INTEREST_REGIONS)).max(INTEREST_REGIONS.length).default([]),
});
export type Interests = z.infer<typeof interestsSchema>;

export const EMPTY_INTERESTS: Interests = interestsSchema.parse({});

export function buyerAssetKey(key: AssetKey): `buy_${AssetKey}` {
  return buyerKey(key);
}
export function sellerAssetKey(key: AssetKey): `sell_${AssetKey}` {
  return sellerKey(key);
}

/** Complete enough to match deals: some asset type bought or sold, and some region. */
export function areInterestsComplete(interests: Interests): boolean {
  const anyAsset = ASSET_TYPES.some((t) => interests[buyerKey(t.key)] || interests[sellerKey(t.key)]);
  return anyAsset && interests.selectedRegions.length > 0;
}
