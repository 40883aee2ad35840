import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import type { Route } from "./+types/robots.txt";

export const handle = { access: "anyone" } satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(appContext).core.config;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /admin-panel",
    "Disallow: /buyer/",
    "Disallow: /login",
    "Disallow: /*?*view=print",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
