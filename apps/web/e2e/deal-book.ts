import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The public deal marketplace as a buyer should find it. Expected values are worked out here from the
 * public API (GET /api/Advisors/GetDeals) with the spec's rules, never with the app's own helpers.
 */

export interface Deal {
  ListingId: number;
  Header: string;
  PLSCode: string | null;
  status: string | null;
  sold?: boolean;
  location: string | null;
  wi: string | null;
  small: boolean;
  medium: boolean;
  large: boolean;
  usa: boolean;
  canada: boolean;
  international: boolean;
  hasVDR: boolean;
  buyNow: boolean;
  projectedSalePrice: number | null;
  tombstoneUrl: string | null;
  agentName: string | null;
  agentEmail: string | null;
  agentPhone: string | null;
  agentDirectPhone: string | null;
  [field: string]: unknown;
}

export const PAGE_SIZE = 14; // §9

let publicCache: Deal[] | undefined;
let studyCache: Deal[] | undefined;

export async function publicDeals(request: APIRequestContext): Promise<Deal[]> {
  if (!publicCache) {
    const response = await request.get("/api/Advisors/GetDeals");
    expect(response.ok()).toBe(true);
    publicCache = (await response.json()) as Deal[];
  }
  return publicCache;
}

export async function studyDeals(request: APIRequestContext): Promise<Deal[]> {
  if (!studyCache) {
    const response = await request.get("/api/Advisors/GetStudyDeals");
    expect(response.ok()).toBe(true);
    studyCache = (await response.json()) as Deal[];
  }
  return studyCache;
}

// --- The spec's rules (§3 derived values, §4 status, §5 search and pagination) -----------------------

const codes = (pls: string | null) =>
  new Set(
    (pls ?? "")
      .toUpperCase()
      .split(/[^A-Z]+/)
      .filter(Boolean),
  );
export const status = (deal: Deal) => (deal.status ?? "").trim().toUpperCase();
export const isSold = (deal: Deal) => deal.sold === true || status(deal) === "SOLD";
export const isClosing = (deal: Deal) => !isSold(deal) && status(deal) === "CLOSING";

/** The deal-type menu of §2 with the flag rules of §3. */
export const DEAL_TYPES: ReadonlyArray<{ value: string; title: string; test(c: Set<string>): boolean }> = [
  { value: "producing", title: "Producing Properties", test: (c) => c.has("PP") },
  { value: "leasehold", title: "Acreage & Leasehold", test: (c) => c.has("L") || c.has("FO") },
  { value: "prospects", title: "Drilling Prospects", test: (c) => c.has("DV") },
  { value: "minerals", title: "Minerals for Sale", test: (c) => c.has("M") },
  { value: "royalties", title: "Royalties & Overrides", test: (c) => c.has("RR") },
  { value: "development", title: "Properties w/ Development", test: (c) => c.has("PP") && c.has("DV") },
  { value: "discovery", title: "Undeveloped Discovery", test: (c) => c.has("DS") },
  { value: "wanted", title: "Wanted Opportunities", test: (c) => c.has("W") && !c.has("SWD") },
  { value: "saltwater", title: "Salt Water Disposal", test: (c) => c.has("SWD") },
];

export function ofType(deals: readonly Deal[], value: string): Deal[] {
  const type = DEAL_TYPES.find((t) => t.value === value);
  if (!type) throw new Error(`no deal type ${value}`);
  return deals.filter((deal) => type.test(codes(deal.PLSCode)));
}

/** Lower-cased, letters and digits only (§5). */
export const normalise = (text: unknown) =>
  String(text)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "");

/**
 * A word from a real deal header that finds between 2 and 14 deals, and finds exactly the same deals
 * whether one searches every field of a deal or the headers only, so the expected count does not hang on
 * which fields the search text is built from.
 */
export function distinctiveWord(deals: readonly Deal[]): { word: string; matches: Deal[] } {
  const fieldTexts = new Map(
    deals.map((deal) => [
      deal,
      Object.values(deal)
        .filter((v) => v !== null && v !== undefined && typeof v !== "boolean")
        .map(normalise),
    ]),
  );
  for (const deal of deals) {
    for (const word of deal.Header.split(/[^A-Za-z]+/)) {
      if (word.length < 6) continue;
      const needle = normalise(word);
      const inAnyField = deals.filter((d) => fieldTexts.get(d)?.some((t) => t.includes(needle)));
      const inHeader = deals.filter((d) => normalise(d.Header).includes(needle));
      if (inAnyField.length === inHeader.length && inAnyField.length >= 2 && inAnyField.length <= PAGE_SIZE) {
        return { word, matches: inAnyField };
      }
    }
  }
  throw new Error("no distinctive header word in the demo data");
}

/** "X-Y of total" for a page, with §5's clamp of the start row into [1, total − 14 + 1]. */
export function pageLabel(total: number, page = 1): string {
  if (total === 0) return "0-0 of 0";
  const start = Math.max(1, Math.min((page - 1) * PAGE_SIZE + 1, total - PAGE_SIZE + 1));
  return `${start}-${Math.min(total, start + PAGE_SIZE - 1)} of ${total}`;
}

export const ids = (deals: readonly Deal[]) => deals.map((d) => d.ListingId).sort((a, b) => a - b);

export const money = (amount: number) => `$${amount.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;

export const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
