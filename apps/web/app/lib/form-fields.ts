/**
 * Helpers every form shares (accounts, contact, seller): the domain's zod schema checks the form in the
 * browser and the page action on the server alike, and both show its first message per field.
 */

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each top-level field that fails the schema (empty when the value passes). */
export function fieldErrorsOf(schema: Schema, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? "");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The text values of named fields of a submitted form (missing ones as ""). */
export function textFields<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = form.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

/** Marks every field touched (an invalid submit shows all messages at once, spec §5). */
export function allTouched<K extends string>(keys: readonly K[]): Record<K, boolean> {
  return Object.fromEntries(keys.map((k) => [k, true])) as Record<K, boolean>;
}

/** Every field empty: a form's starting values. */
export function emptyValues<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>;
}
