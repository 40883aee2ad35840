/**
 * Deal types (§2 "Deal-type menu", §3 "Deal types", §9 "Deal-type codes").
 *
 * A deal type has a code (as found in a listing's PLS code), a title for menus and a
 * query value for the `type` parameter of /deals/public. Query values are readable
 * words ("producing", "development", …) rather than codes so that shared links say
 * what they show; `findDealType` also accepts the codes and titles, so `?type=PP`
 * keeps working.
 */

export const DealTypeCode = {
  PP: "PP",
  L: "L",
  DV: "DV",
  M: "M",
  RR: "RR",
  DS: "DS",
  W: "W",
  SWD: "SWD",
  STUDY: "STUDY",
} as const;
export type DealTypeCode = (typeof DealTypeCode)[keyof typeof DealTypeCode];

/** The deal-type codes in the order of §9. */
export const DEAL_TYPE_CODES: readonly DealTypeCode[] = [
  "PP",
  "L",
  "DV",
  "M",
  "RR",
  "DS",
  "W",
  "SWD",
  "STUDY",
];

export const DEAL_TYPE_QUERY_VALUES = [
  "producing",
  "leasehold",
  "prospects",
  "minerals",
  "royalties",
  "development",
  "discovery",
  "wanted",
  "saltwater",
  "study",
] as const;
export type DealTypeQueryValue = (typeof DEAL_TYPE_QUERY_VALUES)[number];

export interface DealType {
  /** The code as shown to people; "PP/DV" for Properties w/ Development. */
  code: string;
  /** Every code a PLS code must carry to be of this type. */
  codes: readonly DealTypeCode[];
  title: string;
  /** Short label for buttons (home page row, filter strip). */
  shortLabel: string;
  queryValue: DealTypeQueryValue;
}

function dealType(
  codes: readonly DealTypeCode[],
  title: string,
  shortLabel: string,
  queryValue: DealTypeQueryValue,
) {
  return Object.freeze({
    code: codes.join("/"),
    codes: Object.freeze([...codes]),
    title,
    shortLabel,
    queryValue,
  });
}

export const PRODUCING_PROPERTIES: DealType = dealType(
  ["PP"],
  "Producing Properties",
  "Producing",
  "producing",
);
export const ACREAGE_AND_LEASEHOLD: DealType = dealType(
  ["L"],
  "Acreage & Leasehold",
  "Leasehold",
  "leasehold",
);
export const DRILLING_PROSPECTS: DealType = dealType(["DV"], "Drilling Prospects", "Prospects", "prospects");
export const MINERALS_FOR_SALE: DealType = dealType(["M"], "Minerals for Sale", "Minerals", "minerals");
export const ROYALTIES_AND_OVERRIDES: DealType = dealType(
  ["RR"],
  "Royalties & Overrides",
  "Royalties",
  "royalties",
);
export const PROPERTIES_WITH_DEVELOPMENT: DealType = dealType(
  ["PP", "DV"],
  "Properties w/ Development",
  "Development",
  "development",
);
export const UNDEVELOPED_DISCOVERY: DealType = dealType(
  ["DS"],
  "Undeveloped Discovery",
  "Discovery",
  "discovery",
);
export const WANTED_OPPORTUNITIES: DealType = dealType(["W"], "Wanted Opportunities", "Wanted", "wanted");
export const SALT_WATER_DISPOSAL: DealType = dealType(
  ["SWD"],
  "Salt Water Disposal",
  "Salt Water",
  "saltwater",
);
/** Research studies (/deals/research); not in the menu but a valid type value. */
export const RESEARCH_STUDIES: DealType = dealType(["STUDY"], "Research Studies", "Research", "study");

/** The deal-type menu, in the order of §2. */
export const DEAL_TYPE_MENU: readonly DealType[] = [
  PRODUCING_PROPERTIES,
  ACREAGE_AND_LEASEHOLD,
  DRILLING_PROSPECTS,
  MINERALS_FOR_SALE,
  ROYALTIES_AND_OVERRIDES,
  PROPERTIES_WITH_DEVELOPMENT,
  UNDEVELOPED_DISCOVERY,
  WANTED_OPPORTUNITIES,
  SALT_WATER_DISPOSAL,
];

/** Every deal type a `type` query value may name: the menu plus research studies. */
export const ALL_DEAL_TYPES: readonly DealType[] = [...DEAL_TYPE_MENU, RESEARCH_STUDIES];

/** The row of deal-type buttons on the home page (§2): PP, DV, L, RR, M. */
export const HOME_PAGE_DEAL_TYPES: readonly DealType[] = [
  PRODUCING_PROPERTIES,
  DRILLING_PROSPECTS,
  ACREAGE_AND_LEASEHOLD,
  ROYALTIES_AND_OVERRIDES,
  MINERALS_FOR_SALE,
];

/** Every code a PLS code may carry: the deal types of §9 and FO (farm-out, a kind of leasehold). */
export const PLS_CODES: readonly string[] = [...DEAL_TYPE_CODES, "FO"];

/**
 * What a PLS code means: the title of its deal type, "Farmout" for FO (a listing's listingTypeDesc
 * is the description of its first code); undefined for a code that is not a PLS code.
 */
export function plsCodeDescription(code: string): string | undefined {
  if (code === "FO") return "Farmout";
  return ALL_DEAL_TYPES.find((type) => type.codes.length === 1 && type.code === code)?.title;
}

function lookupKey(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]+/g, "");
}

const dealTypesByKey = new Map<string, DealType>();
for (const type of ALL_DEAL_TYPES) {
  for (const key of [type.queryValue, type.code, type.title]) dealTypesByKey.set(lookupKey(key), type);
}

/**
 * The deal type a query value, code or title names (case and punctuation ignored:
 * "producing", "PP", "pp", "PP/DV", "PP DV", "Minerals for Sale"); undefined when none.
 */
export function findDealType(value: string | null | undefined): DealType | undefined {
  if (!value) return undefined;
  return dealTypesByKey.get(lookupKey(value));
}

export function isDealTypeQueryValue(value: unknown): value is DealTypeQueryValue {
  return typeof value === "string" && (DEAL_TYPE_QUERY_VALUES as readonly string[]).includes(value);
}
