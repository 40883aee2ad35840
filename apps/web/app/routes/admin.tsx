import type { RouteHandle } from "@aea/domain";
import { redirect } from "react-router";

// /admin is the management group's entry; the tools live on the admin panel.
export const handle = { access: "management" } satisfies RouteHandle;

export function loader() {
  return redirect("/admin-panel");
}
