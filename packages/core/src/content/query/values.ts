/**
 * Comparing field values the way the database would: numbers as numbers, dates as instants, text by
 * an English collation. `null` (missing) is kept apart: callers give it SQL's meaning.
 */
import { fail } from "@aea/domain";
import type { ValueKind } from "./content-schema.ts";

export type Comparable = string | number | boolean;

const collator = new Intl.Collator("en");

/** A stored value as its kind compares; null when missing or unreadable. */
export function comparable(kind: ValueKind, value: unknown): Comparable | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "number": {
      const n = typeof value === "number" ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case "date": {
      const t = Date.parse(String(value));
      return Number.isNaN(t) ? null : t;
    }
    case "boolean":
      return value === true || value === 1;
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}

export function compare(a: Comparable, b: Comparable): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * A value from a query (text in the bracket form, any JSON value in the JSON form) read as the field's
 * kind. As in Directus, the text "null" means null.
 */
export function queryValue(kind: ValueKind, raw: unknown, path: string): Comparable | null {
  if (raw === null || raw === "null") return null;
  if (typeof raw === "object" || raw === undefined) {
    throw fail("INVALID_QUERY", `"${path}" expects a single value.`);
  }
  switch (kind) {
    case "number": {
      const n =
        typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
      if (!Number.isFinite(n)) throw fail("INVALID_QUERY", `"${path}" expects a number, not "${raw}".`);
      return n;
    }
    case "date": {
      const t = Date.parse(String(raw));
      if (Number.isNaN(t)) throw fail("INVALID_QUERY", `"${path}" expects a date, not "${raw}".`);
      return t;
    }
    case "boolean": {
      if (raw === true || raw === "true" || raw === 1 || raw === "1") return true;
      if (raw === false || raw === "false" || raw === 0 || raw === "0") return false;
      throw fail("INVALID_QUERY", `"${path}" expects true or false, not "${raw}".`);
    }
    default:
      return String(raw);
  }
}

/** `_null=true`, `_empty=false`…: Directus reads anything but false as true. */
export function queryFlag(raw: unknown, path: string): boolean {
  if (raw === false || raw === "false" || raw === "0" || raw === 0) return false;
  if (raw === true || raw === "true" || raw === "1" || raw === 1 || raw === "" || raw === null) return true;
  throw fail("INVALID_QUERY", `"${path}" expects true or false.`);
}
