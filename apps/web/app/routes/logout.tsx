import { redirect } from "react-router";
import { appContext } from "../app-context";
import type { Route } from "./+types/logout";

// Logging out changes state, so it is a POST (from the user menu's form); a plain visit just goes home.
export function loader() {
  return redirect("/home");
}

export async function action({ context, request }: Route.ActionArgs) {
  const { core, user } = context.get(appContext);
  await core.accounts.endSession(core.accounts.sessionTokenFrom(request.headers.get("cookie")), user?.id);
  return redirect("/home", { headers: { "set-cookie": core.accounts.clearedSessionCookieHeader() } });
}
