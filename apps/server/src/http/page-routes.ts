import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { z } from "zod";

/**
 * The server policy a route module declares in its `handle` export (DESIGN rule 7): `rateLimit` names
 * the per-address limit its action counts against; `adminUploads` says its action reads an admin's
 * (large) upload itself, with its own limit, so the server hands it the raw body stream.
 */
const pageHandle = z
  .object({ rateLimit: z.enum(["account", "inquiry"]).optional(), adminUploads: z.boolean().optional() })
  .loose();

export type PageRateLimit = NonNullable<z.infer<typeof pageHandle>["rateLimit"]>;

export interface PagePolicy {
  /** The route module's id, e.g. "routes/login"; undefined when no route matched. */
  routeId: string | undefined;
  rateLimit: PageRateLimit | undefined;
  adminUploads: boolean;
}

type Routes = ServerBuild["routes"];

/**
 * Which route module a page request reaches, decided by React Router's own matcher on the path React
 * Router itself would use. Limits keyed on that, rather than on the raw path, cannot be dodged by
 * spelling the path differently: `/LOGIN`, `/login/`, `/%6Cogin`, `/login.data` and `/x/../login` all
 * reach the login action, so all count against its limit.
 */
export class PageRoutes {
  readonly #routes: Routes;
  readonly #tree: RouteObject[];

  constructor(routes: Routes) {
    this.#routes = routes;
    this.#tree = routeTree(routes, undefined);
  }

  /** `url`: the request's path and query as sent (Fastify's `request.originalUrl`). */
  policyFor(url: string): PagePolicy {
    const match = matchRoutes(this.#tree, routerPathname(url))?.at(-1);
    const routeId = match?.route.id;
    const handle = pageHandle.safeParse(routeId ? this.#routes[routeId]?.module.handle : undefined);
    const policy = handle.success ? handle.data : {};
    return { routeId, rateLimit: policy.rateLimit, adminUploads: policy.adminUploads === true };
  }
}

/**
 * The pathname React Router matches: the URL as the Fastify adapter builds it (host + raw URL, so
 * `//x` stays a path, dot segments are resolved), with the single-fetch `.data` suffix removed as in
 * react-router's getNormalizedPath. Percent-decoding and case are left to `matchRoutes`, which does
 * both as the request handler does.
 */
export function routerPathname(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(`http://placeholder${url}`).pathname;
  } catch {
    return url.split("?")[0];
  }
  return pathname.endsWith("/_.data") ? pathname.replace(/_\.data$/, "") : pathname.replace(/\.data$/, "");
}

function routeTree(routes: Routes, parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, caseSensitive } = route as NonNullable<typeof route>;
      if (route?.index) return { id, path, caseSensitive, index: true };
      return { id, path, caseSensitive, children: routeTree(routes, id) };
    });
}
