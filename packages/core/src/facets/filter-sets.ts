import type { ParsedRange } from "@aea/domain";
import {
  type Codes,
  type Column,
  type ColumnarIndex,
  type Numbers,
  yearColumnName,
} from "./columnar-index.ts";
import { DocSet } from "./doc-set.ts";
import type { Condition, PlannedFilter } from "./facet-plan.ts";

/** The column a facet reads: a year facet its derived year keys, any other its field. */
export function facetColumn(index: ColumnarIndex, facet: PlannedFilter["facet"]): Column {
  return index.columns.get(facet.type === "year" ? yearColumnName(facet.field) : facet.field) as Column;
}

/**
 * Filters of values and number ranges recur from query to query (paging, opening another facet), so
 * their sets are kept with the index, like a search engine's filter cache; a patch or a rebuild
 * starts it empty. Date filters move with the clock and are evaluated each time (a pass over one
 * column).
 */
const FILTER_CACHE_ENTRIES = 256;

/**
 * The documents a filter lets through: any of its inclusions (when it has some) and none of its
 * exclusions. A date filter is written into `scratch` when given (the query's own buffer).
 */
export function filterSet(index: ColumnarIndex, filter: PlannedFilter, scratch?: DocSet): DocSet {
  if (filter.facet.type === "date") return evaluatedFilter(index, filter, scratch);
  const cache = index.filterCache;
  const key = `${filter.facet.name}\u0000${JSON.stringify(filter.include)}\u0000${JSON.stringify(filter.exclude)}`;
  let set = cache.get(key);
  if (!set) {
    set = evaluatedFilter(index, filter);
    if (cache.size >= FILTER_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, set);
  }
  return set;
}

/** Every word of the set is written, so `into` (a reused buffer of the index's size) needs no clearing. */
function evaluatedFilter(index: ColumnarIndex, filter: PlannedFilter, into?: DocSet): DocSet {
  const column = facetColumn(index, filter.facet);
  const set = into ?? new DocSet(index.size);
  const hasIncludes = filter.include.length > 0;
  switch (column.kind) {
    case "keyword":
    case "boolean":
      keywordFilter(set, column.codes, passingCodes(column.dictionary, filter, hasIncludes));
      return set;
    case "keywords":
      keywordsFilter(set, column.offsets, column.codes, column.dictionary, filter, hasIncludes);
      return set;
    case "number":
    case "date":
      rangeFilter(
        set,
        column.values,
        compiledRanges(ranges(filter.include)),
        compiledRanges(ranges(filter.exclude)),
      );
      return set;
    case "text":
      throw new Error(`The ${filter.facet.name} facet reads a text field.`);
  }
}

/** Per dictionary code + 1 (0 is "no value"): 1 when a document holding it passes the filter. */
function passingCodes(dictionary: string[], filter: PlannedFilter, hasIncludes: boolean): Uint8Array {
  const include = keySet(filter.include);
  const exclude = keySet(filter.exclude);
  const pass = new Uint8Array(dictionary.length + 1);
  pass[0] = hasIncludes ? 0 : 1;
  for (let code = 0; code < dictionary.length; code++) {
    const value = dictionary[code] as string;
    pass[code + 1] = !exclude.has(value) && (!hasIncludes || include.has(value)) ? 1 : 0;
  }
  return pass;
}

function keywordFilter(set: DocSet, codes: Codes, pass: Uint8Array): void {
  const { words, size } = set;
  for (let w = 0; w < words.length; w++) {
    const base = w << 5;
    const end = Math.min(32, size - base);
    let bits = 0;
    for (let j = 0; j < end; j++) if (pass[(codes[base + j] as number) + 1] === 1) bits |= 1 << j;
    words[w] = bits;
  }
}

function keywordsFilter(
  set: DocSet,
  offsets: Int32Array,
  codes: Codes,
  dictionary: string[],
  filter: PlannedFilter,
  hasIncludes: boolean,
): void {
  const include = keySet(filter.include);
  const exclude = keySet(filter.exclude);
  // 1 included, 2 excluded, per code.
  const role = Uint8Array.from(dictionary, (v) => (exclude.has(v) ? 2 : include.has(v) ? 1 : 0));
  const { words, size } = set;
  for (let w = 0; w < words.length; w++) {
    const base = w << 5;
    const end = Math.min(32, size - base);
    let bits = 0;
    for (let j = 0; j < end; j++) {
      const doc = base + j;
      let included = !hasIncludes;
      let excluded = false;
      for (let i = offsets[doc] as number; i < (offsets[doc + 1] as number); i++) {
        const r = role[codes[i] as number] as number;
        if (r === 2) {
          excluded = true;
          break;
        }
        if (r === 1) included = true;
      }
      if (included && !excluded) bits |= 1 << j;
    }
    words[w] = bits;
  }
}

function rangeFilter(set: DocSet, values: Numbers, include: Float64Array, exclude: Float64Array): void {
  const { words, size } = set;
  if (include.length === 4 && exclude.length === 0) {
    oneRangeFilter(set, values, include);
    return;
  }
  const hasIncludes = include.length > 0;
  for (let w = 0; w < words.length; w++) {
    const base = w << 5;
    const end = Math.min(32, size - base);
    let bits = 0;
    for (let j = 0; j < end; j++) {
      const value = values[base + j] as number;
      if (Number.isNaN(value)) {
        // NaN: no value, which only a filter without inclusions lets through.
        if (!hasIncludes) bits |= 1 << j;
        continue;
      }
      if (inAny(value, exclude)) continue;
      if (!hasIncludes || inAny(value, include)) bits |= 1 << j;
    }
    words[w] = bits;
  }
}

/** The usual filter, one range (a slider, a date bucket), with its bounds held in locals. */
function oneRangeFilter(set: DocSet, values: Numbers, bounds: Float64Array): void {
  const { words, size } = set;
  // An excluded end becomes the next double inward, so the loop has two plain comparisons and no
  // branch per value (NaN, no value, fails both: it is not in the range).
  const lo = bounds[1] === 1 ? nextUp(bounds[0] as number) : (bounds[0] as number);
  const hi = bounds[3] === 1 ? -nextUp(-(bounds[2] as number)) : (bounds[2] as number);
  for (let w = 0; w < words.length; w++) {
    const base = w << 5;
    const end = Math.min(32, size - base);
    let bits = 0;
    for (let j = 0; j < end; j++) {
      const v = values[base + j] as number;
      bits |= (+(v >= lo) & +(v <= hi)) << j;
    }
    words[w] = bits;
  }
}

const doubleBits = new Float64Array(1);
const doubleWord = new BigInt64Array(doubleBits.buffer);

/** The smallest double above `x` (`x` itself for NaN and +Infinity). */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Number.POSITIVE_INFINITY) return x;
  if (x === 0) return Number.MIN_VALUE;
  doubleBits[0] = x;
  doubleWord[0] = (doubleWord[0] as bigint) + (x > 0 ? 1n : -1n);
  return doubleBits[0] as number;
}

/**
 * Ranges as plain numbers, 4 per range: lower bound, 1 when it excludes its value, upper bound, 1 when
 * it excludes its value (an open end is an infinite bound), so the loops over a column test numbers.
 */
export function compiledRanges(list: ParsedRange[]): Float64Array {
  const out = new Float64Array(list.length * 4);
  list.forEach(({ lower, upper }, i) => {
    out[i * 4] = lower.open ? Number.NEGATIVE_INFINITY : lower.value;
    out[i * 4 + 1] = lower.open || lower.inclusive ? 0 : 1;
    out[i * 4 + 2] = upper.open ? Number.POSITIVE_INFINITY : upper.value;
    out[i * 4 + 3] = upper.open || upper.inclusive ? 0 : 1;
  });
  return out;
}

/** Whether `value` (not NaN) is in the compiled range starting at `at`. */
export function inCompiled(value: number, bounds: Float64Array, at: number): boolean {
  const lo = bounds[at] as number;
  const hi = bounds[at + 2] as number;
  return (
    (bounds[at + 1] === 1 ? value > lo : value >= lo) && (bounds[at + 3] === 1 ? value < hi : value <= hi)
  );
}

/** Whether `value` (not NaN) is in any of the compiled ranges. */
export function inAny(value: number, bounds: Float64Array): boolean {
  for (let at = 0; at < bounds.length; at += 4) if (inCompiled(value, bounds, at)) return true;
  return false;
}

function keySet(conditions: Condition[]): Set<string> {
  return new Set(conditions.flatMap((c) => ("key" in c ? [c.key] : [])));
}

export function ranges(conditions: Condition[]): ParsedRange[] {
  return conditions.flatMap((c) => ("range" in c ? [c.range] : []));
}
