import { ACCOUNT_LIMITS, MINUTE } from "../account-limits.ts";

/** Not past its end, nor idle too long (a remember-me session has no idle limit). */
export function isLive(
  session: { remember: boolean; lastSeenAt: string; expiresAt: string },
  now: number,
): boolean {
  const idle =
    !session.remember && now - Date.parse(session.lastSeenAt) > ACCOUNT_LIMITS.idleMinutes * MINUTE;
  return Date.parse(session.expiresAt) > now && !idle;
}
