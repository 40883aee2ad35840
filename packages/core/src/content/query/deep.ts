/**
 * Directus `deep`: per nested list, the rows to keep (`_filter`), their order (`_sort`) and a page of
 * them (`_offset`, `_limit`), e.g. `deep[teams][members][_limit]=3`. Lists are otherwise returned
 * whole: unlike Directus we do not cut nested lists at 100 rows, as ours are short by nature.
 */
import { fail } from "@aea/domain";
import { type ContentRecord, type Schema, targetSchema } from "./content-schema.ts";
import { compileFilter, type Predicate } from "./filter.ts";
import { type ItemGraph, isRecord } from "./item-graph.ts";
import { integerParameter, objectParameter, QUERY_LIMITS } from "./parameters.ts";
import { type Comparator, compileSort } from "./sort.ts";

export interface DeepTree {
  filter?: Predicate;
  sort?: Comparator;
  limit?: number;
  offset?: number;
  children: Map<string, DeepTree>;
}

export function compileDeep(input: unknown, schema: Schema): DeepTree | undefined {
  if (input === undefined || input === null || input === "") return undefined;
  return compileNode(objectParameter(input, "deep"), schema, "deep", 0, false);
}

/** `options`: whether this node is a list, whose rows `_filter` and friends apply to. */
function compileNode(node: unknown, schema: Schema, path: string, depth: number, options: boolean): DeepTree {
  if (depth > QUERY_LIMITS.maxDepth) throw fail("INVALID_QUERY", `"${path}" is nested too deeply.`);
  if (!isRecord(node)) throw fail("INVALID_QUERY", `"${path}" must be an object.`);
  const tree: DeepTree = { children: new Map() };
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}.${key}`;
    if (key.startsWith("_")) {
      if (!options) throw fail("INVALID_QUERY", `"${at}": ${key} applies to nested lists only.`);
      readOption(tree, key, value, schema, at, depth);
      continue;
    }
    const field = schema.fields.get(key);
    if (!field) throw fail("INVALID_QUERY", `"${at}": ${schema.name} has no field "${key}".`);
    if (field.shape === "scalar") throw fail("INVALID_QUERY", `"${at}": "${key}" has no nested rows.`);
    const inner = field.shape === "list" ? field.rows : targetSchema(field);
    tree.children.set(key, compileNode(value, inner, at, depth + 1, field.shape === "list"));
  }
  return tree;
}

function readOption(tree: DeepTree, key: string, value: unknown, rows: Schema, at: string, depth: number) {
  switch (key) {
    case "_filter":
      tree.filter = compileFilter(objectParameter(value, at), rows, at, depth + 1);
      return;
    case "_sort":
      tree.sort = compileSort(value, rows, at);
      return;
    case "_limit":
      tree.limit = integerParameter(value, at, -1);
      return;
    case "_offset":
      tree.offset = integerParameter(value, at, 0);
      return;
    default:
      throw fail("INVALID_QUERY", `"${at}": unknown deep option "${key}".`);
  }
}

export function applyDeep(
  rows: ContentRecord[],
  deep: DeepTree | undefined,
  graph: ItemGraph,
): ContentRecord[] {
  if (!deep) return rows;
  let kept = rows;
  const { filter, sort, offset = 0, limit = -1 } = deep;
  if (filter) kept = kept.filter((row) => filter(row, graph));
  if (sort) kept = kept.toSorted((a, b) => sort(a, b, graph));
  return kept.slice(offset, limit === -1 ? undefined : offset + limit);
}
