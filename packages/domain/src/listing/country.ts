/**
 * Places (§3 "country set" and Location enum, §9 "Location filters"): each named once. A listing
 * carries one `locationId` and country flags; the filters and the home page's country buttons use
 * the flags, staff pick the locationId, and both show the same name for the same place.
 */
import { type Listing, LocationId } from "./listing.ts";

export const COUNTRIES = ["usa", "canada", "international"] as const;
export type Country = (typeof COUNTRIES)[number];

const COUNTRY_NAMES: Readonly<Record<Country, string>> = {
  usa: "United States",
  canada: "Canada",
  international: "International",
};

/** The name of each location; Global is a location only, not a country filter. */
const LOCATION_NAMES: Readonly<Record<LocationId, string>> = {
  [LocationId.USA]: COUNTRY_NAMES.usa,
  [LocationId.Canada]: COUNTRY_NAMES.canada,
  [LocationId.International]: COUNTRY_NAMES.international,
  [LocationId.Global]: "Global",
};

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && (COUNTRIES as readonly string[]).includes(value);
}

export function countryName(country: Country): string {
  return COUNTRY_NAMES[country];
}

/** The name of a listing's locationId; undefined for a number the enum does not hold. */
export function locationName(locationId: number): string | undefined {
  return LOCATION_NAMES[locationId as LocationId];
}

/** The countries a listing is flagged with, in canonical order. */
export function countriesOf(listing: Pick<Listing, Country>): Country[] {
  return COUNTRIES.filter((country) => listing[country]);
}
