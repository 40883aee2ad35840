import { describe, expect, it } from "vitest";
import { COUNTRIES, COUNTRY_NAMES, countriesOf, countryName, isCountry } from "./country.ts";

describe("country", () => {
  it("has usa, canada and international with their display names", () => {
    expect(COUNTRIES).toEqual(["usa", "canada", "international"]);
    expect(COUNTRY_NAMES).toEqual({ usa: "United States", canada: "Canada", international: "International" });
    expect(countryName("usa")).toBe("United States");
  });

  it("derives the set from the listing's booleans in canonical order", () => {
    expect(countriesOf({ usa: true, canada: true, international: false })).toEqual(["usa", "canada"]);
    expect(countriesOf({ usa: false, canada: false, international: true })).toEqual(["international"]);
  });

  it("recognises country values", () => {
    expect(isCountry("canada")).toBe(true);
    expect(isCountry("mexico")).toBe(false);
  });
});
