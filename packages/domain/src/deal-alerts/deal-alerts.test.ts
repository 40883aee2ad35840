import { describe, expect, it } from "vitest";
import { EMPTY_INTERESTS, type Interests } from "../accounts/interests.ts";
import { makeListing } from "../listing/listing.fixture.ts";
import { dealMatchesInterests } from "./deal-alerts.ts";

const interests = (overrides: Partial<Interests>): Interests => ({ ...EMPTY_INTERESTS, ...overrides });
const permianOil = makeListing({ PLSCode: "PP", region: "PB", prod: "850 BOEPD (70% oil)" });

describe("which deals match a buyer's interests", () => {
  it("matches everything for a buyer who chose nothing", () => {
    expect(dealMatchesInterests(permianOil, EMPTY_INTERESTS)).toBe(true);
  });

  it("needs a bought asset type the deal is, when the buyer chose any", () => {
    expect(dealMatchesInterests(permianOil, interests({ buy_producingProperties: true }))).toBe(true);
    expect(dealMatchesInterests(permianOil, interests({ buy_minerals: true }))).toBe(false);
    // Selling an asset type says nothing about what a buyer wants to hear about.
    expect(dealMatchesInterests(permianOil, interests({ sell_minerals: true }))).toBe(true);
    expect(
      dealMatchesInterests(makeListing({ PLSCode: "PP/DV" }), interests({ buy_development: true })),
    ).toBe(true);
    expect(dealMatchesInterests(permianOil, interests({ buy_midstream: true }))).toBe(false);
  });

  it("needs one of the buyer's regions, by display name or by location", () => {
    expect(dealMatchesInterests(permianOil, interests({ selectedRegions: ["Permian", "Rockies"] }))).toBe(
      true,
    );
    expect(dealMatchesInterests(permianOil, interests({ selectedRegions: ["Alaska"] }))).toBe(false);
    const alberta = makeListing({ PLSCode: "PP", region: "WCSB", canada: true });
    expect(dealMatchesInterests(alberta, interests({ selectedRegions: ["Canada"] }))).toBe(true);
  });

  it("needs one of the buyer's products when the deal names any", () => {
    expect(dealMatchesInterests(permianOil, interests({ oil: true }))).toBe(true);
    const dryGas = makeListing({ PLSCode: "PP", prod: "12.5 MMcfe/d (90% gas)" });
    expect(dealMatchesInterests(dryGas, interests({ oil: true }))).toBe(false);
    expect(dealMatchesInterests(dryGas, interests({ gas: true, ngl: true }))).toBe(true);
    expect(dealMatchesInterests(makeListing({ PLSCode: "M" }), interests({ oil: true }))).toBe(true);
  });

  it("needs every chosen kind to match", () => {
    const buyer = interests({ buy_producingProperties: true, selectedRegions: ["Permian"], gas: true });
    expect(dealMatchesInterests(permianOil, buyer)).toBe(false); // oil only in its texts
    expect(dealMatchesInterests(permianOil, { ...buyer, oil: true })).toBe(true);
  });
});
