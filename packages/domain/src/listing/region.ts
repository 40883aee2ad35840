/**
 * Region display names (§9 "Region display names remapped") and basin/play cleaning.
 *
 * The deal data carries region codes of several vintages ("GC", "MIDCON", "ARKLATEX");
 * people see one name per region. Codes are matched ignoring case and punctuation, so
 * "Ark-La-Tex", "ARKLATEX" and "alt" all show as "Ark-La-Tex". Anything unknown is
 * shown as it is (trimmed).
 */

const REGION_NAMES_BY_KEY: Readonly<Record<string, string>> = {
  GC: "Gulf Coast",
  GULFCOAST: "Gulf Coast",
  MC: "Midcontinent",
  MIDCON: "Midcontinent",
  MIDCONT: "Midcontinent",
  MIDCONTINENT: "Midcontinent",
  ALT: "Ark-La-Tex",
  ARKLATEX: "Ark-La-Tex",
  ETX: "East Texas",
  EASTTEXAS: "East Texas",
  STX: "South Texas",
  SOUTHTEXAS: "South Texas",
  NTX: "North Texas",
  NORTHTEXAS: "North Texas",
  WTX: "West Texas",
  WESTTEXAS: "West Texas",
  PB: "Permian",
  PERMIAN: "Permian",
  PERMIANBASIN: "Permian",
  RM: "Rockies",
  ROCKIES: "Rockies",
  ROCKYMOUNTAINS: "Rockies",
  APP: "Appalachia",
  APPALACHIA: "Appalachia",
  APPALACHIAN: "Appalachia",
  GOM: "Gulf of Mexico",
  GULFOFMEXICO: "Gulf of Mexico",
  CAL: "California",
  CALIFORNIA: "California",
  AK: "Alaska",
  ALASKA: "Alaska",
  MW: "Midwest",
  MIDWEST: "Midwest",
  WCSB: "Western Canada",
  WESTERNCANADA: "Western Canada",
  CAN: "Canada",
  CANADA: "Canada",
  INTL: "International",
  INTERNATIONAL: "International",
};

function regionKey(region: string): string {
  return region.toUpperCase().replace(/[^A-Z0-9]+/g, "");
}

/** The name people see for a region code; unknown regions as they are; "" for none. */
export function regionName(region: string | null | undefined): string {
  if (!region) return "";
  const trimmed = region.trim();
  return REGION_NAMES_BY_KEY[regionKey(trimmed)] ?? trimmed;
}

/** A basin or play with 'Not Applicable' (any case, any spacing) treated as empty (§9). */
export function cleanBasinOrPlay(value: string | null | undefined): string {
  if (!value) return "";
  const trimmed = value.trim();
  return /^not\s*applicable$/i.test(trimmed) ? "" : trimmed;
}
