/**
 * Listing-type flags derived from a PLS code (§3 "Derived values").
 *
 * A PLS code is a list of deal-type codes separated by anything that is not a letter
 * ("PP/DV", "L-M", "SWD"). Codes are compared as whole tokens, so "SWD" is neither
 * "W" nor "DV" and "PPDV" is one unknown token.
 */
import { type DealTypeQueryValue, findDealType } from "./deal-types.ts";

export interface ListingTypeFlags {
  /** L or FO (farm-out). */
  leasehold: boolean;
  /** DV. */
  prospect: boolean;
  /** PP. */
  producing: boolean;
  /** PP and DV. */
  development: boolean;
  /** M. */
  minerals: boolean;
  /** RR. */
  royalty: boolean;
  /** DS. */
  discovery: boolean;
  /** W and not SWD. */
  wanted: boolean;
  /** SWD. */
  saltwater: boolean;
  /** STUDY. */
  study: boolean;
}

/** Which flag each deal-type query value filters on. */
export const DEAL_TYPE_FLAG: Readonly<Record<DealTypeQueryValue, keyof ListingTypeFlags>> = {
  producing: "producing",
  leasehold: "leasehold",
  prospects: "prospect",
  minerals: "minerals",
  royalties: "royalty",
  development: "development",
  discovery: "discovery",
  wanted: "wanted",
  saltwater: "saltwater",
  study: "study",
};

/** The upper-cased code tokens of a PLS code. */
export function plsCodeTokens(plsCode: string | null | undefined): ReadonlySet<string> {
  const tokens = new Set<string>();
  if (!plsCode) return tokens;
  for (const token of plsCode.toUpperCase().split(/[^A-Z]+/)) if (token) tokens.add(token);
  return tokens;
}

function computeFlags(plsCode: string | null | undefined): ListingTypeFlags {
  const has = plsCodeTokens(plsCode);
  return Object.freeze({
    leasehold: has.has("L") || has.has("FO"),
    prospect: has.has("DV"),
    producing: has.has("PP"),
    development: has.has("PP") && has.has("DV"),
    minerals: has.has("M"),
    royalty: has.has("RR"),
    discovery: has.has("DS"),
    wanted: has.has("W") && !has.has("SWD"),
    saltwater: has.has("SWD"),
    study: has.has("STUDY"),
  });
}

// A site has a few dozen distinct PLS codes, so the flags are memoised per code text;
// the bound only guards against unexpected input.
const FLAG_CACHE_LIMIT = 2000;
const flagCache = new Map<string, ListingTypeFlags>();

/** The flags of a PLS code (frozen; memoised per code). */
export function listingTypeFlags(plsCode: string | null | undefined): ListingTypeFlags {
  const key = plsCode ?? "";
  let flags = flagCache.get(key);
  if (!flags) {
    if (flagCache.size >= FLAG_CACHE_LIMIT) flagCache.clear();
    flags = computeFlags(key);
    flagCache.set(key, flags);
  }
  return flags;
}

/**
 * Whether a PLS code is of the deal type a `type` query value names (codes and
 * titles are accepted too, see `findDealType`). An unknown type matches nothing.
 */
export function matchesDealType(plsCode: string | null | undefined, queryValue: string): boolean {
  const type = findDealType(queryValue);
  if (!type) return false;
  return listingTypeFlags(plsCode)[DEAL_TYPE_FLAG[type.queryValue]];
}
