import { describe, expect, it } from "vitest";
import { listingTypeFlags, matchesDealType, plsCodeTokens } from "./listing-type-flags.ts";

describe("listing-type flags", () => {
  it("splits a PLS code into tokens at anything that is not a letter", () => {
    expect([...plsCodeTokens("PP/DV")]).toEqual(["PP", "DV"]);
    expect([...plsCodeTokens(" l-m ,rr ")]).toEqual(["L", "M", "RR"]);
    expect([...plsCodeTokens(null)]).toEqual([]);
  });

  it("derives each flag of §3", () => {
    expect(listingTypeFlags("L").leasehold).toBe(true);
    expect(listingTypeFlags("FO").leasehold).toBe(true);
    expect(listingTypeFlags("DV").prospect).toBe(true);
    expect(listingTypeFlags("PP").producing).toBe(true);
    expect(listingTypeFlags("M").minerals).toBe(true);
    expect(listingTypeFlags("RR").royalty).toBe(true);
    expect(listingTypeFlags("DS").discovery).toBe(true);
    expect(listingTypeFlags("W").wanted).toBe(true);
    expect(listingTypeFlags("SWD").saltwater).toBe(true);
    expect(listingTypeFlags("STUDY").study).toBe(true);
  });

  it("needs both PP and DV for development", () => {
    expect(listingTypeFlags("PP/DV").development).toBe(true);
    expect(listingTypeFlags("DV, PP").development).toBe(true);
    expect(listingTypeFlags("PP").development).toBe(false);
    expect(listingTypeFlags("DV").development).toBe(false);
  });

  it("does not read SWD as W, DV or DS", () => {
    const flags = listingTypeFlags("SWD");
    expect(flags).toMatchObject({ saltwater: true, wanted: false, prospect: false, discovery: false });
  });

  it("is not wanted when SWD is present too", () => {
    expect(listingTypeFlags("W/SWD").wanted).toBe(false);
    expect(listingTypeFlags("W/SWD").saltwater).toBe(true);
  });

  it("matches whole tokens only", () => {
    expect(listingTypeFlags("PPDV")).toMatchObject({ producing: false, prospect: false });
    expect(listingTypeFlags("LM").leasehold).toBe(false);
    expect(listingTypeFlags("pp").producing).toBe(true);
  });

  it("gives all flags false for an empty code", () => {
    expect(Object.values(listingTypeFlags("")).every((flag) => flag === false)).toBe(true);
    expect(Object.values(listingTypeFlags(null)).every((flag) => flag === false)).toBe(true);
  });

  it("matches a PLS code against a type query value, code or title", () => {
    expect(matchesDealType("PP/DV", "producing")).toBe(true);
    expect(matchesDealType("PP/DV", "prospects")).toBe(true);
    expect(matchesDealType("PP/DV", "development")).toBe(true);
    expect(matchesDealType("PP", "development")).toBe(false);
    expect(matchesDealType("L-M", "leasehold")).toBe(true);
    expect(matchesDealType("FO", "L")).toBe(true);
    expect(matchesDealType("SWD", "wanted")).toBe(false);
    expect(matchesDealType("SWD", "saltwater")).toBe(true);
    expect(matchesDealType("W", "Wanted Opportunities")).toBe(true);
    expect(matchesDealType("PP", "nonsense")).toBe(false);
  });
});
