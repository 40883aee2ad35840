import type { FacetDataset, FacetDocument, FieldKind } from "@aea/domain";

/**
 * A dataset held column by column (docs/decisions/035): values from a small set are dictionary codes
 * in typed arrays, numbers and dates are Float64Arrays (NaN when unknown), free text is kept as
 * strings. Documents are rebuilt from the columns for a page of results, so no object per document
 * is kept.
 */
export type Column =
  | { kind: "keyword" | "boolean"; dictionary: string[]; codes: Int32Array }
  | { kind: "keywords"; dictionary: string[]; offsets: Int32Array; codes: Int32Array }
  | { kind: "number" | "date"; values: Float64Array; min: number; max: number }
  | { kind: "text"; values: (string | null)[] };

export type KeywordColumn = Extract<Column, { kind: "keyword" | "boolean" }>;
export type NumberColumn = Extract<Column, { kind: "number" | "date" }>;

/** The column of a year facet over a date field: its values cut to 4 characters. */
export const yearColumnName = (field: string) => `${field}#year`;

export interface ColumnarIndex {
  size: number;
  columns: ReadonlyMap<string, Column>;
}

/** Builds the index of `documents` (in the order given; callers give them by id). */
export function buildColumnarIndex(dataset: FacetDataset, documents: Iterable<FacetDocument>): ColumnarIndex {
  const builders = new Map<string, ColumnBuilder>();
  for (const [field, kind] of Object.entries(dataset.fields)) builders.set(field, columnBuilder(kind));
  const years = dataset.facets.filter((f) => f.type === "year").map((f) => f.field);
  for (const field of years) builders.set(yearColumnName(field), columnBuilder("keyword"));
  let size = 0;
  for (const doc of documents) {
    for (const [field, builder] of builders) {
      if (field.endsWith("#year")) {
        const value = doc[field.slice(0, -5)];
        builder.add(typeof value === "string" ? value.slice(0, 4) : null);
      } else builder.add(doc[field] ?? null);
    }
    size++;
  }
  const columns = new Map<string, Column>();
  for (const [field, builder] of builders) columns.set(field, builder.finish());
  return { size, columns };
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
      return column.values[doc] ?? null;
  }
}

interface ColumnBuilder {
  add(value: FacetDocument[string]): void;
  finish(): Column;
}

function columnBuilder(kind: FieldKind): ColumnBuilder {
  switch (kind) {
    case "keyword":
    case "boolean": {
      const dictionary = new Dictionary();
      const codes: number[] = [];
      return {
        add: (value) => codes.push(value === null ? -1 : dictionary.code(String(value))),
        finish: () => ({ kind, dictionary: dictionary.values, codes: Int32Array.from(codes) }),
      };
    }
    case "keywords": {
      const dictionary = new Dictionary();
      const offsets: number[] = [0];
      const codes: number[] = [];
      return {
        add: (value) => {
          for (const item of new Set(Array.isArray(value) ? value : [])) codes.push(dictionary.code(item));
          offsets.push(codes.length);
        },
        finish: () => ({
          kind,
          dictionary: dictionary.values,
          offsets: Int32Array.from(offsets),
          codes: Int32Array.from(codes),
        }),
      };
    }
    case "number":
    case "date": {
      const values: number[] = [];
      return {
        add: (value) =>
          values.push(
            value === null ? Number.NaN : kind === "date" ? Date.parse(String(value)) : Number(value),
          ),
        finish: () => {
          const array = Float64Array.from(values);
          let min = Number.POSITIVE_INFINITY;
          let max = Number.NEGATIVE_INFINITY;
          for (const v of array) {
            if (v < min) min = v;
            if (v > max) max = v;
          }
          return { kind, values: array, min, max };
        },
      };
    }
    case "text": {
      const values: (string | null)[] = [];
      return {
        add: (value) => values.push(value === null ? null : String(value)),
        finish: () => ({ kind, values }),
      };
    }
  }
}

class Dictionary {
  readonly values: string[] = [];
  readonly #codes = new Map<string, number>();

  code(value: string): number {
    let code = this.#codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.#codes.set(value, code);
    }
    return code;
  }
}
