import { ACCOUNT_LOCKED, INCORRECT_PASSWORD, REAUTHENTICATE } from "@aea/domain";

/** What the Update Password dialog does with the server's answer to UpdatePassword. */
export type PasswordChangeOutcome =
  | { kind: "updated" }
  /** Ask for the current password (the login is older than 10 minutes, or the one given was wrong). */
  | { kind: "ask-current-password"; error: string }
  | { kind: "failed" };

/**
 * Reads UpdatePassword's reply: 403 REAUTHENTICATE or INCORRECT_PASSWORD and 429 ACCOUNT_LOCKED are
 * answered beside a "Current password" field; anything else unexpected is the spec's failure dialog.
 */
export async function passwordChangeOutcome(response: Response): Promise<PasswordChangeOutcome> {
  if (response.ok) return { kind: "updated" };
  const code = await response
    .json()
    .then((body: unknown) => (body as { code?: unknown } | null)?.code)
    .catch(() => undefined);
  if (response.status === 403 && code === "REAUTHENTICATE")
    return { kind: "ask-current-password", error: REAUTHENTICATE };
  if (response.status === 403 && code === "INCORRECT_PASSWORD")
    return { kind: "ask-current-password", error: INCORRECT_PASSWORD };
  if (response.status === 429 && code === "ACCOUNT_LOCKED")
    return { kind: "ask-current-password", error: ACCOUNT_LOCKED };
  return { kind: "failed" };
}
