/**
 * A Directus items query, checked once against the collection's schema and then run over the
 * collection's items in memory: filter and search, count, sort, page, then shape each item.
 */
import { fail } from "@aea/domain";
import type { ContentRecord, Schema } from "./content-schema.ts";
import { compileDeep, type DeepTree } from "./deep.ts";
import { compileFields, type FieldTree, project } from "./fields.ts";
import { compileFilter, type Predicate } from "./filter.ts";
import type { ItemGraph } from "./item-graph.ts";
import { integerParameter, listParameter, objectParameter, QUERY_LIMITS } from "./parameters.ts";
import { type Comparator, compileSort } from "./sort.ts";

/** The query parameters of Directus' items endpoints, as in-process callers and the HTTP door pass them. */
export interface ContentQuery {
  fields?: string | readonly string[];
  /** An object (`{ title: { _contains: "x" } }`) or its JSON text. */
  filter?: Record<string, unknown> | string;
  sort?: string | readonly string[];
  limit?: number | string;
  offset?: number | string;
  /** 1-based; with `limit`, overrides `offset`. */
  page?: number | string;
  search?: string;
  meta?: string | readonly string[];
  /** An object (`{ teams: { _limit: 1 } }`) or its JSON text. */
  deep?: Record<string, unknown> | string;
}

export interface ContentMeta {
  total_count?: number;
  filter_count?: number;
}

export interface PreparedQuery {
  fields: FieldTree;
  filter?: Predicate;
  /** Lower-cased. */
  search?: string;
  sort?: Comparator;
  limit: number;
  offset: number;
  meta: { total: boolean; filtered: boolean };
  deep?: DeepTree;
}

/** Checks every parameter; throws INVALID_QUERY naming the first problem. */
export function prepareQuery(query: ContentQuery, schema: Schema): PreparedQuery {
  const limit = readLimit(query.limit);
  const page = integerParameter(query.page, "page", 1);
  const offset =
    page !== undefined && query.limit !== -1 && query.limit !== "-1"
      ? limit * (page - 1)
      : (integerParameter(query.offset, "offset", 0) ?? 0);
  const filter =
    query.filter === undefined || query.filter === "" ? undefined : objectParameter(query.filter, "filter");
  return {
    fields: compileFields(query.fields, schema),
    filter: filter === undefined ? undefined : compileFilter(filter, schema),
    search: readSearch(query.search),
    sort: compileSort(query.sort, schema),
    limit,
    offset,
    meta: readMeta(query.meta),
    deep: compileDeep(query.deep, schema),
  };
}

function readLimit(value: unknown): number {
  const limit = integerParameter(value, "limit", -1);
  if (limit === undefined) return QUERY_LIMITS.defaultLimit;
  if (limit === -1) return QUERY_LIMITS.allItemsLimit;
  return Math.min(limit, QUERY_LIMITS.maxLimit);
}

function readSearch(value: unknown): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") throw fail("INVALID_QUERY", `"search" must be text.`);
  return value.toLowerCase();
}

function readMeta(value: unknown): PreparedQuery["meta"] {
  const names = listParameter(value, "meta");
  for (const name of names) {
    if (name !== "*" && name !== "total_count" && name !== "filter_count") {
      throw fail("INVALID_QUERY", `"meta" knows total_count, filter_count and *, not "${name}".`);
    }
  }
  const all = names.includes("*");
  return { total: all || names.includes("total_count"), filtered: all || names.includes("filter_count") };
}

/** Runs a prepared query over the visible items of a collection, in their stored order. */
export function runQuery(
  items: readonly ContentRecord[],
  schema: Schema,
  query: PreparedQuery,
  graph: ItemGraph,
): { data: ContentRecord[]; meta?: ContentMeta } {
  const { filter, search, sort } = query;
  let matched = filter ? items.filter((item) => filter(item, graph)) : items;
  if (search) matched = matched.filter((item) => matchesSearch(item, schema, search));
  if (sort) matched = matched.toSorted((a, b) => sort(a, b, graph));
  const data = matched
    .slice(query.offset, query.offset + query.limit)
    .map((item) => project(item, schema, query.fields, query.deep, graph));
  if (!query.meta.total && !query.meta.filtered) return { data };
  const meta: ContentMeta = {};
  if (query.meta.total) meta.total_count = items.length;
  if (query.meta.filtered) meta.filter_count = matched.length;
  return { data, meta };
}

/** Directus' search: a case-insensitive match in any searchable text field. */
function matchesSearch(item: ContentRecord, schema: Schema, search: string): boolean {
  for (const field of schema.fields.values()) {
    if (field.shape !== "scalar" || !field.searchable) continue;
    const value = item[field.name];
    if (typeof value === "string" && value.toLowerCase().includes(search)) return true;
  }
  return false;
}
