import type { Listing } from "@aea/domain";

/**
 * The descriptive fields of a listing with the labels buyers read them under. The listing keeps the
 * historical column names (whr, wht, C4…); this is the one place that says what each one means.
 */
export const dealFieldLabels: ReadonlyArray<[keyof Listing, string]> = [
  ["whr", "Where"],
  ["wht", "What"],
  ["field", "Field"],
  ["fld2", "Other fields"],
  ["obj1", "Primary objective"],
  ["obj2", "Secondary objective"],
  ["C4", "Acreage"],
  ["C5", "Wells and locations"],
  ["wi", "Working interest"],
  ["prod", "Production"],
  ["cashflow", "Cash flow"],
  ["reserves", "Reserves"],
  ["C2", "Effective date and terms"],
  ["methods", "Sale method"],
  ["C6", "Process"],
  ["other1", "Highlights"],
  ["other2", "Other"],
];

export function dealFields(listing: Listing): Array<{ label: string; value: string }> {
  return dealFieldLabels
    .map(([key, label]) => ({ label, value: String(listing[key] ?? "").trim() }))
    .filter((field) => field.value !== "");
}
