/**
 * Directus `fields`: which fields a response carries and how far references are expanded.
 * `*` is every field of a level; `image.*` expands a file to its object, `tags.post_tag_id.name`
 * walks a relation list's junction rows; `*.*` expands every reference and list one level.
 * A reference not expanded is its id; a file or relation list not expanded is its ids; a group not
 * expanded is its rows in full.
 */
import { fail } from "@aea/domain";
import { type ContentRecord, type Schema, type SchemaField, targetSchema } from "./content-schema.ts";
import { applyDeep, type DeepTree } from "./deep.ts";
import { type ItemGraph, referenced, rowsOf } from "./item-graph.ts";
import { listParameter, QUERY_LIMITS } from "./parameters.ts";

export interface FieldTree {
  children: Map<string, FieldTree>;
}

const WILDCARD = "*";
const leaf = (): FieldTree => ({ children: new Map() });
const everyField: FieldTree = { children: new Map([[WILDCARD, leaf()]]) };

export function compileFields(input: unknown, schema: Schema): FieldTree {
  const paths = listParameter(input, "fields");
  if (paths.length === 0) return everyField;
  const root = leaf();
  for (const path of paths) {
    const segments = path.split(".");
    if (segments.length > QUERY_LIMITS.maxDepth) {
      throw fail("INVALID_QUERY", `fields "${path}" is nested too deeply.`);
    }
    let node = root;
    for (const segment of segments) {
      if (segment === "") throw fail("INVALID_QUERY", `fields "${path}" has an empty part.`);
      let next = node.children.get(segment);
      if (!next) {
        next = leaf();
        node.children.set(segment, next);
      }
      node = next;
    }
  }
  checkTree(root, schema, "fields");
  return root;
}

function checkTree(tree: FieldTree, schema: Schema, path: string): void {
  for (const [name, child] of tree.children) {
    const at = `${path} "${name}"`;
    if (name === WILDCARD) {
      if (!isWildcardChain(child)) {
        throw fail("INVALID_QUERY", `${at}: only * may follow * (as in *.*).`);
      }
      continue;
    }
    const field = schema.fields.get(name);
    if (!field) throw fail("INVALID_QUERY", `${at}: ${schema.name} has no field "${name}".`);
    if (child.children.size === 0) continue;
    if (field.shape === "scalar") throw fail("INVALID_QUERY", `${at} has no fields to select.`);
    checkTree(child, field.shape === "list" ? field.rows : targetSchema(field), `${path} "${name}".`);
  }
}

function isWildcardChain(tree: FieldTree): boolean {
  return [...tree.children].every(([name, child]) => name === WILDCARD && isWildcardChain(child));
}

/** The record as the response shows it: the selected fields, references expanded as asked. */
export function project(
  record: ContentRecord,
  schema: Schema,
  tree: FieldTree,
  deep: DeepTree | undefined,
  graph: ItemGraph,
): ContentRecord {
  const wildcard = tree.children.get(WILDCARD);
  const named = [...tree.children.keys()].filter((name) => name !== WILDCARD);
  const names = wildcard ? new Set([...schema.fields.keys(), ...named]) : named;
  const out: ContentRecord = {};
  for (const name of names) {
    const field = schema.fields.get(name) as SchemaField;
    const explicit = tree.children.get(name);
    const child = explicit && explicit.children.size > 0 ? explicit : expandedBy(wildcard);
    out[name] = fieldValue(record, field, child, deep?.children.get(name), graph);
  }
  return out;
}

/** `*.*`: the subtree a wildcard with children gives every field not named on its own. */
function expandedBy(wildcard: FieldTree | undefined): FieldTree | undefined {
  return wildcard && wildcard.children.size > 0 ? wildcard : undefined;
}

function fieldValue(
  record: ContentRecord,
  field: SchemaField,
  child: FieldTree | undefined,
  deep: DeepTree | undefined,
  graph: ItemGraph,
): unknown {
  const stored = record[field.name] ?? null;
  switch (field.shape) {
    case "scalar":
      // JSON values are shared with the cached collection: a caller must not be able to edit the cache.
      return field.kind === "json" && stored !== null ? structuredClone(stored) : stored;
    case "reference": {
      if (!child) return stored;
      const target = referenced(record, field, graph);
      return target ? project(target, targetSchema(field), child, deep, graph) : null;
    }
    case "list": {
      const rows = applyDeep(rowsOf(record, field, graph), deep, graph);
      const { junctionField } = field;
      if (junctionField && !child) return rows.map((row) => row[junctionField]);
      return rows.map((row) => project(row, field.rows, child ?? everyField, deep, graph));
    }
  }
}
