import { OLD_BROWSER_BANNER_CLOSED_COOKIE, type RouteHandle } from "@aea/domain";
import { redirect } from "react-router";
import { safeRedirectPath } from "../features/accounts/safe-redirect";
import type { Route } from "./+types/old-browser-banner.close";

// The banner's Close link: any visitor may close it, for themselves.
export const handle = { access: "anyone" } satisfies RouteHandle;

/**
 * Closes the old-browser banner for the rest of the visit (a cookie that lasts until the browser is
 * closed), then back to the page it was closed on. A link rather than a script: the browsers that
 * see the banner cannot run the app's modules.
 */
export function loader({ request }: Route.LoaderArgs) {
  const back = safeRedirectPath(new URL(request.url).searchParams.get("back"), "/home");
  return redirect(back, {
    headers: {
      "Set-Cookie": `${OLD_BROWSER_BANNER_CLOSED_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax`,
      "Cache-Control": "no-store",
    },
  });
}
