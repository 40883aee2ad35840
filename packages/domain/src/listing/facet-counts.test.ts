import { describe, expect, it } from "vitest";
import { countDealFacets } from "./facet-counts.ts";
import { makeListing } from "./listing.fixture.ts";

describe("countDealFacets", () => {
  const listings = [
    makeListing({ ListingId: 1, PLSCode: "PP/DV", region: "GC", usa: true, small: true }),
    makeListing({ ListingId: 2, PLSCode: "PP", region: "Gulf Coast", usa: true, medium: true }),
    makeListing({ ListingId: 3, PLSCode: "M", region: "ETX", canada: true, large: true }),
    makeListing({ ListingId: 4, PLSCode: "PP", region: "ETX", usa: true, small: true, status: "SOLD" }),
    makeListing({ ListingId: 5, PLSCode: "SWD", region: null, usa: true, small: true, sold: true }),
    makeListing({
      ListingId: 6,
      PLSCode: "W",
      region: "MC",
      international: true,
      small: true,
      status: "CLOSING",
    }),
  ];
  const counts = countDealFacets(listings);

  it("counts every deal type of the menu, in menu order, leaving sold deals out", () => {
    expect(counts.dealType.map((o) => [o.value, o.count])).toEqual([
      ["producing", 2],
      ["leasehold", 0],
      ["prospects", 1],
      ["minerals", 1],
      ["royalties", 0],
      ["development", 1],
      ["discovery", 0],
      ["wanted", 1],
      ["saltwater", 0],
    ]);
    expect(counts.dealType[0].label).toBe("Producing Properties");
  });

  it("counts regions by display name, most first", () => {
    expect(counts.region).toEqual([
      { value: "Gulf Coast", label: "Gulf Coast", count: 2 },
      { value: "East Texas", label: "East Texas", count: 1 },
      { value: "Midcontinent", label: "Midcontinent", count: 1 },
    ]);
  });

  it("counts countries and deal sizes in canonical order", () => {
    expect(counts.location).toEqual([
      { value: "usa", label: "United States", count: 2 },
      { value: "canada", label: "Canada", count: 1 },
      { value: "international", label: "International", count: 1 },
    ]);
    expect(counts.dealSize).toEqual([
      { value: "small", label: "Small", count: 2 },
      { value: "medium", label: "Mid-Value", count: 1 },
      { value: "large", label: "Larger", count: 1 },
    ]);
  });

  it("gives zero counts for no listings", () => {
    const empty = countDealFacets([]);
    expect(empty.region).toEqual([]);
    expect(empty.dealSize.every((o) => o.count === 0)).toBe(true);
  });
});
