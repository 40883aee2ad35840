import { describe, expect, it } from "vitest";
import { DEAL_SIZE_NAMES, DEAL_SIZES, dealSizeName, dealSizesOf, isDealSize } from "./deal-size.ts";

describe("deal size", () => {
  it("has small, medium and large named Small, Mid-Value and Larger", () => {
    expect(DEAL_SIZES).toEqual(["small", "medium", "large"]);
    expect(DEAL_SIZE_NAMES).toEqual({ small: "Small", medium: "Mid-Value", large: "Larger" });
    expect(dealSizeName("medium")).toBe("Mid-Value");
  });

  it("derives the set from the listing's booleans in canonical order", () => {
    expect(dealSizesOf({ small: true, medium: false, large: true })).toEqual(["small", "large"]);
    expect(dealSizesOf({ small: false, medium: false, large: false })).toEqual([]);
  });

  it("recognises size values", () => {
    expect(isDealSize("large")).toBe(true);
    expect(isDealSize("Large")).toBe(false);
    expect(isDealSize(3)).toBe(false);
  });
});
