import { PAGES_VIEWED_PATH } from "@aea/domain";
import { apiFetch } from "../../lib/api-fetch";

/** Posts JSON to one of our API routes; throws the server's plain-words message on failure. */
export async function postJson<T = { message: string }>(path: string, body: object): Promise<T> {
  const response = await apiFetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(reply.message ?? "That did not work. Please try again.");
  return reply as T;
}

/**
 * Tells the server how many pages the preview showed (an engagement score part). `keepalive` lets
 * it leave with a closing tab; a failure costs only the count, so it is not shown.
 */
export function reportPagesViewed(listingId: number, fileId: number, pages: number): void {
  void fetch(PAGES_VIEWED_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ listingId, fileId, pages }),
    keepalive: true,
  }).catch(() => undefined);
}
