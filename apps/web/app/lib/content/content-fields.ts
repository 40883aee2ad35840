/**
 * Reading content records (`Record<string, unknown>` from the content service) into the typed
 * shapes the pages render. Editors may leave any field empty, so every reader has a safe default.
 */
import type { ContentFile } from "./assets";

export type ContentRecord = Record<string, unknown>;

/** The fields of a file to ask for, so `contentFile` can read it: `image.*` expands them all. */
export const fileFields = (field: string) => `${field}.*`;
/** The same for a list of files (`case_history_images.directus_files_id.*`). */
export const fileListFields = (field: string) => `${field}.directus_files_id.*`;

export function records(data: unknown): ContentRecord[] {
  return Array.isArray(data) ? data.filter(isRecord) : [];
}

export function record(data: unknown): ContentRecord {
  return isRecord(data) ? data : {};
}

export function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

export function numberOrNull(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** An expanded file (`{ id, title, width, … }`), or null when the field is empty or not expanded. */
export function contentFile(value: unknown): ContentFile | null {
  if (!isRecord(value) || typeof value.id !== "string" || value.id === "") return null;
  const width = numberOrNull(value.width);
  const height = numberOrNull(value.height);
  return {
    id: value.id,
    title: text(value.title),
    type: text(value.type),
    width,
    height,
    filename: text(value.filename_download),
    version: fileVersion([value.filesize, value.uploaded_on, value.focal_point_x, value.focal_point_y]),
  };
}

/** A list of files as Directus shapes them: rows holding the file under `directus_files_id`. */
export function contentFiles(value: unknown): ContentFile[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((row) => contentFile(isRecord(row) && "directus_files_id" in row ? row.directus_files_id : row))
    .filter((file): file is ContentFile => file !== null);
}

/** A short, stable token of what makes a file's rendered bytes change. */
function fileVersion(parts: unknown[]): string {
  const source = parts.map((part) => String(part ?? "")).join("|");
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    hash ^= source.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export function isRecord(value: unknown): value is ContentRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
