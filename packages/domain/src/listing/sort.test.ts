import { describe, expect, it } from "vitest";
import { makeListing } from "./listing.fixture.ts";
import { SORT_OPTIONS, SORT_TYPES, sortLabel, sortListings } from "./sort.ts";

const ids = (listings: readonly { ListingId: number }[]) => listings.map((l) => l.ListingId);

describe("sort options", () => {
  it("offers date and type (Color) of §9, plus header", () => {
    expect(SORT_TYPES).toEqual(["date", "type", "header"]);
    expect(SORT_OPTIONS.map((o) => [o.value, o.label, o.field])).toEqual([
      ["date", "Date", "dateListed"],
      ["type", "Color", "PLSCode"],
      ["header", "Name", "Header"],
    ]);
  });

  it("labels each direction", () => {
    expect(sortLabel("date", false)).toBe("Newest First");
    expect(sortLabel("date", true)).toBe("Oldest First");
    expect(sortLabel("type", false)).toBe("A-Z");
    expect(sortLabel("type", true)).toBe("Z-A");
    expect(sortLabel("header", true)).toBe("Z-A");
  });
});

describe("sortListings", () => {
  const listings = [
    makeListing({ ListingId: 1, dateListed: "2024-01-01", PLSCode: "RR", status: "SOLD" }),
    makeListing({ ListingId: 2, dateListed: "2024-03-01", PLSCode: "L" }),
    makeListing({ ListingId: 3, dateListed: "2024-02-01", PLSCode: "PP", status: "CLOSING" }),
    makeListing({ ListingId: 4, dateListed: "2024-05-01", PLSCode: "DV" }),
    makeListing({ ListingId: 5, dateListed: "2023-01-01", PLSCode: "M", sold: true }),
    makeListing({ ListingId: 6, dateListed: "2024-04-01", PLSCode: "W" }),
  ];

  it("puts active deals first, newest first, and sold deals last", () => {
    expect(ids(sortListings(listings, "date"))).toEqual([4, 6, 2, 3, 1, 5]);
  });

  it("reverses only the field order, never the bands", () => {
    expect(ids(sortListings(listings, "date", true))).toEqual([2, 6, 4, 3, 5, 1]);
  });

  it("sorts by the PLS code text A-Z and Z-A", () => {
    expect(ids(sortListings(listings, "type"))).toEqual([4, 2, 6, 3, 5, 1]);
    expect(ids(sortListings(listings, "type", true))).toEqual([6, 2, 4, 3, 1, 5]);
  });

  it("sorts by header ignoring case", () => {
    const byHeader = [
      makeListing({ ListingId: 1, Header: "bravo" }),
      makeListing({ ListingId: 2, Header: "Alpha" }),
      makeListing({ ListingId: 3, Header: "charlie" }),
    ];
    expect(ids(sortListings(byHeader, "header"))).toEqual([2, 1, 3]);
  });

  it("puts listings without a value last in their band in both directions", () => {
    const withGaps = [
      makeListing({ ListingId: 1, dateListed: null }),
      makeListing({ ListingId: 2, dateListed: "2024-01-01" }),
      makeListing({ ListingId: 3, dateListed: "not a date" }),
      makeListing({ ListingId: 4, dateListed: "2024-06-01" }),
    ];
    expect(ids(sortListings(withGaps, "date"))).toEqual([4, 2, 1, 3]);
    expect(ids(sortListings(withGaps, "date", true))).toEqual([2, 4, 1, 3]);
  });

  it("is stable for equal values", () => {
    const same = [1, 2, 3, 4].map((id) => makeListing({ ListingId: id, PLSCode: "PP" }));
    expect(ids(sortListings(same, "type"))).toEqual([1, 2, 3, 4]);
    expect(ids(sortListings(same, "type", true))).toEqual([1, 2, 3, 4]);
  });

  it("follows the firm's order (RowNumber) when no sort is chosen", () => {
    const ordered = [
      makeListing({ ListingId: 1, RowNumber: 3 }),
      makeListing({ ListingId: 2, RowNumber: null, dateListed: "2024-01-01" }),
      makeListing({ ListingId: 3, RowNumber: 1, status: "SOLD" }),
      makeListing({ ListingId: 4, RowNumber: 2 }),
      makeListing({ ListingId: 5, RowNumber: null, dateListed: "2024-02-01" }),
    ];
    expect(ids(sortListings(ordered))).toEqual([4, 1, 5, 2, 3]);
  });

  it("returns a copy and leaves the input alone", () => {
    const input = listings.slice();
    const sorted = sortListings(input, "date");
    expect(sorted).not.toBe(input);
    expect(input).toEqual(listings);
  });
});
