import { describe, expect, it } from "vitest";
import { makeListing } from "./listing.fixture.ts";
import {
  isValidSearchText,
  listingMatchesSearch,
  listingSearchText,
  normaliseSearchText,
  prepareListings,
} from "./search-text.ts";

describe("normaliseSearchText", () => {
  it("keeps lower-case letters and digits only", () => {
    expect(normaliseSearchText("Eagle Ford, TX - 1,250 BOEPD!")).toBe("eaglefordtx1250boepd");
    expect(normaliseSearchText("100% WI / 80% NRI")).toBe("100wi80nri");
  });

  it("drops accents rather than letters", () => {
    expect(normaliseSearchText("Neuquén Basin")).toBe("neuquenbasin");
  });

  it("turns missing values into empty text and numbers into digits", () => {
    expect(normaliseSearchText(null)).toBe("");
    expect(normaliseSearchText(undefined)).toBe("");
    expect(normaliseSearchText(4321)).toBe("4321");
  });
});

describe("listing search", () => {
  const listing = makeListing({
    ListingId: 4321,
    Header: "Permian Basin Operated Package",
    field: "Spraberry Trend",
    PLSCode: "PP/DV",
    region: "GC",
    agentCompanyName: "Acme Energy, LLC",
    wi: "100% WI",
    ImageUrl: "https://example.com/cover.jpg",
  });

  it("builds the search text from the listing's text fields", () => {
    const text = listingSearchText(listing);
    expect(text).toContain("4321");
    expect(text).toContain("permianbasinoperatedpackage");
    expect(text).toContain("spraberrytrend");
    expect(text).toContain("acmeenergyllc");
  });

  it("matches the normalised query anywhere in a field", () => {
    expect(listingMatchesSearch(listing, "permian")).toBe(true);
    expect(listingMatchesSearch(listing, "Basin Operated")).toBe(true);
    expect(listingMatchesSearch(listing, "ACME energy llc")).toBe(true);
    expect(listingMatchesSearch(listing, "pp/dv")).toBe(true);
    expect(listingMatchesSearch(listing, "4321")).toBe(true);
    expect(listingMatchesSearch(listing, "bakken")).toBe(false);
  });

  it("finds a region by its display name", () => {
    expect(listingMatchesSearch(listing, "Gulf Coast")).toBe(true);
  });

  it("does not match across two fields or in URLs", () => {
    // "…package" ends the header and "spraberry…" starts the field.
    expect(listingMatchesSearch(listing, "package spraberry")).toBe(false);
    expect(listingMatchesSearch(listing, "example.com")).toBe(false);
  });

  it("matches everything for an empty query", () => {
    expect(listingMatchesSearch(listing, "")).toBe(true);
    expect(listingMatchesSearch(listing, "  --  ")).toBe(true);
    expect(listingMatchesSearch(listing, null)).toBe(true);
  });

  it("treats text without letters or digits as no search", () => {
    expect(isValidSearchText("")).toBe(false);
    expect(isValidSearchText("   ")).toBe(false);
    expect(isValidSearchText("?!")).toBe(false);
    expect(isValidSearchText("oil")).toBe(true);
  });

  it("builds the text once per listing object", () => {
    const a = makeListing({ Header: "Alpha" });
    prepareListings([a]);
    const first = listingSearchText(a);
    expect(listingSearchText(a)).toBe(first);
    expect(listingSearchText(makeListing({ Header: "Beta" }))).toContain("beta");
  });
});
