/**
 * Similar deals (§9 "Similarity weights").
 *
 * Two deals score the weight of every trait they share: listing type 40, deal size 20,
 * region, basin, play and country 10 each (100 in all). A trait missing on either deal
 * is never shared, so two deals without a basin are not "similar by basin".
 * - listing type: the `listingType` text, or the PLS code when there is none (case-insensitive);
 * - region: the display name (so "GC" and "Gulf Coast" agree);
 * - deal size and country: at least one flag in common;
 * - basin and play: equal ignoring case, 'Not Applicable' counting as missing.
 */
import { type Country, countriesOf } from "./country.ts";
import { type DealSize, dealSizesOf } from "./deal-size.ts";
import type { Listing } from "./listing.ts";
import { cleanBasinOrPlay, regionName } from "./region.ts";

export const SIMILARITY_TRAITS = ["ListingType", "Region", "dealSize", "basin", "play", "country"] as const;
/** A trait similar deals may share; the order of this list is the tie-break priority. */
export type SimilarityTrait = (typeof SIMILARITY_TRAITS)[number];

/** How staff read each trait on the Similar Deals page. */
export const SIMILARITY_TRAIT_LABELS: Readonly<Record<SimilarityTrait, string>> = {
  ListingType: "Listing type",
  Region: "Region",
  dealSize: "Deal size",
  basin: "Basin",
  play: "Play",
  country: "Country",
};

export const SIMILARITY_WEIGHTS: Readonly<Record<SimilarityTrait, number>> = {
  Region: 10,
  dealSize: 20,
  ListingType: 40,
  basin: 10,
  play: 10,
  country: 10,
};

/** How many similar deals a deal page shows unless told otherwise. */
export const SIMILAR_DEALS_LIMIT = 4;

export type SimilarityListing = Pick<
  Listing,
  "ListingId" | "listingType" | "PLSCode" | "region" | "basin" | "play" | "isPrivate" | DealSize | Country
>;

export interface SimilarDeal<T> {
  listing: T;
  score: number;
  /** The traits shared with the deal, in priority order. */
  shared: SimilarityTrait[];
}

/** What one trait adds to a score: its weight when shared, else nothing. */
export interface SimilarityFactor {
  trait: SimilarityTrait;
  weight: number;
  contribution: number;
}

/** Every trait in priority order with what it contributed; the contributions add up to the score. */
export function similarityFactors(shared: readonly SimilarityTrait[]): SimilarityFactor[] {
  return SIMILARITY_TRAITS.map((trait) => ({
    trait,
    weight: SIMILARITY_WEIGHTS[trait],
    contribution: shared.includes(trait) ? SIMILARITY_WEIGHTS[trait] : 0,
  }));
}

/**
 * Staff's choices for one deal's similar deals: pinned deals come first in the order given,
 * hidden deals never appear.
 */
export interface SimilarDealChoices {
  pinned: readonly number[];
  hidden: readonly number[];
}

/** What staff may decide about one suggestion: pin it, hide it, or leave it to the ranking ("none"). */
export const SIMILAR_DEAL_CHOICES = ["pinned", "hidden", "none"] as const;
export type SimilarDealChoice = (typeof SIMILAR_DEAL_CHOICES)[number];

export const NO_SIMILAR_DEAL_CHOICES: SimilarDealChoices = { pinned: [], hidden: [] };

/** A ranked suggestion as staff's choices place it. */
export interface CuratedSimilarDeal<T> extends SimilarDeal<T> {
  pinned: boolean;
}

function upper(text: string | null | undefined): string {
  return (text ?? "").trim().toUpperCase();
}

interface Traits {
  ListingType: string;
  Region: string;
  dealSize: readonly string[];
  basin: string;
  play: string;
  country: readonly string[];
}

function traitsOf(listing: SimilarityListing): Traits {
  return {
    ListingType: upper(listing.listingType) || upper(listing.PLSCode),
    Region: upper(regionName(listing.region)),
    dealSize: dealSizesOf(listing),
    basin: upper(cleanBasinOrPlay(listing.basin)),
    play: upper(cleanBasinOrPlay(listing.play)),
    country: countriesOf(listing),
  };
}

function shares(a: Traits, b: Traits, trait: SimilarityTrait): boolean {
  const x = a[trait];
  const y = b[trait];
  if (typeof x === "string") return x !== "" && x === y;
  return x.some((value) => (y as readonly string[]).includes(value));
}

function sharedTraits(a: Traits, b: Traits): SimilarityTrait[] {
  return SIMILARITY_TRAITS.filter((trait) => shares(a, b, trait));
}

function scoreOf(shared: readonly SimilarityTrait[]): number {
  return shared.reduce((sum, trait) => sum + SIMILARITY_WEIGHTS[trait], 0);
}

/** The similarity score of two deals, 0 to 100. */
export function similarityScore(a: SimilarityListing, b: SimilarityListing): number {
  return scoreOf(sharedTraits(traitsOf(a), traitsOf(b)));
}

function byPriority(a: readonly SimilarityTrait[], b: readonly SimilarityTrait[]): number {
  for (const trait of SIMILARITY_TRAITS) {
    const diff = Number(b.includes(trait)) - Number(a.includes(trait));
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * Every public deal similar to `deal`, best first: by score, then by the traits shared
 * in priority order (listing type, region, deal size, basin, play, country), then by
 * ListingId. The deal itself, private deals and deals scoring 0 are left out.
 */
export function rankSimilarDeals<T extends SimilarityListing>(
  deal: SimilarityListing,
  all: readonly T[],
): SimilarDeal<T>[] {
  const target = traitsOf(deal);
  const ranked: SimilarDeal<T>[] = [];
  for (const listing of all) {
    if (listing.ListingId === deal.ListingId || listing.isPrivate) continue;
    const shared = sharedTraits(target, traitsOf(listing));
    const score = scoreOf(shared);
    if (score > 0) ranked.push({ listing, score, shared });
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score || byPriority(a.shared, b.shared) || a.listing.ListingId - b.listing.ListingId,
  );
  return ranked;
}

/**
 * The similar deals in the order a deal page shows them: the pinned deals first in their pinned
 * order (whatever they score, as long as they are in `all` and are not private or the deal
 * itself), then the rest of the ranking; hidden deals are left out.
 */
export function curateSimilarDeals<T extends SimilarityListing>(
  deal: SimilarityListing,
  all: readonly T[],
  choices: SimilarDealChoices = NO_SIMILAR_DEAL_CHOICES,
): CuratedSimilarDeal<T>[] {
  const target = traitsOf(deal);
  const byId = new Map(all.map((listing) => [listing.ListingId, listing]));
  const hidden = new Set(choices.hidden);
  const pinned: CuratedSimilarDeal<T>[] = [];
  for (const id of choices.pinned) {
    const listing = byId.get(id);
    if (!listing || id === deal.ListingId || listing.isPrivate || hidden.has(id)) continue;
    const shared = sharedTraits(target, traitsOf(listing));
    pinned.push({ listing, score: scoreOf(shared), shared, pinned: true });
  }
  const pinnedIds = new Set(pinned.map((entry) => entry.listing.ListingId));
  const rest = rankSimilarDeals(deal, all)
    .filter((entry) => !hidden.has(entry.listing.ListingId) && !pinnedIds.has(entry.listing.ListingId))
    .map((entry) => ({ ...entry, pinned: false }));
  return [...pinned, ...rest];
}

/** The `limit` deals a deal page shows as similar (see `curateSimilarDeals`). */
export function similarDeals<T extends SimilarityListing>(
  deal: SimilarityListing,
  all: readonly T[],
  limit: number = SIMILAR_DEALS_LIMIT,
  choices: SimilarDealChoices = NO_SIMILAR_DEAL_CHOICES,
): T[] {
  return curateSimilarDeals(deal, all, choices)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.listing);
}
