import { type RouteHandle, userPath } from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import type { Route } from "./+types/impersonation.stop";

// Posted from the amber header by a browser viewing the site as a buyer (so not under /admin).
// "View as" itself: packages/core/src/accounts/impersonation/.
export const handle = {
  access: "anyone",
  rateLimit: "account",
  allowedWhileViewingAs: true,
} satisfies RouteHandle;

// Stopping changes state, so it is a POST; a plain visit just goes home.
export function loader() {
  return redirect("/home");
}

/**
 * Ends the impersonation session and puts the admin's own session (kept aside in its own cookie)
 * back, on the page of the user they were viewing as. Without a kept session of that admin the
 * browser is simply logged out.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const cookies = request.headers.get("cookie");
  const staffToken = core.impersonation.staffSessionTokenFrom(cookies);
  const { userId, staffSession } = await core.impersonation.stop(
    core.sessionCookies.sessionTokenFrom(cookies),
    staffToken,
  );
  const headers = new Headers();
  headers.append("set-cookie", core.impersonation.clearedStaffSessionCookieHeader());
  if (!staffSession || !staffToken) {
    headers.append("set-cookie", core.sessionCookies.clearedSessionCookieHeader());
    return redirect("/login", { headers });
  }
  headers.append("set-cookie", core.sessionCookies.sessionCookieHeader(staffToken, staffSession.remember));
  return redirect(userId === null ? "/admin/users" : userPath(userId), { headers });
}
