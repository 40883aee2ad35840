import { describe, expect, it } from "vitest";
import { makeListing } from "./listing.fixture.ts";
import {
  curateSimilarDeals,
  rankSimilarDeals,
  SIMILARITY_TRAITS,
  SIMILARITY_WEIGHTS,
  similarDeals,
  similarityFactors,
  similarityScore,
} from "./similarity.ts";

const deal = makeListing({
  ListingId: 1,
  listingType: "PP",
  region: "GC",
  basin: "Gulf Coast Basin",
  play: "Austin Chalk",
  medium: true,
  usa: true,
});

describe("similarity score", () => {
  it("uses the weights of §9", () => {
    expect(SIMILARITY_WEIGHTS).toEqual({
      Region: 10,
      dealSize: 20,
      ListingType: 40,
      basin: 10,
      play: 10,
      country: 10,
    });
  });

  it("scores 100 for a deal sharing every trait", () => {
    expect(similarityScore(deal, { ...deal, ListingId: 2 })).toBe(100);
  });

  it("adds the weight of each shared trait", () => {
    expect(similarityScore(deal, makeListing({ listingType: "pp" }))).toBe(40);
    expect(similarityScore(deal, makeListing({ medium: true, large: true }))).toBe(20);
    expect(similarityScore(deal, makeListing({ region: "Gulf Coast" }))).toBe(10);
    expect(similarityScore(deal, makeListing({ basin: "gulf coast basin", play: "Austin Chalk" }))).toBe(20);
    expect(similarityScore(deal, makeListing({ usa: true, canada: true }))).toBe(10);
  });

  it("falls back to the PLS code when there is no listing type", () => {
    const a = makeListing({ PLSCode: "L/M" });
    expect(similarityScore(a, makeListing({ PLSCode: "L/M" }))).toBe(40);
  });

  it("never counts missing or 'Not Applicable' traits as shared", () => {
    const bare = makeListing({ basin: "Not Applicable", play: "NOT APPLICABLE" });
    expect(similarityScore(bare, makeListing({ basin: "not applicable", play: null }))).toBe(0);
  });
});

describe("similarDeals", () => {
  const others = [
    makeListing({ ListingId: 10, region: "GC" }), // 10: Region
    makeListing({ ListingId: 11, listingType: "PP" }), // 40
    makeListing({ ListingId: 12, medium: true, usa: true, region: "GC" }), // 40: dealSize, Region, country
    makeListing({ ListingId: 13, medium: true, basin: "Gulf Coast Basin", play: "Austin Chalk" }), // 40
    makeListing({ ListingId: 14, listingType: "PP", isPrivate: true }), // private
    makeListing({ ListingId: 15 }), // 0
    makeListing({ ListingId: 9, usa: true }), // 10: country
    makeListing({ ListingId: 8, play: "Austin Chalk" }), // 10: play
    { ...deal }, // the deal itself
  ];

  it("orders by score, then by the trait priority, then by ListingId", () => {
    const ranked = rankSimilarDeals(deal, others);
    expect(ranked.map((r) => [r.listing.ListingId, r.score])).toEqual([
      [11, 40],
      [12, 40],
      [13, 40],
      [10, 10],
      [8, 10],
      [9, 10],
    ]);
    expect(ranked[1].shared).toEqual(["Region", "dealSize", "country"]);
  });

  it("leaves out the deal itself, private deals and scores of 0", () => {
    const found = similarDeals(deal, others, 100).map((l) => l.ListingId);
    expect(found).not.toContain(1);
    expect(found).not.toContain(14);
    expect(found).not.toContain(15);
  });

  it("returns at most the limit", () => {
    expect(similarDeals(deal, others, 2).map((l) => l.ListingId)).toEqual([11, 12]);
    expect(similarDeals(deal, others, 0)).toEqual([]);
    expect(similarDeals(deal, others)).toHaveLength(4);
  });
});

describe("similarity factors", () => {
  it("lists every trait in priority order, and the contributions add up to the score", () => {
    const others = [
      makeListing({ ListingId: 2, listingType: "PP", region: "Gulf Coast", usa: true }),
      makeListing({ ListingId: 3, basin: "Gulf Coast Basin", medium: true }),
      { ...deal, ListingId: 4 },
    ];
    for (const entry of rankSimilarDeals(deal, others)) {
      const factors = similarityFactors(entry.shared);
      expect(factors.map((f) => f.trait)).toEqual([...SIMILARITY_TRAITS]);
      expect(factors.reduce((sum, f) => sum + f.contribution, 0)).toBe(entry.score);
      for (const f of factors) expect(f.contribution).toBe(entry.shared.includes(f.trait) ? f.weight : 0);
    }
    const pp = similarityFactors(
      rankSimilarDeals(deal, others).find((e) => e.listing.ListingId === 2)?.shared ?? [],
    );
    expect(pp.filter((f) => f.contribution > 0).map((f) => [f.trait, f.contribution])).toEqual([
      ["ListingType", 40],
      ["Region", 10],
      ["country", 10],
    ]);
  });
});

describe("staff's choices", () => {
  const pool = [
    makeListing({ ListingId: 10, listingType: "PP" }),
    makeListing({ ListingId: 11, listingType: "PP", region: "GC" }),
    makeListing({ ListingId: 12, region: "GC" }),
    makeListing({ ListingId: 13 }),
    makeListing({ ListingId: 14, listingType: "PP", isPrivate: true }),
    { ...deal },
  ];

  it("ranks by score with no choices", () => {
    expect(similarDeals(deal, pool, 10).map((l) => l.ListingId)).toEqual([11, 10, 12]);
  });

  it("puts pinned deals first in the pinned order, even one sharing nothing", () => {
    const choices = { pinned: [13, 12], hidden: [] };
    expect(similarDeals(deal, pool, 10, choices).map((l) => l.ListingId)).toEqual([13, 12, 11, 10]);
    expect(curateSimilarDeals(deal, pool, choices).map((e) => e.pinned)).toEqual([true, true, false, false]);
  });

  it("never shows a hidden deal", () => {
    expect(similarDeals(deal, pool, 10, { pinned: [], hidden: [11] }).map((l) => l.ListingId)).toEqual([
      10, 12,
    ]);
  });

  it("ignores a pin of the deal itself, a private deal or a deal no longer listed", () => {
    const choices = { pinned: [1, 14, 999], hidden: [] };
    expect(similarDeals(deal, pool, 10, choices).map((l) => l.ListingId)).toEqual([11, 10, 12]);
  });

  it("keeps the limit after the pins", () => {
    expect(similarDeals(deal, pool, 2, { pinned: [12], hidden: [] }).map((l) => l.ListingId)).toEqual([
      12, 11,
    ]);
  });
});
