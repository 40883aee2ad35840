import type { FacetQuery } from "@aea/domain";
import type { Column, ColumnarIndex, TextColumn } from "./columnar-index.ts";

type Compare = (a: number, b: number) => number;

/**
 * The documents `start`..`start + size` of `members` in the order of `sorts` (unknown values last
 * whichever the direction; ties by id). Only the first `start + size` are put in order: a heap keeps
 * them while the rest stream past, so a page of 20 out of 1M costs one pass.
 */
export function orderedPage(
  index: ColumnarIndex,
  members: Int32Array,
  sorts: FacetQuery["sorts"],
  start: number,
  size: number,
): number[] {
  const wanted = Math.min(members.length, start + size);
  if (start >= wanted) return [];
  if (sorts.length === 0) return Array.from(members.subarray(start, wanted));
  const compare = comparator(index, sorts);
  return topK(members, wanted, compare).slice(start);
}

function comparator(index: ColumnarIndex, sorts: FacetQuery["sorts"]): Compare {
  const parts = sorts.map(({ sortField, isAscending }): Compare => {
    const column = index.columns.get(sortField) as Column;
    const direction = isAscending ? 1 : -1;
    if (column.kind === "text") return textOrder(column, direction);
    const key = sortKey(column);
    return (a: number, b: number) => {
      const x = key(a);
      const y = key(b);
      const xNull = x === null;
      const yNull = y === null;
      if (xNull || yNull) return xNull === yNull ? 0 : xNull ? 1 : -1;
      return x < y ? -direction : x > y ? direction : 0;
    };
  });
  return (a, b) => {
    for (const part of parts) {
      const order = part(a, b);
      if (order !== 0) return order;
    }
    return a - b;
  };
}

/**
 * Texts in code-point order (unknown last whichever the direction), compared as their UTF-8 bytes
 * where they lie: UTF-8 orders bytes as code points, and no string is made per comparison.
 */
function textOrder(column: TextColumn, direction: number): Compare {
  const { offsets, bytes, missing } = column;
  return (a, b) => {
    const aMissing = missing[a] === 1;
    const bMissing = missing[b] === 1;
    if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
    let i = offsets[a] as number;
    let j = offsets[b] as number;
    const aEnd = offsets[a + 1] as number;
    const bEnd = offsets[b + 1] as number;
    for (; i < aEnd && j < bEnd; i++, j++) {
      const difference = (bytes[i] as number) - (bytes[j] as number);
      if (difference !== 0) return difference < 0 ? -direction : direction;
    }
    const longer = aEnd - i - (bEnd - j);
    return longer === 0 ? 0 : longer < 0 ? -direction : direction;
  };
}

/** A value to compare for each document: numbers, or ranks of dictionary values. */
function sortKey(column: Exclude<Column, TextColumn>): (doc: number) => number | null {
  switch (column.kind) {
    case "number":
    case "date":
      return (doc) => (Number.isNaN(column.values[doc]) ? null : (column.values[doc] as number));
    case "keyword":
    case "boolean": {
      const rank = dictionaryRanks(column.dictionary);
      return (doc) => {
        const code = column.codes[doc] as number;
        return code < 0 ? null : (rank[code] as number);
      };
    }
    case "keywords":
      throw new Error("A list field is not sortable.");
  }
}

/** Each dictionary code's place in code-point order of its value. */
function dictionaryRanks(dictionary: string[]): Int32Array {
  const order = dictionary
    .map((_, code) => code)
    .sort((a, b) => codePointCompare(dictionary[a], dictionary[b]));
  const rank = new Int32Array(dictionary.length);
  order.forEach((code, place) => {
    rank[code] = place;
  });
  return rank;
}

function codePointCompare(a = "", b = ""): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The first `k` of `members` by `compare`, in order. */
function topK(members: Int32Array, k: number, compare: Compare): number[] {
  if (k * 4 >= members.length) return Array.from(members).sort(compare).slice(0, k);
  // A max-heap of the k best so far: its root is the worst kept, replaced by anything better.
  const heap = Array.from(members.subarray(0, k));
  const worse = (i: number, j: number) => compare(heap[i] as number, heap[j] as number) > 0;
  const down = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let top = i;
      if (left < k && worse(left, top)) top = left;
      if (right < k && worse(right, top)) top = right;
      if (top === i) return;
      [heap[i], heap[top]] = [heap[top] as number, heap[i] as number];
      i = top;
    }
  };
  for (let i = (k >> 1) - 1; i >= 0; i--) down(i);
  for (let m = k; m < members.length; m++) {
    const doc = members[m] as number;
    if (compare(doc, heap[0] as number) < 0) {
      heap[0] = doc;
      down(0);
    }
  }
  return heap.sort(compare);
}
