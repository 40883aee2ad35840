import type { AppError } from "@aea/domain";
import { fail } from "@aea/domain";
/**
 * Reads a Directus query string (`filter[author][name][_eq]=x`, `fields[]=a`, `filter={"…"}`) into a
 * ContentQuery, as the `qs` parser Directus uses would, refusing anything hostile before it is built:
 * too many parameters, over-long values, deep nesting, prototype keys.
 */
import type { ContentQuery } from "./content-query.ts";
import { isRecord } from "./item-graph.ts";
import { FORBIDDEN_KEYS, forbiddenKey, QUERY_LIMITS } from "./parameters.ts";

/** The parameters the items endpoints read; others are ignored, as Directus ignores them. */
export const ITEMS_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  "fields",
  "filter",
  "sort",
  "limit",
  "offset",
  "page",
  "search",
  "meta",
  "deep",
]);

/** Directus parameters we do not implement: refused rather than silently giving a different answer. */
const UNSUPPORTED = new Set(["aggregate", "groupBy", "alias", "export", "version", "backlink"]);

const keyPattern = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

type Tree = Record<string, unknown>;

export function queryFromSearchParams(params: URLSearchParams): ContentQuery {
  const root: Tree = Object.create(null);
  let count = 0;
  for (const [key, value] of params) {
    if (++count > QUERY_LIMITS.maxParameters) throw fail("INVALID_QUERY", "Too many query parameters.");
    const name = key.split("[")[0];
    if (UNSUPPORTED.has(name)) throw fail("INVALID_QUERY", `"${name}" is not supported by this server.`);
    if (!ITEMS_QUERY_PARAMETERS.has(name)) continue;
    const match = keyPattern.exec(key);
    if (!match) throw fail("INVALID_QUERY", `Malformed query parameter "${key.slice(0, 100)}".`);
    if (key.length > QUERY_LIMITS.maxValueLength || value.length > QUERY_LIMITS.maxValueLength) {
      throw fail(
        "INVALID_QUERY",
        `"${key.slice(0, 100)}" is longer than ${QUERY_LIMITS.maxValueLength} characters.`,
      );
    }
    const path = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]);
    // `fields[]=a&fields[]=b`: a trailing [] only says "one of several values".
    if (path.at(-1) === "") path.pop();
    if (path.length > QUERY_LIMITS.maxDepth) throw fail("INVALID_QUERY", `"${name}" is nested too deeply.`);
    for (const segment of path) {
      if (segment === "") throw fail("INVALID_QUERY", `Malformed query parameter "${key.slice(0, 100)}".`);
      if (FORBIDDEN_KEYS.has(segment)) throw forbiddenKey(name, segment);
    }
    assign(root, [name, ...path], value, key);
  }
  return arraysFromIndexes(root) as ContentQuery;
}

function assign(tree: Tree, path: string[], value: string, key: string): void {
  let node = tree;
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (next === undefined) node[segment] = Object.create(null);
    else if (!isRecord(next)) throw conflict(key);
    node = node[segment] as Tree;
  }
  const last = path[path.length - 1];
  const existing = node[last];
  if (existing === undefined) node[last] = value;
  else if (typeof existing === "string") node[last] = [existing, value];
  else if (Array.isArray(existing)) existing.push(value);
  else throw conflict(key);
}

function conflict(key: string): AppError {
  return fail("INVALID_QUERY", `"${key.slice(0, 100)}" gives a value and nested values to the same key.`);
}

/** `{ "0": a, "1": b }` (from `_or[0]`, `_or[1]`) becomes `[a, b]`, as qs builds it. */
function arraysFromIndexes(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  const converted: Tree = Object.create(null);
  for (const key of keys) converted[key] = arraysFromIndexes(value[key]);
  if (keys.length > 0 && keys.every((k) => /^\d{1,3}$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]);
  }
  return converted;
}
