/**
 * Directus `sort`: a comma list (or array) of fields, `-` for descending, dot paths through
 * references (`author.name`, `image.title`). Missing values sort last ascending and first descending,
 * as PostgreSQL orders NULLs, whichever database holds the content.
 */
import { fail } from "@aea/domain";
import { type ContentRecord, type Schema, targetSchema, type ValueKind } from "./content-schema.ts";
import { type ItemGraph, referenced } from "./item-graph.ts";
import { listParameter, QUERY_LIMITS } from "./parameters.ts";
import { comparable, compare } from "./values.ts";

export type Comparator = (a: ContentRecord, b: ContentRecord, graph: ItemGraph) => number;

type Reader = (record: ContentRecord, graph: ItemGraph) => unknown;

/** undefined when the query asks for no order (the caller keeps the collection's own order). */
export function compileSort(sort: unknown, schema: Schema, parameter = "sort"): Comparator | undefined {
  const keys = listParameter(sort, parameter);
  if (keys.length === 0) return undefined;
  const comparators = keys.map((key) => {
    const descending = key.startsWith("-");
    const segments = (descending ? key.slice(1) : key).split(".");
    if (segments.length > QUERY_LIMITS.maxDepth) {
      throw fail("INVALID_QUERY", `${parameter} "${key}" is nested too deeply.`);
    }
    const { read, kind } = compilePath(segments, schema, `${parameter} "${key}"`);
    const direction = descending ? -1 : 1;
    return (a: ContentRecord, b: ContentRecord, graph: ItemGraph) => {
      const x = comparable(kind, read(a, graph));
      const y = comparable(kind, read(b, graph));
      if (x === null || y === null) return x === y ? 0 : (x === null ? 1 : -1) * direction;
      return compare(x, y) * direction;
    };
  });
  return (a, b, graph) => {
    for (const comparator of comparators) {
      const order = comparator(a, b, graph);
      if (order !== 0) return order;
    }
    return 0;
  };
}

function compilePath(segments: string[], schema: Schema, label: string): { read: Reader; kind: ValueKind } {
  const [name, ...rest] = segments;
  const field = schema.fields.get(name);
  if (!field) throw fail("INVALID_QUERY", `${label}: ${schema.name} has no field "${name}".`);
  if (field.shape === "list" || (field.shape === "scalar" && field.kind === "json")) {
    throw fail("INVALID_QUERY", `${label}: cannot sort by "${name}".`);
  }
  if (rest.length === 0) return { read: (record) => record[name], kind: field.kind };
  if (field.shape !== "reference") throw fail("INVALID_QUERY", `${label}: "${name}" has no fields.`);
  const inner = compilePath(rest, targetSchema(field), label);
  return {
    read: (record, graph) => {
      const target = referenced(record, field, graph);
      return target ? inner.read(target, graph) : null;
    },
    kind: inner.kind,
  };
}
