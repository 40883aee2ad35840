/**
 * Limits every content query obeys, and the readers of single parameters. The limits keep a hostile
 * query (huge, deeply nested, prototype-polluting) a 400 and never a slow or failed request.
 */
import { AppError, fail } from "@aea/domain";
import { isRecord } from "./item-graph.ts";

export const QUERY_LIMITS = {
  /** Items per page when the query names no limit (as Directus). */
  defaultLimit: 100,
  /** Larger limits are lowered to this. */
  maxLimit: 1000,
  /** What `limit=-1` ("all") returns at most; our collections hold dozens, this only stops abuse. */
  allItemsLimit: 5000,
  /** Nesting of filters, deep, field paths and bracket keys. */
  maxDepth: 10,
  /** Characters in one parameter value or one text inside a JSON parameter. */
  maxValueLength: 2048,
  maxParameters: 200,
  /** Values of one `_in` / `_nin` list. */
  maxListValues: 1000,
} as const;

/** Keys that could reach an object's prototype if anything ever merged query objects. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** A Directus list parameter: comma-separated text or an array of texts; blanks are dropped. */
export function listParameter(value: unknown, parameter: string): string[] {
  if (value === undefined || value === null) return [];
  const parts = typeof value === "string" ? [value] : value;
  if (!Array.isArray(parts) || !parts.every((p) => typeof p === "string")) {
    throw fail("INVALID_QUERY", `"${parameter}" must be a comma-separated list.`);
  }
  return parts
    .flatMap((p) => p.split(","))
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

/** An integer parameter (text or number), at least `min`; undefined when absent. */
export function integerParameter(value: unknown, parameter: string, min: number): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^-?\d+$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw fail("INVALID_QUERY", `"${parameter}" must be an integer of at least ${min}.`);
  }
  return n;
}

/** `filter` and `deep` come as objects (brackets, or callers in-process) or as JSON text. */
export function objectParameter(value: unknown, parameter: string): unknown {
  if (typeof value !== "string") return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value, (key, inner) => {
      if (FORBIDDEN_KEYS.has(key)) throw forbiddenKey(parameter, key);
      return inner;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fail("INVALID_QUERY", `"${parameter}" is not valid JSON.`);
  }
  checkShape(parsed, parameter, 0);
  return parsed;
}

export function forbiddenKey(parameter: string, key: string): AppError {
  return fail("INVALID_QUERY", `"${parameter}" may not use the key "${key}".`);
}

function checkShape(value: unknown, parameter: string, depth: number): void {
  if (depth > QUERY_LIMITS.maxDepth) throw fail("INVALID_QUERY", `"${parameter}" is nested too deeply.`);
  if (typeof value === "string" && value.length > QUERY_LIMITS.maxValueLength) {
    throw fail("INVALID_QUERY", `A value in "${parameter}" is too long.`);
  }
  if (Array.isArray(value)) for (const item of value) checkShape(item, parameter, depth + 1);
  else if (isRecord(value)) for (const item of Object.values(value)) checkShape(item, parameter, depth + 1);
}
