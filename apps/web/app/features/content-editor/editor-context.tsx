import type { ContentStatus } from "@aea/domain";
import { createContext, useContext } from "react";
import type { FileInfo } from "./file-info";
import { type FieldPath, pathName } from "./form-values";

export interface RelationOption {
  id: number;
  title: string;
  status: ContentStatus;
}

/** What every control of the item form shares: the tree's setter, files, relation choices and errors. */
export interface EditorContextValue {
  set(path: readonly (string | number)[], value: unknown): void;
  files: Readonly<Record<string, FileInfo>>;
  /** Adds or replaces a file's details (after an upload or a focal-point change). */
  putFile(file: FileInfo): void;
  options: Readonly<Record<string, RelationOption[]>>;
  errors: Readonly<Record<string, string>>;
  hydrated: boolean;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor() needs the item form");
  return value;
}

/** The id of a field's control, for labels and the error summary's links. */
export const controlId = (name: string) => `field-${name.replaceAll(".", "-")}`;

/** A control's form name (its path) and its element id. */
export function controlNames(path: FieldPath) {
  const name = pathName(path);
  return { name, id: controlId(name) };
}

/** Selects count as read-only to CSS; the shared input look would grey them out. */
export const selectFix = "read-only:bg-white read-only:text-navy-900";
