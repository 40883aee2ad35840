import type { FacetDataset, FacetDocument, FieldKind } from "@aea/domain";
import { DocSet } from "./doc-set.ts";

/**
 * Dictionary codes (-1: no value), in the narrowest array their dictionary fits (docs/decisions/039): up to
 * 127 values in a byte each, up to 32,767 in two, more in four. A column widens when its dictionary
 * outgrows its array; readers index them alike.
 */
export type Codes = Int8Array | Int16Array | Int32Array;
/** Numbers (NaN: unknown): Float32 while every value is exactly a float32 (counts, ids), else Float64. */
export type Numbers = Float32Array | Float64Array;

/**
 * A dataset held column by column (docs/decisions/035): values from a small set are dictionary codes
 * in typed arrays, numbers and dates in float arrays (NaN when unknown), free text is kept as
 * strings. Documents are rebuilt from the columns for a page of results, so no object per document
 * is kept. Typed arrays may be longer than `size` (room to append); only the first `size` count.
 */
export type Column =
  | { kind: "keyword" | "boolean"; dictionary: string[]; codeOf: Map<string, number>; codes: Codes }
  | {
      kind: "keywords";
      dictionary: string[];
      codeOf: Map<string, number>;
      /** Document `d`'s values are `codes[offsets[d]]` up to `codes[offsets[d + 1]]`. */
      offsets: Int32Array;
      codes: Codes;
    }
  | { kind: "number" | "date"; values: Numbers; min: number; max: number }
  | {
      kind: "text";
      /**
       * Document `d`'s text is the UTF-8 `bytes[offsets[d]]` up to `bytes[offsets[d + 1]]`, unless
       * `missing[d]` is 1 (no value): one buffer instead of a string object per document (a third of
       * the memory at 1M names). UTF-8 orders bytes as code points, so sorts compare bytes.
       */
      offsets: Int32Array;
      bytes: Uint8Array;
      missing: Uint8Array;
    };

export type KeywordColumn = Extract<Column, { kind: "keyword" | "boolean" }>;
export type KeywordsColumn = Extract<Column, { kind: "keywords" }>;
export type NumberColumn = Extract<Column, { kind: "number" | "date" }>;
export type TextColumn = Extract<Column, { kind: "text" }>;

/** The column of a year facet over a date field: its values cut to 4 characters. */
export const yearColumnName = (field: string) => `${field}#year`;

export interface ColumnarIndex {
  size: number;
  columns: ReadonlyMap<string, Column>;
  /** How each column reads its value from a document (a year column cuts its date field). */
  sources: ReadonlyMap<string, (doc: FacetDocument) => FacetDocument[string]>;
  /** The documents not deleted since the build: every query starts from these. */
  live: DocSet;
  deleted: number;
  /** Filter sets of the index as it stands (facet-engine's cache), emptied by every patch. */
  filterCache: Map<string, DocSet>;
}

/** Builds the index of `documents` (in the order given; callers give them by id). */
export function buildColumnarIndex(dataset: FacetDataset, documents: Iterable<FacetDocument>): ColumnarIndex {
  const columns = new Map<string, Column>();
  const sources = new Map<string, (doc: FacetDocument) => FacetDocument[string]>();
  for (const [field, kind] of Object.entries(dataset.fields)) {
    columns.set(field, emptyColumn(kind));
    sources.set(field, (doc) => doc[field] ?? null);
  }
  for (const facet of dataset.facets.filter((f) => f.type === "year")) {
    columns.set(yearColumnName(facet.field), emptyColumn("keyword"));
    sources.set(yearColumnName(facet.field), (doc) => {
      const value = doc[facet.field];
      return typeof value === "string" ? value.slice(0, 4) : null;
    });
  }
  const writers = [...columns].map(([field, column]) => ({
    column,
    read: sources.get(field) as (doc: FacetDocument) => FacetDocument[string],
  }));
  let size = 0;
  for (const doc of documents) {
    if ((size & 1023) === 0) for (const { column } of writers) reserve(column, size + 1024);
    for (const { column, read } of writers) writeValue(column, size, read(doc));
    size++;
  }
  for (const { column } of writers) {
    reserve(column, size, true);
    if (column.kind === "number" || column.kind === "date") measure(column, size);
  }
  return { size, columns, sources, live: DocSet.all(size), deleted: 0, filterCache: new Map() };
}

function emptyColumn(kind: FieldKind): Column {
  switch (kind) {
    case "keyword":
    case "boolean":
      return { kind, dictionary: [], codeOf: new Map(), codes: new Int8Array(0) };
    case "keywords":
      return {
        kind,
        dictionary: [],
        codeOf: new Map(),
        offsets: new Int32Array(1),
        codes: new Int8Array(0),
      };
    case "number":
    case "date":
      return {
        kind,
        // Dates are milliseconds since 1970: no float32 holds them exactly.
        values: kind === "date" ? new Float64Array(0) : new Float32Array(0),
        min: Number.POSITIVE_INFINITY,
        max: Number.NEGATIVE_INFINITY,
      };
    case "text":
      return { kind, offsets: new Int32Array(1), bytes: new Uint8Array(0), missing: new Uint8Array(0) };
  }
}

/** Makes room for `rows` documents (exactly that many when `exact`, to trim a finished build). */
export function reserve(column: Column, rows: number, exact = false): void {
  const room = (length: number, needed: number) =>
    exact ? needed : length >= needed ? length : Math.max(needed, Math.ceil(length * 1.5));
  switch (column.kind) {
    case "keyword":
    case "boolean":
      column.codes = resized(column.codes, room(column.codes.length, rows));
      return;
    case "keywords":
      column.offsets = resized(column.offsets, room(column.offsets.length, rows + 1));
      if (exact) column.codes = resized(column.codes, column.offsets[rows] as number);
      return;
    case "number":
    case "date":
      column.values = resized(column.values, room(column.values.length, rows));
      return;
    case "text":
      column.offsets = resized(column.offsets, room(column.offsets.length, rows + 1));
      column.missing = resized(column.missing, room(column.missing.length, rows));
      if (exact) column.bytes = resized(column.bytes, column.offsets[rows] as number);
      return;
  }
}

type TypedArray = Codes | Int32Array | Numbers | Uint8Array;

/** A new array of `length` zeros, of the same type as `array`. */
export function blankLike<T extends TypedArray>(array: T, length: number): T {
  return new (array.constructor as new (length: number) => T)(length);
}

/** `array` with room for `length` values, of the same type (the first values kept). */
export function resized<T extends TypedArray>(array: T, length: number): T {
  if (array.length === length) return array;
  const out = blankLike(array, length);
  out.set(array.subarray(0, Math.min(length, array.length)) as never);
  return out;
}

/** `codes`, widened when `code` does not fit its type (a byte holds up to 127, two bytes 32,767). */
function holding(codes: Codes, code: number): Codes {
  if (codes instanceof Int8Array && code > 127)
    return code > 32_767 ? Int32Array.from(codes) : Int16Array.from(codes);
  if (codes instanceof Int16Array && code > 32_767) return Int32Array.from(codes);
  return codes;
}

/** `values`, widened to Float64 when `value` is not exactly a float32 (a fraction, a large number). */
function holdingNumber(values: Numbers, value: number): Numbers {
  return values instanceof Float32Array && Math.fround(value) !== value && !Number.isNaN(value)
    ? Float64Array.from(values)
    : values;
}

/**
 * Writes `value` as document `doc` of `column` (room reserved). A list is appended to the codes and a
 * text to the bytes, so those are written in document order: a build, or a patch that rewrites the
 * column (index-patch.ts).
 */
export function writeValue(column: Column, doc: number, value: FacetDocument[string]): void {
  switch (column.kind) {
    case "keyword":
    case "boolean": {
      // Coded first: a new value may widen the column's array.
      const found = value === null ? -1 : code(column, String(value));
      column.codes[doc] = found;
      return;
    }
    case "keywords": {
      const start = column.offsets[doc] as number;
      const items = Array.isArray(value) ? value : [];
      if (column.codes.length < start + items.length)
        column.codes = resized(
          column.codes,
          Math.max(start + items.length, Math.ceil(column.codes.length * 1.5)),
        );
      let at = start;
      // A value listed twice counts once (lists are short: a scan, not a Set per document).
      for (const item of items) {
        const found = code(column, item);
        let seen = false;
        for (let i = start; i < at && !seen; i++) seen = column.codes[i] === found;
        if (!seen) column.codes[at++] = found;
      }
      column.offsets[doc + 1] = at;
      return;
    }
    case "number": {
      const number = value === null ? Number.NaN : Number(value);
      column.values = holdingNumber(column.values, number);
      column.values[doc] = number;
      return;
    }
    case "date":
      column.values[doc] = value === null ? Number.NaN : Date.parse(String(value));
      return;
    case "text": {
      const start = column.offsets[doc] as number;
      const text = value === null ? "" : String(value);
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (column.bytes.length < start + text.length * 3)
        column.bytes = resized(
          column.bytes,
          Math.max(start + text.length * 3, Math.ceil(column.bytes.length * 1.5)),
        );
      const { written } = utf8.encodeInto(text, column.bytes.subarray(start));
      column.offsets[doc + 1] = start + written;
      column.missing[doc] = value === null ? 1 : 0;
      return;
    }
  }
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** Document `doc`'s text, or null. */
export function textAt(column: TextColumn, doc: number): string | null {
  if (column.missing[doc] === 1) return null;
  return fromUtf8.decode(column.bytes.subarray(column.offsets[doc], column.offsets[doc + 1]));
}

function code(
  column: { dictionary: string[]; codeOf: Map<string, number>; codes: Codes },
  value: string,
): number {
  let found = column.codeOf.get(value);
  if (found === undefined) {
    found = column.dictionary.length;
    column.dictionary.push(value);
    column.codeOf.set(value, found);
    column.codes = holding(column.codes, found);
  }
  return found;
}

/** Sets a number column's smallest and largest value over the documents `live` holds (all when none). */
export function measure(column: NumberColumn, size: number, live?: DocSet): void {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const values = column.values;
  for (let doc = 0; doc < size; doc++) {
    const v = values[doc] as number;
    if (live && !live.has(doc)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  column.min = min;
  column.max = max;
}

/** The document at `doc`, as the dataset's fields hold it. */
export function documentAt(index: ColumnarIndex, dataset: FacetDataset, doc: number): FacetDocument {
  const out: FacetDocument = {};
  for (const field of Object.keys(dataset.fields)) {
    const column = index.columns.get(field) as Column;
    out[field] = valueAt(column, doc);
  }
  return out;
}

export function valueAt(column: Column, doc: number): FacetDocument[string] {
  switch (column.kind) {
    case "keyword": {
      const code = column.codes[doc] as number;
      return code < 0 ? null : (column.dictionary[code] as string);
    }
    case "boolean": {
      const code = column.codes[doc] as number;
      return code < 0 ? null : column.dictionary[code] === "true";
    }
    case "keywords": {
      const out: string[] = [];
      for (let i = column.offsets[doc] as number; i < (column.offsets[doc + 1] as number); i++)
        out.push(column.dictionary[column.codes[i] as number] as string);
      return out;
    }
    case "number":
      return Number.isNaN(column.values[doc]) ? null : (column.values[doc] as number);
    case "date":
      return Number.isNaN(column.values[doc]) ? null : new Date(column.values[doc] as number).toISOString();
    case "text":
      return textAt(column, doc);
  }
}
