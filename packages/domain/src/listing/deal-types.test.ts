import { describe, expect, it } from "vitest";
import {
  ALL_DEAL_TYPES,
  DEAL_TYPE_QUERY_VALUES,
  findDealType,
  isDealTypeQueryValue,
  PLS_CODES,
  plsCodeDescription,
} from "./deal-types.ts";

describe("deal types", () => {
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

  it("describes a PLS code by its deal type, FO as a farmout", () => {
    expect(plsCodeDescription("PP")).toBe(findDealType("PP")?.title);
    expect(plsCodeDescription("FO")).toBe("Farmout");
    expect(plsCodeDescription("PP/DV")).toBeUndefined();
    expect(PLS_CODES.every((code) => plsCodeDescription(code))).toBe(true);
  });
});
