/**
 * Directus filter rules (`{ field: { _op: value } }`, `_and`/`_or`, nested relation fields) turned
 * into a predicate. Everything is checked before any item is looked at, so a bad filter fails whole
 * with a message naming the offending part.
 *
 * Null values follow SQL, as Directus runs filters as SQL: a missing value matches only `_null`,
 * `_empty` and `_eq null`; `_neq`, `_nin`, `_ncontains`… do not match it.
 */
import { fail } from "@aea/domain";
import {
  type ContentRecord,
  type ListSchemaField,
  type ReferenceSchemaField,
  type ScalarSchemaField,
  type Schema,
  type SchemaField,
  targetSchema,
} from "./content-schema.ts";
import { type ItemGraph, isRecord, referenced, rowsOf } from "./item-graph.ts";
import { QUERY_LIMITS } from "./parameters.ts";
import { type Comparable, comparable, compare, queryFlag, queryValue } from "./values.ts";

export type Predicate = (record: ContentRecord, graph: ItemGraph) => boolean;

const always: Predicate = () => true;
const noValues: ContentRecord = {};

/** Compiles a filter object (already parsed from JSON or brackets) for records of `schema`. */
export function compileFilter(filter: unknown, schema: Schema, path = "filter", depth = 0): Predicate {
  if (depth > QUERY_LIMITS.maxDepth) throw fail("INVALID_QUERY", `"${path}" is nested too deeply.`);
  if (!isRecord(filter)) throw fail("INVALID_QUERY", `"${path}" must be an object.`);
  const parts: Predicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const at = `${path}.${key}`;
    if (key === "_and" || key === "_or") {
      const rules = asRuleList(value, at).map((rule, i) =>
        compileFilter(rule, schema, `${at}[${i}]`, depth + 1),
      );
      parts.push(key === "_and" ? allOf(rules) : anyOf(rules));
      continue;
    }
    const field = schema.fields.get(key);
    if (!field) throw fail("INVALID_QUERY", `"${at}": ${schema.name} has no field "${key}".`);
    parts.push(compileFieldRule(field, value, at, depth + 1));
  }
  return allOf(parts);
}

function asRuleList(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw fail("INVALID_QUERY", `"${path}" must be a list of filters.`);
  return value;
}

function allOf(parts: Predicate[]): Predicate {
  if (parts.length === 0) return always;
  if (parts.length === 1) return parts[0];
  return (record, graph) => parts.every((p) => p(record, graph));
}

function anyOf(parts: Predicate[]): Predicate {
  return (record, graph) => parts.some((p) => p(record, graph));
}

/** `{ _op: value, …, nestedField: {…} }` for one field. */
function compileFieldRule(field: SchemaField, rule: unknown, path: string, depth: number): Predicate {
  if (depth > QUERY_LIMITS.maxDepth) throw fail("INVALID_QUERY", `"${path}" is nested too deeply.`);
  if (!isRecord(rule)) throw fail("INVALID_QUERY", `"${path}" must be an object of operators.`);
  const parts: Predicate[] = [];
  const nested: ContentRecord = Object.create(null);
  for (const [key, value] of Object.entries(rule)) {
    if (key.startsWith("_")) parts.push(compileOperator(field, key, value, `${path}.${key}`, depth));
    else nested[key] = value;
  }
  if (Object.keys(nested).length > 0) parts.push(compileNested(field, nested, path, depth));
  return allOf(parts);
}

/** A filter on the fields of what a reference or list field points at. */
function compileNested(field: SchemaField, nested: ContentRecord, path: string, depth: number): Predicate {
  if (field.shape === "reference") {
    const inner = compileFilter(nested, targetSchema(field), path, depth + 1);
    // As with the left join Directus makes, a missing item reads as one whose fields are all null.
    return (record, graph) => inner(referenced(record, field, graph) ?? noValues, graph);
  }
  if (field.shape === "list") {
    // Directus reads a nested filter on a list as "some row matches" (`_some`).
    const inner = compileFilter(nested, field.rows, path, depth + 1);
    return (record, graph) => rowsOf(record, field, graph).some((row) => inner(row, graph));
  }
  throw fail("INVALID_QUERY", `"${path}": "${field.name}" has no fields to filter on.`);
}

function compileOperator(
  field: SchemaField,
  operator: string,
  value: unknown,
  path: string,
  depth: number,
): Predicate {
  if (field.shape === "list") return compileListOperator(field, operator, value, path, depth);
  const build = scalarOperators.get(operator);
  if (!build) throw fail("INVALID_QUERY", `"${path}": unknown operator "${operator}".`);
  if (field.kind === "json" && !emptinessOperators.has(operator)) {
    throw fail("INVALID_QUERY", `"${path}": ${operator} does not apply to the JSON field "${field.name}".`);
  }
  if (textOperators.has(operator) && field.kind !== "string") {
    throw fail("INVALID_QUERY", `"${path}": ${operator} applies to text fields only.`);
  }
  if (field.shape === "reference" && !referenceOperators.has(operator)) {
    throw fail("INVALID_QUERY", `"${path}": ${operator} does not apply to "${field.name}".`);
  }
  const test = build(value, field, path);
  const { name, kind } = field;
  return (record) => test(comparable(kind, record[name]), record[name]);
}

function compileListOperator(
  field: ListSchemaField,
  operator: string,
  value: unknown,
  path: string,
  depth: number,
): Predicate {
  if (operator === "_some" || operator === "_none") {
    const inner = compileFilter(value, field.rows, path, depth + 1);
    const some = (record: ContentRecord, graph: ItemGraph) =>
      rowsOf(record, field, graph).some((row) => inner(row, graph));
    return operator === "_some" ? some : (record, graph) => !some(record, graph);
  }
  if (operator === "_empty" || operator === "_nempty") {
    const empty = queryFlag(value, path) === (operator === "_empty");
    return (record, graph) => (rowsOf(record, field, graph).length === 0) === empty;
  }
  throw fail("INVALID_QUERY", `"${path}": ${operator} does not apply to the list "${field.name}".`);
}

type ValueField = ScalarSchemaField | ReferenceSchemaField;
type Test = (value: Comparable | null, stored: unknown) => boolean;
type OperatorBuilder = (value: unknown, field: ValueField, path: string) => Test;

const isNull = (stored: unknown) => stored === null || stored === undefined;
const isEmpty = (stored: unknown) =>
  isNull(stored) ||
  stored === "" ||
  (Array.isArray(stored) && stored.length === 0) ||
  (isRecord(stored) && Object.keys(stored).length === 0);

function single(value: unknown, field: ValueField, path: string) {
  return queryValue(field.kind, value, path);
}

function list(value: unknown, field: ValueField, path: string): Comparable[] {
  const items = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(items) || items.length > QUERY_LIMITS.maxListValues) {
    throw fail("INVALID_QUERY", `"${path}" expects a comma-separated list or an array.`);
  }
  return items.map((item, i) => {
    const parsed = queryValue(field.kind, item, `${path}[${i}]`);
    if (parsed === null) throw fail("INVALID_QUERY", `"${path}" cannot contain null.`);
    return parsed;
  });
}

function range(value: unknown, field: ValueField, path: string) {
  const bounds = list(value, field, path);
  if (bounds.length !== 2) throw fail("INVALID_QUERY", `"${path}" expects two values: from,to.`);
  return bounds;
}

function text(value: unknown, field: ValueField, path: string): string {
  const parsed = single(value, field, path);
  if (parsed === null) throw fail("INVALID_QUERY", `"${path}" expects text.`);
  return String(parsed);
}

const ordered =
  (accept: (order: number) => boolean): OperatorBuilder =>
  (value, field, path) => {
    const bound = single(value, field, path);
    if (bound === null) throw fail("INVALID_QUERY", `"${path}" cannot compare with null.`);
    return (x) => x !== null && accept(compare(x, bound));
  };

const textTest =
  (matches: (stored: string, wanted: string) => boolean, negate: boolean, fold: boolean): OperatorBuilder =>
  (value, field, path) => {
    const wanted = fold ? text(value, field, path).toLowerCase() : text(value, field, path);
    return (x) => {
      if (x === null) return false;
      const stored = fold ? String(x).toLowerCase() : String(x);
      return matches(stored, wanted) !== negate;
    };
  };

const contains = (s: string, w: string) => s.includes(w);
const startsWith = (s: string, w: string) => s.startsWith(w);
const endsWith = (s: string, w: string) => s.endsWith(w);

const flagged =
  (test: (stored: unknown) => boolean, whenTrue: boolean): OperatorBuilder =>
  (value, _field, path) => {
    const wanted = queryFlag(value, path) === whenTrue;
    return (_x, stored) => test(stored) === wanted;
  };

const scalarOperators = new Map<string, OperatorBuilder>(
  Object.entries({
    _eq: (value, field, path) => {
      const wanted = single(value, field, path);
      return wanted === null ? (x) => x === null : (x) => x !== null && compare(x, wanted) === 0;
    },
    _neq: (value, field, path) => {
      const unwanted = single(value, field, path);
      return unwanted === null ? (x) => x !== null : (x) => x !== null && compare(x, unwanted) !== 0;
    },
    _lt: ordered((o) => o < 0),
    _lte: ordered((o) => o <= 0),
    _gt: ordered((o) => o > 0),
    _gte: ordered((o) => o >= 0),
    _in: (value, field, path) => {
      const wanted = list(value, field, path);
      return (x) => x !== null && wanted.some((w) => compare(x, w) === 0);
    },
    _nin: (value, field, path) => {
      const unwanted = list(value, field, path);
      return (x) => x !== null && !unwanted.some((w) => compare(x, w) === 0);
    },
    _between: (value, field, path) => {
      const [from, to] = range(value, field, path);
      return (x) => x !== null && compare(x, from) >= 0 && compare(x, to) <= 0;
    },
    _nbetween: (value, field, path) => {
      const [from, to] = range(value, field, path);
      return (x) => x !== null && (compare(x, from) < 0 || compare(x, to) > 0);
    },
    _null: flagged(isNull, true),
    _nnull: flagged(isNull, false),
    _empty: flagged(isEmpty, true),
    _nempty: flagged(isEmpty, false),
    _contains: textTest(contains, false, false),
    _ncontains: textTest(contains, true, false),
    _icontains: textTest(contains, false, true),
    _nicontains: textTest(contains, true, true),
    _starts_with: textTest(startsWith, false, false),
    _nstarts_with: textTest(startsWith, true, false),
    _istarts_with: textTest(startsWith, false, true),
    _nistarts_with: textTest(startsWith, true, true),
    _ends_with: textTest(endsWith, false, false),
    _nends_with: textTest(endsWith, true, false),
    _iends_with: textTest(endsWith, false, true),
    _niends_with: textTest(endsWith, true, true),
  }),
);

const textOperators = new Set([...scalarOperators.keys()].filter((op) => /contains|_with$/.test(op)));
const emptinessOperators = new Set(["_null", "_nnull", "_empty", "_nempty"]);
const referenceOperators = new Set(["_eq", "_neq", "_in", "_nin", "_null", "_nnull", "_empty", "_nempty"]);
