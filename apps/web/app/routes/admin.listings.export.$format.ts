import type { RouteHandle } from "@aea/domain";
import { redirect } from "react-router";
import type { Route } from "./+types/admin.listings.export.$format";

export const handle = { access: "admin" } satisfies RouteHandle;

/** The export's first address (`/admin/listings/export/csv`): links to it keep working, as `?format=`. */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  url.searchParams.set("format", params.format);
  throw redirect(`/admin/listings/export?${url.searchParams}`, 308);
}
