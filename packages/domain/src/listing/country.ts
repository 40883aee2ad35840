/** Countries (§3 "country set", §9 "Location filters"). */
import type { Listing } from "./listing.ts";

export const COUNTRIES = ["usa", "canada", "international"] as const;
export type Country = (typeof COUNTRIES)[number];

export const COUNTRY_NAMES: Readonly<Record<Country, string>> = {
  usa: "United States",
  canada: "Canada",
  international: "International",
};

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && (COUNTRIES as readonly string[]).includes(value);
}

export function countryName(country: Country): string {
  return COUNTRY_NAMES[country];
}

/** The countries a listing is flagged with, in canonical order. */
export function countriesOf(listing: Pick<Listing, Country>): Country[] {
  return COUNTRIES.filter((country) => listing[country]);
}
