/**
 * The collections of the registry in the form the query engine walks: every field with its shape
 * (a plain value, a reference to one item or file, or a list of rows) and, for lists, the schema of
 * one row. File lists and relation lists get "junction" rows holding one id each, so that clients'
 * Directus paths such as `tags.post_tag_id.name` resolve exactly as they did there.
 */
import {
  CONTENT_COLLECTIONS,
  type ContentField,
  type ContentFieldType,
  FILE_FIELDS,
  FILES_COLLECTION,
  FILES_JUNCTION_FIELD,
  SYSTEM_FIELDS,
} from "@aea/domain";

export type ContentRecord = Record<string, unknown>;

/** How the engine compares a field's values. */
export type ValueKind = "string" | "number" | "date" | "boolean" | "json";

interface FieldCommon {
  name: string;
  type: ContentFieldType;
}

export interface ScalarSchemaField extends FieldCommon {
  shape: "scalar";
  kind: ValueKind;
  searchable: boolean;
}

/** A file or an item of another collection, stored as its id. */
export interface ReferenceSchemaField extends FieldCommon {
  shape: "reference";
  /** How the id compares: file ids are text, item ids integers. */
  kind: ValueKind;
  target: string;
}

/** Rows stored in the item (a group), or ids presented as junction rows (files, relations). */
export interface ListSchemaField extends FieldCommon {
  shape: "list";
  rows: Schema;
  /** For files and relations: the row field that holds the id. */
  junctionField?: string;
  /** For files and relations: where the ids point. */
  target?: string;
}

export type SchemaField = ScalarSchemaField | ReferenceSchemaField | ListSchemaField;

export interface Schema {
  name: string;
  fields: ReadonlyMap<string, SchemaField>;
}

const kindOfType: Record<string, ValueKind> = {
  string: "string",
  text: "string",
  html: "string",
  integer: "number",
  float: "number",
  boolean: "boolean",
  date: "date",
  datetime: "date",
  json: "json",
};

function schemaField(field: ContentField, owner: string): SchemaField {
  const common = { name: field.name, type: field.type };
  switch (field.type) {
    case "file":
      return { ...common, shape: "reference", kind: "string", target: FILES_COLLECTION };
    case "relation":
      return { ...common, shape: "reference", kind: "number", target: field.collection };
    case "files":
      return {
        ...common,
        shape: "list",
        target: FILES_COLLECTION,
        junctionField: FILES_JUNCTION_FIELD,
        rows: junctionRows(`${owner}.${field.name}`, FILES_JUNCTION_FIELD, "file", FILES_COLLECTION),
      };
    case "relations":
      return {
        ...common,
        shape: "list",
        target: field.collection,
        junctionField: field.junctionField,
        rows: junctionRows(`${owner}.${field.name}`, field.junctionField, "relation", field.collection),
      };
    case "group":
      return { ...common, shape: "list", rows: schemaOfFields(`${owner}.${field.name}`, field.fields) };
    default:
      return {
        ...common,
        shape: "scalar",
        kind: kindOfType[field.type],
        searchable: field.searchable === true,
      };
  }
}

function junctionRows(
  name: string,
  junctionField: string,
  type: "file" | "relation",
  target: string,
): Schema {
  const kind = type === "file" ? "string" : "number";
  const field: ReferenceSchemaField = { name: junctionField, type, shape: "reference", kind, target };
  return { name, fields: new Map([[junctionField, field]]) };
}

function schemaOfFields(name: string, fields: readonly ContentField[]): Schema {
  return { name, fields: new Map(fields.map((f) => [f.name, schemaField(f, name)])) };
}

const schemas = new Map<string, Schema>([
  [FILES_COLLECTION, schemaOfFields(FILES_COLLECTION, FILE_FIELDS)],
  ...CONTENT_COLLECTIONS.map(
    (c) => [c.name, schemaOfFields(c.name, [...SYSTEM_FIELDS, ...c.fields])] as [string, Schema],
  ),
]);

/** The schema of a collection (or of FILES_COLLECTION), undefined when there is no such collection. */
export function schemaOf(collection: string): Schema | undefined {
  return schemas.get(collection);
}

/** The schema a reference points into. Registry references are checked by content-schema.test.ts. */
export function targetSchema(field: ReferenceSchemaField): Schema {
  const schema = schemas.get(field.target);
  if (!schema) throw new Error(`The content registry refers to an unknown collection "${field.target}"`);
  return schema;
}

/** The collections a query on this schema may read through references and lists (files excluded). */
export function collectionsReachableFrom(collection: string): string[] {
  const found = new Set<string>([collection]);
  const visit = (schema: Schema) => {
    for (const field of schema.fields.values()) {
      if (field.shape === "scalar") continue;
      if (field.shape === "list") visit(field.rows);
      const target = field.target;
      if (!target || target === FILES_COLLECTION || found.has(target)) continue;
      found.add(target);
      const next = schemas.get(target);
      if (next) visit(next);
    }
  };
  const schema = schemas.get(collection);
  if (schema) visit(schema);
  return [...found];
}
