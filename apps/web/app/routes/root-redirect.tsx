import type { RouteHandle } from "@aea/domain";
import { redirect } from "react-router";

// '' → /home (§2).
export const handle = { access: "anyone" } satisfies RouteHandle;

export function loader() {
  return redirect("/home");
}
