import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import { withNotice } from "./notices";

/**
 * Pages a visitor whose session ended still opens as they are: home itself, where one logs in again,
 * and the pages a mailed link opens (their one-time token must not be lost on the way home).
 */
const STAYS_PUT = new Set(["/home", "/login", "/logout", "/verify-user", "/reset-password"]);

/**
 * Spec §4: a failed user fetch logs the visitor out — the cookies are cleared and they go home —
 * rather than the page quietly treating them as a stranger. A page request (a load, not a form post)
 * whose session cookie names a session that has ended (expired, revoked, logged out elsewhere) is
 * answered so, with a notice saying why.
 */
export const logOutEndedSession: MiddlewareFunction<Response> = ({ context, request }, next) => {
  const { core, sessionEnded, access } = context.get(appContext);
  if (!sessionEnded || access === "anonymous-only" || request.method !== "GET") return next();
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/(.)\/$/, "$1");
  if (STAYS_PUT.has(path)) return next();
  const headers = new Headers();
  headers.append("set-cookie", core.sessionCookies.clearedSessionCookieHeader());
  headers.append("set-cookie", core.impersonation.clearedStaffSessionCookieHeader());
  throw redirect(withNotice("/home", "session-ended"), { headers });
};
