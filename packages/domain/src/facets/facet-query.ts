import { z } from "../zod.ts";
import type { FacetDocument } from "./facet-definition.ts";

/** The most documents one query returns; a larger `size` is cut to it and the reply says so. */
export const MAX_FACET_PAGE_SIZE = 100;
export const DEFAULT_FACET_PAGE_SIZE = 20;

const FACET_TYPES = ["checkbox", "single", "range", "date", "year"] as const;

/** The spec's query payload (§3 "Query payload"); unknown fields are refused, not ignored. */
export const facetQuerySchema = z
  .object({
    filters: z
      .array(
        z
          .object({
            type: z.enum(FACET_TYPES),
            field: z.string().min(1).max(100),
            expressions: z.array(z.string().min(1).max(200)).min(1).max(500),
          })
          .strict(),
      )
      .max(50)
      .default([]),
    sorts: z
      .array(z.object({ sortField: z.string().min(1).max(100), isAscending: z.boolean() }).strict())
      .max(5)
      .default([]),
    size: z.number().int().min(0).default(DEFAULT_FACET_PAGE_SIZE),
    start: z.number().int().min(0).max(1_000_000_000).default(0),
    facets: z.array(z.string().min(1).max(100)).max(100).default([]),
    stats: z.array(z.string().min(1).max(100)).max(50).default([]),
    changeId: z.number().int().optional(),
  })
  .strict();

export type FacetQuery = z.infer<typeof facetQuerySchema>;
export type FacetQueryInput = z.input<typeof facetQuerySchema>;
export type FacetFilter = FacetQuery["filters"][number];

/** One bucket of a facet: its key, its count (`value`) and, for `stats:` facets, stat1..stat4. */
export interface FacetBucket {
  key: string;
  value: number;
  stat1?: number | null;
  stat2?: number | null;
  stat3?: number | null;
  stat4?: number | null;
}

/**
 * A facet's counts. Range and date facets add `before`, `between` and `after`: the documents below,
 * inside and above the facet's selected range (for dates: older than the oldest bucket, within the
 * buckets' span, later than now); a range facet also gives its histogram's `gap`.
 */
export interface FacetCounts {
  buckets: FacetBucket[];
  before?: number;
  between?: number;
  after?: number;
  gap?: number;
}

export interface FieldStats {
  count: number;
  sum: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
}

/** The spec's results (§3 "Results"). */
export interface FacetResults {
  responseHeader: {
    status: 0;
    /** Server time in milliseconds. */
    QTime: number;
    /** The payload as it was applied (defaults filled in, `size` capped). */
    params: FacetQuery;
    /** Set when the request was changed to be answered (a `size` over the cap). */
    notice?: string;
  };
  response: { numFound: number; start: number; docs: FacetDocument[] };
  facets: Record<string, FacetCounts>;
  stats: Record<string, FieldStats>;
  queryChangeId: number | null;
}

/** A range bound: open (`*`), a number, or an instant in epoch milliseconds. */
export type RangeBound = { open: true } | { open: false; value: number; inclusive: boolean };
export interface ParsedRange {
  lower: RangeBound;
  upper: RangeBound;
}

const RANGE = /^([[{])\s*(\S+)\s+TO\s+(\S+)\s*([\]}])$/;
const NOW = /^NOW(?:-(\d{1,5})DAYS)?$/;
const DAY_MS = 86_400_000;

/**
 * Parses `[a TO b]` (`{`/`}` exclude their end, `*` is open). Numbers for a number field; ISO
 * instants or `NOW`, `NOW-30DAYS` for a date field. Answers an error message when it is malformed.
 */
export function parseRange(expression: string, kind: "number" | "date", now: number): ParsedRange | string {
  const match = RANGE.exec(expression.trim());
  if (!match) return `"${expression}" is not a range like [a TO b]`;
  const [, open, from, to, close] = match as unknown as [string, string, string, string, string];
  const lower = bound(from, open === "[", kind, now);
  const upper = bound(to, close === "]", kind, now);
  if (typeof lower === "string") return lower;
  if (typeof upper === "string") return upper;
  if (!lower.open && !upper.open && lower.value > upper.value) return `"${expression}" starts after it ends`;
  return { lower, upper };
}

function bound(text: string, inclusive: boolean, kind: "number" | "date", now: number): RangeBound | string {
  if (text === "*") return { open: true };
  if (kind === "number") {
    const value = Number(text);
    return Number.isFinite(value) && /^-?[\d.eE+-]+$/.test(text)
      ? { open: false, value, inclusive }
      : `"${text}" is not a number`;
  }
  const relative = NOW.exec(text);
  if (relative) return { open: false, value: now - Number(relative[1] ?? 0) * DAY_MS, inclusive };
  const value = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(value) ? `"${text}" is not a date` : { open: false, value, inclusive };
}

/** Whether `value` lies in `range`. */
export function inRange(value: number, range: ParsedRange): boolean {
  const { lower, upper } = range;
  if (!lower.open && (lower.inclusive ? value < lower.value : value <= lower.value)) return false;
  if (!upper.open && (upper.inclusive ? value > upper.value : value >= upper.value)) return false;
  return true;
}
