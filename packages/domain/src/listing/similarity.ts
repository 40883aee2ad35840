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

/** The `limit` deals most similar to `deal` (see `rankSimilarDeals`). */
export function similarDeals<T extends SimilarityListing>(
  deal: SimilarityListing,
  all: readonly T[],
  limit: number = SIMILAR_DEALS_LIMIT,
): T[] {
  return rankSimilarDeals(deal, all)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.listing);
}
