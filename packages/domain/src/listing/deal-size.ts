/** Deal sizes (§2 header buttons, §3 "dealSize set"). */
import type { Listing } from "./listing.ts";

export const DEAL_SIZES = ["small", "medium", "large"] as const;
export type DealSize = (typeof DEAL_SIZES)[number];

/** Display names of the header buttons. */
export const DEAL_SIZE_NAMES: Readonly<Record<DealSize, string>> = {
  small: "Small",
  medium: "Mid-Value",
  large: "Larger",
};

export function isDealSize(value: unknown): value is DealSize {
  return typeof value === "string" && (DEAL_SIZES as readonly string[]).includes(value);
}

export function dealSizeName(size: DealSize): string {
  return DEAL_SIZE_NAMES[size];
}

/** The sizes a listing is flagged with, in canonical order (a listing may carry several). */
export function dealSizesOf(listing: Pick<Listing, DealSize>): DealSize[] {
  return DEAL_SIZES.filter((size) => listing[size]);
}
