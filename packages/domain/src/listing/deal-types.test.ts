import { describe, expect, it } from "vitest";
import {
  ALL_DEAL_TYPES,
  DEAL_TYPE_CODES,
  DEAL_TYPE_MENU,
  DEAL_TYPE_QUERY_VALUES,
  findDealType,
  HOME_PAGE_DEAL_TYPES,
  isDealTypeQueryValue,
} from "./deal-types.ts";

describe("deal types", () => {
  it("has the nine codes of §9", () => {
    expect(DEAL_TYPE_CODES).toEqual(["PP", "L", "DV", "M", "RR", "DS", "W", "SWD", "STUDY"]);
  });

  it("lists the menu in the order and titles of §2", () => {
    expect(DEAL_TYPE_MENU.map((t) => [t.code, t.title, t.queryValue])).toEqual([
      ["PP", "Producing Properties", "producing"],
      ["L", "Acreage & Leasehold", "leasehold"],
      ["DV", "Drilling Prospects", "prospects"],
      ["M", "Minerals for Sale", "minerals"],
      ["RR", "Royalties & Overrides", "royalties"],
      ["PP/DV", "Properties w/ Development", "development"],
      ["DS", "Undeveloped Discovery", "discovery"],
      ["W", "Wanted Opportunities", "wanted"],
      ["SWD", "Salt Water Disposal", "saltwater"],
    ]);
  });

  it("shows PP, DV, L, RR, M on the home page", () => {
    expect(HOME_PAGE_DEAL_TYPES.map((t) => t.code)).toEqual(["PP", "DV", "L", "RR", "M"]);
    expect(HOME_PAGE_DEAL_TYPES.map((t) => t.shortLabel)).toEqual([
      "Producing",
      "Prospects",
      "Leasehold",
      "Royalties",
      "Minerals",
    ]);
  });

  it("has one query value per type", () => {
    expect(ALL_DEAL_TYPES.map((t) => t.queryValue)).toEqual([...DEAL_TYPE_QUERY_VALUES]);
    expect(isDealTypeQueryValue("development")).toBe(true);
    expect(isDealTypeQueryValue("PP")).toBe(false);
  });

  it("finds a type by query value, code or title, ignoring case and punctuation", () => {
    expect(findDealType("producing")?.code).toBe("PP");
    expect(findDealType("pp")?.queryValue).toBe("producing");
    expect(findDealType("PP/DV")?.queryValue).toBe("development");
    expect(findDealType("PP DV")?.queryValue).toBe("development");
    expect(findDealType("Minerals for Sale")?.code).toBe("M");
    expect(findDealType("SWD")?.queryValue).toBe("saltwater");
    expect(findDealType("STUDY")?.queryValue).toBe("study");
    expect(findDealType("nonsense")).toBeUndefined();
    expect(findDealType("")).toBeUndefined();
    expect(findDealType(null)).toBeUndefined();
  });
});
