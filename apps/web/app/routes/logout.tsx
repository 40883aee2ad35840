import type { RouteHandle } from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import type { Route } from "./+types/logout";

// Logging out while viewing as a buyer is allowed: it ends that view and the admin's own session.
export const handle = { access: "anyone", allowedWhileViewingAs: true } satisfies RouteHandle;

// Logging out changes state, so it is a POST (from the user menu's form); a plain visit just goes home.
export function loader() {
  return redirect("/home");
}

export async function action({ context, request }: Route.ActionArgs) {
  const { core, user } = context.get(appContext);
  const cookies = request.headers.get("cookie");
  await core.sessions.endSession(core.sessionCookies.sessionTokenFrom(cookies), user?.id);
  const headers = new Headers({ "set-cookie": core.sessionCookies.clearedSessionCookieHeader() });
  // Logging out while viewing as a buyer logs the admin out too: their kept session ends with it.
  const staffToken = core.impersonation.staffSessionTokenFrom(cookies);
  if (staffToken) {
    await core.sessions.endSession(staffToken, user?.impersonatorId ?? undefined);
    headers.append("set-cookie", core.impersonation.clearedStaffSessionCookieHeader());
  }
  return redirect("/home", { headers });
}
