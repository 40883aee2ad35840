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
