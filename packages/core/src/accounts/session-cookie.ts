/** The httpOnly cookie that carries a signed-in visitor's session token. */
export const SESSION_COOKIE = "aea_session";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Set-Cookie value for a session, the same from the API and from page actions. Without
 * remember-me it is a browser-session cookie (the server also ends idle sessions).
 */
export function sessionCookie(
  token: string,
  { remember, secure }: { remember: boolean; secure: boolean },
): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
    ...(remember ? [`Max-Age=${YEAR_SECONDS}`] : []),
  ].join("; ");
}

export function clearedSessionCookie({ secure }: { secure: boolean }): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
    "Max-Age=0",
  ].join("; ");
}
