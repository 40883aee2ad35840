import { redirect } from "react-router";
import type { StaffRequest } from "./staff-context.server";

/**
 * "View as": the admin's browser carries the buyer's session (and keeps the admin's own to return
 * to), then lands on the home page as the buyer sees it.
 */
export async function startViewingAs({ app, request, staff, userId }: StaffRequest): Promise<Response> {
  const { core } = app;
  const staffToken = core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
  if (!staffToken) throw redirect("/login");
  const token = await core.impersonation.start(staff, userId, staffToken);
  const headers = new Headers();
  for (const cookie of core.impersonation.cookieHeaders(token, staffToken))
    headers.append("set-cookie", cookie);
  return redirect("/home", { headers });
}
