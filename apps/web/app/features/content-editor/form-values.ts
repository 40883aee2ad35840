/**
 * The editor form's values: an item's fields as a tree (groups are arrays of rows), named in the form
 * by their paths (`title`, `teams.0.members.2.name`) so the form posts without JavaScript too. The
 * server reads the posted form back into the same tree with `formToInput` and the content service
 * validates and coerces it.
 */
import { type ContentField, contentCollection } from "@aea/domain";

export type FormValues = Record<string, unknown>;
/** A group row; `__key` keeps React's identity of a row across moves (never posted). */
export type FormRow = FormValues & { __key?: string };

/** Marks a group row in the posted form, so that an entry whose fields are all empty still counts. */
export const ROW_MARKER = "__row";
/** A file input's name for the form's upload without JavaScript: `upload:` + the field's path. */
export const UPLOAD_PREFIX = "upload:";
/** A file's title in the form: `file-title:` + the file's id (titles belong to the file, not the item). */
export const FILE_TITLE_PREFIX = "file-title:";

export const pathName = (path: readonly (string | number)[]) => path.join(".");

/** Where a control's value sits in the tree: field names and group row indexes. */
export type FieldPath = readonly (string | number)[];

/** What every field control is given: the registry field, where its value sits, and the value. */
export interface FieldControlProps {
  field: ContentField;
  path: FieldPath;
  value: unknown;
}

/** A value as the text a control shows: nothing for a missing value. */
export const asText = (value: unknown) =>
  value === null || value === undefined ? "" : typeof value === "string" ? value : String(value);

/** The item's stored data (or the values of a refused post) with a key on every group row. */
export function withRowKeys(fields: readonly ContentField[], values: FormValues, path = ""): FormValues {
  const out: FormValues = { ...values };
  for (const field of fields) {
    if (field.type !== "group") continue;
    const rows = Array.isArray(values[field.name]) ? (values[field.name] as FormValues[]) : [];
    out[field.name] = rows.map((row, i) => ({
      ...withRowKeys(field.fields, typeof row === "object" && row ? row : {}, `${path}${field.name}.${i}.`),
      __key: `${path}${field.name}.${i}`,
    }));
  }
  return out;
}

let nextKey = 0;
/** A new, empty row of a group. */
export function emptyRow(fields: readonly ContentField[]): FormRow {
  const row: FormRow = { __key: `new-${++nextKey}` };
  for (const field of fields) {
    row[field.name] =
      field.type === "group" || field.type === "files" || field.type === "relations" ? [] : null;
    if (field.type === "boolean") row[field.name] = false;
  }
  return row;
}

/** A copy of the tree with the value at `path` replaced. */
export function setIn(values: FormValues, path: readonly (string | number)[], value: unknown): FormValues {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...values, [head]: value };
  const child = values[head];
  if (Array.isArray(child)) {
    const index = Number(rest[0]);
    const list = [...child];
    list[index] = rest.length === 1 ? value : setIn((list[index] ?? {}) as FormValues, rest.slice(1), value);
    return { ...values, [head]: list };
  }
  return { ...values, [head]: setIn((child ?? {}) as FormValues, rest, value) };
}

/** Reads a posted editor form back into the tree of one collection's fields (values stay text). */
export function formToInput(collection: string, form: FormData): FormValues {
  const definition = contentCollection(collection);
  if (!definition) return {};
  const names = [...new Set(form.keys())];
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const read = (fields: readonly ContentField[], prefix: string): FormValues => {
    const out: FormValues = {};
    for (const field of fields) {
      const name = `${prefix}${field.name}`;
      switch (field.type) {
        case "group": {
          const indexes = new Set<number>();
          for (const key of names) {
            const match = key.startsWith(`${name}.`) ? /^(\d+)\./.exec(key.slice(name.length + 1)) : null;
            if (match) indexes.add(Number(match[1]));
          }
          out[field.name] = [...indexes]
            .sort((a, b) => a - b)
            .map((i) => read(field.fields, `${name}.${i}.`));
          break;
        }
        case "files":
        case "relations":
          out[field.name] = form.getAll(name).filter((v): v is string => typeof v === "string" && v !== "");
          break;
        case "boolean":
          out[field.name] = text(name) ?? false;
          break;
        default:
          out[field.name] = text(name);
      }
    }
    return out;
  };
  return { status: text("status"), ...read(definition.fields, "") };
}

/** The files a set of values names (for previews), nested groups included. */
export function fileIdsOf(fields: readonly ContentField[], values: FormValues): string[] {
  const ids: string[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === "file" && typeof value === "string" && value) ids.push(value);
    if (field.type === "files" && Array.isArray(value)) ids.push(...value.map(String));
    if (field.type === "group" && Array.isArray(value)) {
      for (const row of value) ids.push(...fileIdsOf(field.fields, (row ?? {}) as FormValues));
    }
  }
  return ids;
}

/** "Teams › 2 › Members › 1 › Name" for an error path, by the registry's labels. */
export function pathLabel(fields: readonly ContentField[], path: string): string {
  const parts = path.split(".");
  const labels: string[] = [];
  let current: readonly ContentField[] | undefined = fields;
  for (let i = 0; i < parts.length; i++) {
    const field: ContentField | undefined = current?.find((f) => f.name === parts[i]);
    if (!field) {
      if (/^\d+$/.test(parts[i])) labels.push(String(Number(parts[i]) + 1));
      else if (parts[i] === "status") labels.push("Status");
      continue;
    }
    labels.push(field.label);
    current = field.type === "group" ? field.fields : undefined;
  }
  return labels.join(" › ") || "Item";
}
