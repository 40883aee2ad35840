import { type RouteHandle, type RoutePolicy, routeHandleSchema, routePolicyOf } from "@aea/domain";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export interface PagePolicy extends RoutePolicy {
  /** The route module's id, e.g. "routes/login"; undefined when no route matched. */
  routeId: string | undefined;
}

type Routes = ServerBuild["routes"];

/** Distinct paths whose policy is remembered; past it the memory starts again (paths are unbounded). */
const REMEMBERED_PATHS = 5_000;

/**
 * The server policy of the page a request reaches: what its route modules declare in their `handle`
 * exports (DESIGN rule 7), found by React Router's own matcher on the path React Router itself would
 * use. Policies keyed on that, rather than on the raw path, cannot be dodged by spelling the path
 * differently: `/LOGIN`, `/login/`, `/%6Cogin`, `/login.data` and `/x/../login` all reach the login
 * action, so all count against its limit.
 */
export class PageRoutes {
  readonly #handles = new Map<string, RouteHandle>();
  readonly #tree: RouteObject[];
  readonly #byPath = new Map<string, PagePolicy>();

  /**
   * Throws when a route module's `handle` does not fit the schema (a typo must not pass silently) or
   * does not say who may enter.
   */
  constructor(routes: Routes) {
    for (const route of Object.values(routes)) {
      if (!route) continue;
      const handle = routeHandleSchema.safeParse(route.module.handle ?? {});
      if (!handle.success)
        throw new Error(`The handle of ${route.id} is not a route policy: ${handle.error.message}`);
      // Who may enter is never left to a default (spec §6): every page and file route states it.
      if (route.id !== "root" && !handle.data.access)
        throw new Error(`The handle of ${route.id} does not declare its audience (access)`);
      this.#handles.set(route.id, handle.data);
    }
    this.#tree = routeTree(routes, undefined);
  }

  /** `url`: the request's path and query as sent (`request.url` or Fastify's `request.originalUrl`). */
  policyFor(url: string): PagePolicy {
    // Keyed by the path as sent: the cached-page fast path asks for every GET, so a known path costs
    // one map lookup, not a URL parse.
    const sent = url.split("?", 1)[0];
    const known = this.#byPath.get(sent);
    if (known) return known;
    const matches = matchRoutes(this.#tree, routerPathname(url)) ?? [];
    const policy: PagePolicy = {
      ...routePolicyOf(matches.map((match) => this.#handles.get(match.route.id ?? ""))),
      routeId: matches.at(-1)?.route.id,
    };
    if (this.#byPath.size >= REMEMBERED_PATHS) this.#byPath.clear();
    this.#byPath.set(sent, policy);
    return policy;
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
