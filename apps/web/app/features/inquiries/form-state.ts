import type { FieldErrors } from "../../lib/form-fields";

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
