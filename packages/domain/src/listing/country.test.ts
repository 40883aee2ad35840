import { describe, expect, it } from "vitest";
import { COUNTRIES, countriesOf, countryName, isCountry, locationName } from "./country.ts";
import { LocationId } from "./listing.ts";

describe("country", () => {
  it("names a place the same whether a country filter or a listing's location names it", () => {
    expect(COUNTRIES.map(countryName)).toEqual(
      [LocationId.USA, LocationId.Canada, LocationId.International].map(locationName),
    );
    expect(locationName(LocationId.Global)).toBe("Global");
    expect(locationName(99)).toBeUndefined();
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
