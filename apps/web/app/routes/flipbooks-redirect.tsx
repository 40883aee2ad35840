import type { RouteHandle } from "@aea/domain";
import { redirect } from "react-router";

// The old flipbook pages now live among the pitchbooks (§2).
export const handle = { access: "anyone" } satisfies RouteHandle;

export function loader() {
  return redirect("/pitchbooks/products-services", 301);
}
