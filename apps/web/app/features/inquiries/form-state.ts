/**
 * Small helpers the inquiry forms share: the domain's zod schema checks the form in the browser and in
 * the page action alike, and both show its first message per field.
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
  const errors: FieldErrors = {};
  for (const issue of schema.safeParse(value).error?.issues ?? []) {
    const key = String(issue.path[0] ?? "");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The text values of named fields of a submitted form (missing ones as ""). */
export function formTexts<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const key of keys) {
    const value = form.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

export function emptyValues<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>;
}

/** What a page action answers when the form was posted without JavaScript. */
export type InquiryActionData<K extends string> =
  | { status: "sent" }
  | { status: "invalid"; values: Record<K, string>; fieldErrors: FieldErrors }
  | { status: "failed"; values: Record<K, string> };

/**
 * Posts JSON to one of the mail APIs. "sent", the field messages of a 400, or "failed" for anything
 * else (including being offline or rate-limited).
 */
export async function postInquiry(
  url: string,
  body: unknown,
): Promise<{ status: "sent" } | { status: "invalid"; fieldErrors: FieldErrors } | { status: "failed" }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (response.ok) return { status: "sent" };
    if (response.status === 400) {
      const reply = (await response.json().catch(() => ({}))) as {
        code?: string;
        message?: string;
        issues?: { path: string; message: string }[];
      };
      const fieldErrors: FieldErrors = {};
      if (reply.code === "BLOCKED_EMAIL") fieldErrors.email = reply.message;
      for (const issue of reply.issues ?? []) {
        const key = issue.path.replace(/^\//, "").split("/")[0];
        if (key && !(key in fieldErrors)) fieldErrors[key] = issue.message;
      }
      if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
    }
    return { status: "failed" };
  } catch {
    return { status: "failed" };
  }
}
