import {
  type FacetBucket,
  type FacetCounts,
  type FacetDataset,
  type FacetDefinition,
  type FacetResults,
  type FieldStats,
  histogramBins,
  inRange,
  type ParsedRange,
} from "@aea/domain";
import {
  type Column,
  type ColumnarIndex,
  documentAt,
  type NumberColumn,
  yearColumnName,
} from "./columnar-index.ts";
import { DocSet } from "./doc-set.ts";
import {
  bucketStatsField,
  type Condition,
  dateBucketRange,
  type PlannedFilter,
  type QueryPlan,
} from "./facet-plan.ts";
import { orderedPage } from "./result-order.ts";

/**
 * Answers a planned query from a columnar index: the documents matching every filter, a page of them
 * in order, and each asked facet counted over the documents matching every filter but its own
 * (disjunctive counting: checking a second value of a facet widens the result, as shoppers expect).
 */
export function runQuery(
  index: ColumnarIndex,
  dataset: FacetDataset,
  plan: QueryPlan,
  startedAt: number,
): FacetResults {
  const { query } = plan;
  const filterSets = plan.filters.map((filter) => filterSet(index, filter));
  const matching = intersect(index.size, filterSets);
  const members = matching.members();
  const page = orderedPage(index, members, query.sorts, query.start, query.size);
  const bases = new Map<string, Int32Array>([["", members]]);
  const facets: Record<string, FacetCounts> = {};
  for (const facet of plan.facets) {
    const own = plan.filters.map((filter, i) => (filter.facet === facet ? i : -1)).filter((i) => i >= 0);
    const key = own.join(",");
    let base = bases.get(key);
    if (!base) {
      base = intersect(
        index.size,
        filterSets.filter((_, i) => !own.includes(i)),
      ).members();
      bases.set(key, base);
    }
    const ownFilters = own.map((i) => plan.filters[i] as PlannedFilter);
    facets[facet.name] = countFacet(index, dataset, facet, base, ownFilters, plan.now);
  }
  const stats: Record<string, FieldStats> = {};
  for (const field of query.stats)
    stats[field] = fieldStats(index.columns.get(field) as NumberColumn, members);
  return {
    responseHeader: {
      status: 0,
      QTime: Math.round(performance.now() - startedAt),
      params: query,
      ...(plan.notice ? { notice: plan.notice } : {}),
    },
    response: {
      numFound: members.length,
      start: query.start,
      docs: page.map((doc) => documentAt(index, dataset, doc)),
    },
    facets,
    stats,
    queryChangeId: query.changeId ?? null,
  };
}

function intersect(size: number, sets: DocSet[]): DocSet {
  return sets.reduce((all, set) => all.and(set), DocSet.all(size));
}

/** The column a facet reads: a year facet its derived year keys, any other its field. */
function facetColumn(index: ColumnarIndex, facet: FacetDefinition): Column {
  return index.columns.get(facet.type === "year" ? yearColumnName(facet.field) : facet.field) as Column;
}

/**
 * Filters of values and number ranges recur from query to query (paging, opening another facet), so
 * their sets are kept per index, like a search engine's filter cache; a rebuilt index starts empty.
 * Date filters move with the clock and are evaluated each time.
 */
const filterCaches = new WeakMap<ColumnarIndex, Map<string, DocSet>>();
const FILTER_CACHE_ENTRIES = 256;

/** The documents a filter lets through: any of its inclusions (when it has some) and none of its exclusions. */
function filterSet(index: ColumnarIndex, filter: PlannedFilter): DocSet {
  if (filter.facet.type === "date") return evaluatedFilter(index, filter);
  const cache = filterCaches.get(index) ?? new Map<string, DocSet>();
  filterCaches.set(index, cache);
  const key = JSON.stringify([filter.facet.name, filter.include, filter.exclude]);
  let set = cache.get(key);
  if (!set) {
    set = evaluatedFilter(index, filter);
    if (cache.size >= FILTER_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, set);
  }
  return set;
}

function evaluatedFilter(index: ColumnarIndex, filter: PlannedFilter): DocSet {
  const column = facetColumn(index, filter.facet);
  const matches = docMatcher(column, filter);
  const set = new DocSet(index.size);
  for (let doc = 0; doc < index.size; doc++) if (matches(doc)) set.add(doc);
  return set;
}

function docMatcher(column: Column, filter: PlannedFilter): (doc: number) => boolean {
  const hasIncludes = filter.include.length > 0;
  if (column.kind === "keyword" || column.kind === "boolean" || column.kind === "keywords") {
    const include = keyMask(column.dictionary, filter.include);
    const exclude = keyMask(column.dictionary, filter.exclude);
    if (column.kind === "keywords")
      return (doc) => {
        let included = !hasIncludes;
        for (let i = column.offsets[doc] as number; i < (column.offsets[doc + 1] as number); i++) {
          const code = column.codes[i] as number;
          if (exclude[code]) return false;
          if (include[code]) included = true;
        }
        return included;
      };
    return (doc) => {
      const code = column.codes[doc] as number;
      if (code < 0) return !hasIncludes;
      return !exclude[code] && (!hasIncludes || include[code] === 1);
    };
  }
  if (column.kind === "number" || column.kind === "date") {
    const include = ranges(filter.include);
    const exclude = ranges(filter.exclude);
    return (doc) => {
      const value = column.values[doc] as number;
      if (Number.isNaN(value)) return !hasIncludes;
      if (exclude.some((r) => inRange(value, r))) return false;
      return !hasIncludes || include.some((r) => inRange(value, r));
    };
  }
  throw new Error(`The ${filter.facet.name} facet reads a text field.`);
}

function keyMask(dictionary: string[], conditions: Condition[]): Uint8Array {
  const keys = new Set(conditions.flatMap((c) => ("key" in c ? [c.key] : [])));
  return Uint8Array.from(dictionary, (value) => (keys.has(value) ? 1 : 0));
}

function ranges(conditions: Condition[]): ParsedRange[] {
  return conditions.flatMap((c) => ("range" in c ? [c.range] : []));
}

/** Per-bucket accumulators: the count, and the sum, min and max of the facet's stats field. */
class Tally {
  readonly count: Int32Array;
  readonly #stats?: {
    values: Float64Array;
    n: Int32Array;
    sum: Float64Array;
    min: Float64Array;
    max: Float64Array;
  };

  constructor(buckets: number, stats?: NumberColumn) {
    this.count = new Int32Array(buckets);
    if (stats)
      this.#stats = {
        values: stats.values,
        n: new Int32Array(buckets),
        sum: new Float64Array(buckets),
        min: new Float64Array(buckets).fill(Number.POSITIVE_INFINITY),
        max: new Float64Array(buckets).fill(Number.NEGATIVE_INFINITY),
      };
  }

  add(bucket: number, doc: number): void {
    this.count[bucket] = (this.count[bucket] as number) + 1;
    const stats = this.#stats;
    if (!stats) return;
    const value = stats.values[doc] as number;
    if (Number.isNaN(value)) return;
    stats.n[bucket] = (stats.n[bucket] as number) + 1;
    stats.sum[bucket] = (stats.sum[bucket] as number) + value;
    if (value < (stats.min[bucket] as number)) stats.min[bucket] = value;
    if (value > (stats.max[bucket] as number)) stats.max[bucket] = value;
  }

  bucket(bucket: number, key: string): FacetBucket {
    const out: FacetBucket = { key, value: this.count[bucket] as number };
    const stats = this.#stats;
    if (!stats) return out;
    const n = stats.n[bucket] as number;
    out.stat1 = n ? (stats.sum[bucket] as number) : null;
    out.stat2 = n ? (stats.sum[bucket] as number) / n : null;
    out.stat3 = n ? (stats.min[bucket] as number) : null;
    out.stat4 = n ? (stats.max[bucket] as number) : null;
    return out;
  }
}

function countFacet(
  index: ColumnarIndex,
  dataset: FacetDataset,
  facet: FacetDefinition,
  base: Int32Array,
  own: PlannedFilter[],
  now: number,
): FacetCounts {
  const column = facetColumn(index, facet);
  const statsName = bucketStatsField(dataset, facet);
  const stats = statsName ? (index.columns.get(statsName) as NumberColumn) : undefined;
  if (facet.type === "range") return histogram(column as NumberColumn, facet, base, own, stats);
  if (facet.type === "date") return dateBuckets(column as NumberColumn, facet, base, now, stats);
  if (column.kind !== "keyword" && column.kind !== "boolean" && column.kind !== "keywords")
    throw new Error(`The ${facet.name} facet counts a field that has no values to list.`);
  const tally = new Tally(column.dictionary.length, stats);
  if (column.kind === "keywords") {
    for (const doc of base)
      for (let i = column.offsets[doc] as number; i < (column.offsets[doc + 1] as number); i++)
        tally.add(column.codes[i] as number, doc);
  } else
    for (const doc of base) {
      const code = column.codes[doc] as number;
      if (code >= 0) tally.add(code, doc);
    }
  // Values counted, and the ones the facet's own filter names even when none is left (their chips).
  const named = new Set(
    own.flatMap((f) => [...f.include, ...f.exclude]).flatMap((c) => ("key" in c ? [c.key] : [])),
  );
  const codes = new Map(column.dictionary.map((value, code) => [value, code]));
  const buckets = column.dictionary.flatMap((value, code) =>
    (tally.count[code] as number) > 0 || named.has(value) ? [tally.bucket(code, value)] : [],
  );
  for (const key of named) if (!codes.has(key)) buckets.push({ ...new Tally(1, stats).bucket(0, key) });
  return {
    buckets: buckets.sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}

/**
 * Equal-width bins from the field's smallest to largest value in the whole dataset (so a slider keeps
 * its scale as filters change); `before`/`between`/`after` place the base around the facet's own range.
 */
function histogram(
  column: NumberColumn,
  facet: FacetDefinition,
  base: Int32Array,
  own: PlannedFilter[],
  stats?: NumberColumn,
): FacetCounts {
  if (column.min > column.max) return { buckets: [], before: 0, between: 0, after: 0, gap: 0 };
  const lo = Math.floor(column.min);
  const span = Math.floor(column.max) - lo + 1;
  const gap = Math.max(1, Math.ceil(span / histogramBins(facet)));
  const bins = Math.ceil(span / gap);
  const tally = new Tally(bins, stats);
  const selected = own.flatMap((f) => ranges(f.include));
  let before = 0;
  let between = 0;
  let after = 0;
  for (const doc of base) {
    const value = column.values[doc] as number;
    if (Number.isNaN(value)) continue;
    let bin = Math.floor((value - lo) / gap);
    if (value < lo + bin * gap) bin--;
    else if (value >= lo + (bin + 1) * gap) bin++;
    tally.add(bin, doc);
    if (selected.length === 0 || selected.some((r) => inRange(value, r))) between++;
    else if (selected.every((r) => belowRange(value, r))) before++;
    else if (selected.every((r) => !belowRange(value, r))) after++;
  }
  const buckets = Array.from({ length: bins }, (_, bin) => tally.bucket(bin, String(lo + bin * gap)));
  return { buckets, before, between, after, gap };
}

function belowRange(value: number, range: ParsedRange): boolean {
  const { lower } = range;
  return !lower.open && (lower.inclusive ? value < lower.value : value <= lower.value);
}

/** The facet's date buckets at `now` (they overlap: Last 6 Months holds Last Month), and the span around them. */
function dateBuckets(
  column: NumberColumn,
  facet: FacetDefinition,
  base: Int32Array,
  now: number,
  stats?: NumberColumn,
): FacetCounts {
  const options = facet.facetOptions;
  const bucketRanges = options.map((o) => dateBucketRange(facet, o.key, now));
  const closedLowers = bucketRanges.flatMap((r) => (r.lower.open ? [] : [r.lower.value]));
  const oldest = closedLowers.length ? Math.min(...closedLowers) : Number.NEGATIVE_INFINITY;
  const tally = new Tally(options.length, stats);
  let before = 0;
  let between = 0;
  let after = 0;
  for (const doc of base) {
    const value = column.values[doc] as number;
    if (Number.isNaN(value)) continue;
    for (let b = 0; b < bucketRanges.length; b++)
      if (inRange(value, bucketRanges[b] as ParsedRange)) tally.add(b, doc);
    if (value < oldest) before++;
    else if (value > now) after++;
    else between++;
  }
  return { buckets: options.map((o, b) => tally.bucket(b, o.key)), before, between, after };
}

function fieldStats(column: NumberColumn, members: Int32Array): FieldStats {
  const tally = new Tally(1, column);
  for (const doc of members) tally.add(0, doc);
  const bucket = tally.bucket(0, "");
  const count = members.reduce((n, doc) => (Number.isNaN(column.values[doc]) ? n : n + 1), 0);
  return {
    count,
    sum: bucket.stat1 ?? null,
    mean: bucket.stat2 ?? null,
    min: bucket.stat3 ?? null,
    max: bucket.stat4 ?? null,
  };
}
