import {
  type FacetBucket,
  type FacetCounts,
  type FacetDefinition,
  type FieldStats,
  histogramBins,
  type ParsedRange,
} from "@aea/domain";
import type { Column, NumberColumn, Numbers } from "./columnar-index.ts";
import { dateBucketRange, type PlannedFilter } from "./facet-plan.ts";
import { compiledRanges, inAny, inCompiled, ranges } from "./filter-sets.ts";

/**
 * A facet's buckets over a base (the first `n` of `members`: the documents matching every filter but
 * the facet's own). Each kind is one tight pass over typed arrays: counts per dictionary code, bin or
 * date bucket, then the stats field's sum, min and max per bucket when the facet asks for them.
 */
export function countFacet(
  column: Column,
  facet: FacetDefinition,
  members: Int32Array,
  n: number,
  own: PlannedFilter[],
  now: number,
  stats?: NumberColumn,
): FacetCounts {
  if (facet.type === "range") return histogram(column as NumberColumn, facet, members, n, own, stats);
  if (facet.type === "date") return dateBuckets(column as NumberColumn, facet, members, n, now, stats);
  if (column.kind !== "keyword" && column.kind !== "boolean" && column.kind !== "keywords")
    throw new Error(`The ${facet.name} facet counts a field that has no values to list.`);
  const tally = new Tally(column.dictionary.length, stats);
  const count = tally.count;
  if (column.kind === "keywords") {
    const { offsets, codes } = column;
    for (let m = 0; m < n; m++) {
      const doc = members[m] as number;
      const end = offsets[doc + 1] as number;
      for (let i = offsets[doc] as number; i < end; i++) count[codes[i] as number]++;
    }
    if (stats)
      for (let m = 0; m < n; m++) {
        const doc = members[m] as number;
        const end = offsets[doc + 1] as number;
        for (let i = offsets[doc] as number; i < end; i++) tally.stat(codes[i] as number, doc);
      }
  } else {
    const codes = column.codes;
    for (let m = 0; m < n; m++) {
      const code = codes[members[m] as number] as number;
      if (code >= 0) count[code]++;
    }
    if (stats)
      for (let m = 0; m < n; m++) {
        const doc = members[m] as number;
        const code = codes[doc] as number;
        if (code >= 0) tally.stat(code, doc);
      }
  }
  // Values counted, and the ones the facet's own filter names even when none is left (their chips).
  const named = new Set(
    own.flatMap((f) => [...f.include, ...f.exclude]).flatMap((c) => ("key" in c ? [c.key] : [])),
  );
  const buckets: FacetBucket[] = [];
  for (let code = 0; code < column.dictionary.length; code++) {
    const value = column.dictionary[code] as string;
    if ((count[code] as number) > 0 || named.has(value)) buckets.push(tally.bucket(code, value));
  }
  for (const key of named) if (!column.codeOf.has(key)) buckets.push(new Tally(1, stats).bucket(0, key));
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
  members: Int32Array,
  n: number,
  own: PlannedFilter[],
  stats?: NumberColumn,
): FacetCounts {
  if (column.min > column.max) return { buckets: [], before: 0, between: 0, after: 0, gap: 0 };
  const lo = Math.floor(column.min);
  const span = Math.floor(column.max) - lo + 1;
  const gap = Math.max(1, Math.ceil(span / histogramBins(facet)));
  const bins = Math.ceil(span / gap);
  const tally = new Tally(bins, stats);
  const count = tally.count;
  const selectedRanges = own.flatMap((f) => ranges(f.include));
  const selected = compiledRanges(selectedRanges);
  const values = column.values;
  let before = 0;
  let between = 0;
  let after = 0;
  for (let m = 0; m < n; m++) {
    const doc = members[m] as number;
    const value = values[doc] as number;
    if (Number.isNaN(value)) continue;
    let bin = Math.floor((value - lo) / gap);
    if (value < lo + bin * gap) bin--;
    else if (value >= lo + (bin + 1) * gap) bin++;
    count[bin]++;
    if (stats) tally.stat(bin, doc);
    if (selected.length === 0 || inAny(value, selected)) between++;
    else if (allBelow(value, selectedRanges)) before++;
    else if (noneBelow(value, selectedRanges)) after++;
  }
  const buckets = Array.from({ length: bins }, (_, bin) => tally.bucket(bin, String(lo + bin * gap)));
  return { buckets, before, between, after, gap };
}

function belowRange(value: number, range: ParsedRange): boolean {
  const { lower } = range;
  return !lower.open && (lower.inclusive ? value < lower.value : value <= lower.value);
}

function allBelow(value: number, list: ParsedRange[]): boolean {
  for (const range of list) if (!belowRange(value, range)) return false;
  return true;
}

function noneBelow(value: number, list: ParsedRange[]): boolean {
  for (const range of list) if (belowRange(value, range)) return false;
  return true;
}

/** The facet's date buckets at `now` (they overlap: Last 6 Months holds Last Month), and the span around them. */
function dateBuckets(
  column: NumberColumn,
  facet: FacetDefinition,
  members: Int32Array,
  n: number,
  now: number,
  stats?: NumberColumn,
): FacetCounts {
  const options = facet.facetOptions;
  const bucketRanges = options.map((o) => dateBucketRange(facet, o.key, now));
  const bounds = compiledRanges(bucketRanges);
  const closedLowers = bucketRanges.flatMap((r) => (r.lower.open ? [] : [r.lower.value]));
  const oldest = closedLowers.length ? Math.min(...closedLowers) : Number.NEGATIVE_INFINITY;
  const tally = new Tally(options.length, stats);
  const count = tally.count;
  const values = column.values;
  let before = 0;
  let between = 0;
  let after = 0;
  for (let m = 0; m < n; m++) {
    const doc = members[m] as number;
    const value = values[doc] as number;
    if (Number.isNaN(value)) continue;
    for (let b = 0; b < bucketRanges.length; b++)
      if (inCompiled(value, bounds, b * 4)) {
        count[b]++;
        if (stats) tally.stat(b, doc);
      }
    if (value < oldest) before++;
    else if (value > now) after++;
    else between++;
  }
  return { buckets: options.map((o, b) => tally.bucket(b, o.key)), before, between, after };
}

export function fieldStats(column: NumberColumn, members: Int32Array, n: number): FieldStats {
  const values = column.values;
  let count = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let m = 0; m < n; m++) {
    const value = values[members[m] as number] as number;
    if (Number.isNaN(value)) continue;
    count++;
    sum += value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return count
    ? { count, sum, mean: sum / count, min, max }
    : { count, sum: null, mean: null, min: null, max: null };
}

/** Per-bucket accumulators: the count, and the sum, min and max of the facet's stats field. */
class Tally {
  readonly count: Int32Array;
  readonly #values?: Numbers;
  readonly #n: Int32Array;
  readonly #sum: Float64Array;
  readonly #min: Float64Array;
  readonly #max: Float64Array;

  constructor(buckets: number, stats?: NumberColumn) {
    this.count = new Int32Array(buckets);
    const width = stats ? buckets : 0;
    this.#values = stats?.values;
    this.#n = new Int32Array(width);
    this.#sum = new Float64Array(width);
    this.#min = new Float64Array(width).fill(Number.POSITIVE_INFINITY);
    this.#max = new Float64Array(width).fill(Number.NEGATIVE_INFINITY);
  }

  /** Adds document `doc`'s stats value (when it has one) to `bucket`. */
  stat(bucket: number, doc: number): void {
    const value = (this.#values as Numbers)[doc] as number;
    if (Number.isNaN(value)) return;
    this.#n[bucket]++;
    this.#sum[bucket] += value;
    if (value < (this.#min[bucket] as number)) this.#min[bucket] = value;
    if (value > (this.#max[bucket] as number)) this.#max[bucket] = value;
  }

  bucket(bucket: number, key: string): FacetBucket {
    const out: FacetBucket = { key, value: this.count[bucket] as number };
    if (!this.#values) return out;
    const n = this.#n[bucket] as number;
    const sum = this.#sum[bucket] as number;
    out.stat1 = n ? sum : null;
    out.stat2 = n ? sum / n : null;
    out.stat3 = n ? (this.#min[bucket] as number) : null;
    out.stat4 = n ? (this.#max[bucket] as number) : null;
    return out;
  }
}
