import type { RouteHandle } from "@aea/domain";
import { data, redirect } from "react-router";
import { appContext } from "../app-context";
import { serviceHref } from "../features/marketing/service-slide";
import { listServices } from "../features/marketing/services-content.server";
import type { Route } from "./+types/services";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

// /services shows the first service (spec §2, §8: a missing service redirects to the first).
export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const [first] = await listServices(core.content);
  if (!first) throw data(null, { status: 404 });
  return redirect(serviceHref(first.path));
}
