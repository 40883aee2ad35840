/** The httpOnly cookie that carries a signed-in visitor's session token. */
export const SESSION_COOKIE = "aea_session";
/**
 * While an admin views the site as a buyer, their own session's token waits in this httpOnly cookie
 * (the session cookie carries the impersonation's); Stop puts it back. The server never treats it as
 * a session of its own.
 */
export const STAFF_SESSION_COOKIE = "aea_staff_session";

/**
 * A long-lived random token naming the browser (not a session: it opens nothing). Logins from a
 * browser whose token an account has not seen mail the holder; tokens are stored hashed per account.
 */
export const BROWSER_COOKIE = "aea_browser";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The browser cookie lasts 400 days, the most browsers keep a cookie. */
export function browserCookie(token: string, { secure }: { secure: boolean }): string {
  return [
    `${BROWSER_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
    `Max-Age=${400 * 24 * 60 * 60}`,
  ].join("; ");
}

/**
 * The Set-Cookie value for a session, the same from the API and from page actions. Without
 * remember-me it is a browser-session cookie (the server also ends idle sessions).
 */
export function sessionCookie(
  token: string,
  { remember, secure, name = SESSION_COOKIE }: { remember: boolean; secure: boolean; name?: string },
): string {
  return [
    `${name}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
    ...(remember ? [`Max-Age=${YEAR_SECONDS}`] : []),
  ].join("; ");
}

export function clearedSessionCookie({
  secure,
  name = SESSION_COOKIE,
}: {
  secure: boolean;
  name?: string;
}): string {
  return [`${name}=`, "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : []), "Max-Age=0"].join(
    "; ",
  );
}
