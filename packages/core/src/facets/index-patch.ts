import type { FacetDocument } from "@aea/domain";
import {
  blankLike,
  type Codes,
  type ColumnarIndex,
  type KeywordsColumn,
  measure,
  type NumberColumn,
  reserve,
  resized,
  type TextColumn,
  writeValue,
} from "./columnar-index.ts";

/**
 * Puts the documents of `ids` as the database now holds them into the index in place, instead of a
 * rebuild: a document read replaces its row, an id not read (deleted, or no longer in the dataset)
 * leaves the live set, a new id is appended. Rows stay in id order (ties in sorts and unsorted pages
 * go by row), so a new id below the largest one is not patched: answers false, and the caller
 * rebuilds. Cached filter sets are dropped; number columns' extremes are measured again.
 */
export function patchIndex(
  index: ColumnarIndex,
  ids: readonly number[],
  documents: Iterable<FacetDocument>,
): boolean {
  const idColumn = index.columns.get("id");
  if (idColumn?.kind !== "number") return false;
  const read = new Map(Array.from(documents, (doc) => [Number(doc.id), doc] as const));
  const replaced: [number, FacetDocument][] = [];
  const removed: number[] = [];
  const appended: FacetDocument[] = [];
  for (const id of new Set([...ids, ...read.keys()])) {
    const row = rowOf(idColumn, index.size, id);
    const doc = read.get(id);
    if (row >= 0) {
      if (doc) replaced.push([row, doc]);
      else removed.push(row);
    } else if (doc) appended.push(doc);
  }
  appended.sort((a, b) => Number(a.id) - Number(b.id));
  const last = index.size > 0 ? (idColumn.values[index.size - 1] as number) : Number.NEGATIVE_INFINITY;
  if (appended.length > 0 && Number(appended[0]?.id) <= last) return false;

  replaced.sort((a, b) => a[0] - b[0]);
  for (const [name, column] of index.columns) {
    const read = index.sources.get(name) as (doc: FacetDocument) => FacetDocument[string];
    if (column.kind === "keywords" || column.kind === "text") {
      if (replaced.length) rewriteRuns(column, index.size, replaced, read);
    } else for (const [row, doc] of replaced) writeValue(column, row, read(doc));
    reserve(column, index.size + appended.length);
    appended.forEach((doc, i) => {
      writeValue(column, index.size + i, read(doc));
    });
  }
  const live = index.live.resized(index.size + appended.length);
  for (let doc = index.size; doc < live.size; doc++) live.add(doc);
  for (const [row] of replaced) {
    if (!live.has(row)) index.deleted--;
    live.add(row);
  }
  for (const row of removed) {
    if (live.has(row)) index.deleted++;
    live.remove(row);
  }
  index.live = live;
  index.size = live.size;
  for (const column of index.columns.values())
    if (column.kind === "number" || column.kind === "date") measure(column, index.size, live);
  index.filterCache.clear();
  return true;
}

/** The row of `id` (deleted rows keep theirs, so the id column stays in order), or -1. */
function rowOf(idColumn: NumberColumn, size: number, id: number): number {
  let lo = 0;
  let hi = size - 1;
  const values = idColumn.values;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = values[mid] as number;
    if (value === id) return mid;
    if (value < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * A list or text column with the values of `replaced` rows (in row order) changed: the runs of codes
 * or bytes between them are copied over at once, their offsets shifted by what the values before
 * them grew or shrank.
 */
function rewriteRuns(
  column: KeywordsColumn | TextColumn,
  size: number,
  replaced: [number, FacetDocument][],
  read: (doc: FacetDocument) => FacetDocument[string],
): void {
  const runs = column.kind === "keywords" ? listRuns(column) : textRuns(column);
  const oldOffsets = column.offsets;
  const oldData = runs.data();
  column.offsets = new Int32Array(oldOffsets.length);
  runs.replace(blankLike(oldData, oldData.length));
  let from = 0;
  for (const [row, doc] of [...replaced, [size, undefined] as const]) {
    const at = column.offsets[from] as number;
    const start = oldOffsets[from] as number;
    const end = oldOffsets[row] as number;
    if (runs.data().length < at + end - start)
      runs.replace(resized(runs.data(), Math.ceil((at + end - start) * 1.25)));
    runs.data().set(oldData.subarray(start, end) as never, at);
    const delta = at - start;
    for (let d = from + 1; d <= row; d++) column.offsets[d] = (oldOffsets[d] as number) + delta;
    if (doc) writeValue(column, row, read(doc));
    from = row + 1;
  }
}

/** Where a column keeps the values its offsets point into. */
interface Runs {
  data(): Codes | Uint8Array;
  replace(data: Codes | Uint8Array): void;
}

const listRuns = (column: KeywordsColumn): Runs => ({
  data: () => column.codes,
  replace: (codes) => {
    column.codes = codes as Codes;
  },
});

const textRuns = (column: TextColumn): Runs => ({
  data: () => column.bytes,
  replace: (bytes) => {
    column.bytes = bytes as Uint8Array;
  },
});
