import { redirect } from "react-router";
import { requireManagement } from "../lib/guards";
import type { Route } from "./+types/admin";

// /admin is the management group's entry; the tools live on the admin panel.
export function loader({ context }: Route.LoaderArgs) {
  requireManagement(context);
  return redirect("/admin-panel");
}
