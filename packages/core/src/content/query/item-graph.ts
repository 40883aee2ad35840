/**
 * How the engine follows ids: a reference field to the item or file it names, a list field to its
 * rows. Only items the reader may see (the status rule) are ever reached.
 */
import type { ContentRecord, ListSchemaField, ReferenceSchemaField } from "./content-schema.ts";

export interface ItemGraph {
  /** A visible item of the collection (or a file of FILES_COLLECTION), or undefined. */
  item(collection: string, id: unknown): ContentRecord | undefined;
}

export function referenced(
  record: ContentRecord,
  field: ReferenceSchemaField,
  graph: ItemGraph,
): ContentRecord | undefined {
  const id = record[field.name];
  return id === null || id === undefined ? undefined : graph.item(field.target, id);
}

/** The rows of a list field; ids that no longer resolve (deleted, unpublished) are left out. */
export function rowsOf(record: ContentRecord, field: ListSchemaField, graph: ItemGraph): ContentRecord[] {
  const value = record[field.name];
  if (!Array.isArray(value)) return [];
  const { target, junctionField } = field;
  if (!target || !junctionField) return value.filter(isRecord);
  return value.filter((id) => graph.item(target, id) !== undefined).map((id) => ({ [junctionField]: id }));
}

export function isRecord(value: unknown): value is ContentRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
