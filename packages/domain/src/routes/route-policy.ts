import type { Audience } from "./access.ts";

/**
 * What a route module declares about itself in its `handle` export (DESIGN rule 7). The server reads
 * it from the web build (caching, limits, uploads) and the site frame reads it from the matched
 * routes (header, search bar, footer), so no path pattern anywhere has to mirror `routes.ts`.
 * Every key is optional; what a route leaves out comes from its parent routes, then the defaults.
 */
export interface RoutePolicy {
  /**
   * Who may enter (spec §6). Every route module declares it (the route-policy test fails otherwise);
   * the server refuses everyone else before any loader or action runs.
   */
  access: Audience;
  /** The page is the same for every anonymous visitor, so the server may keep its render briefly. */
  cacheableForAnonymous: boolean;
  /** The per-address limit the route's action counts against (forms that log in or send mail). */
  rateLimit: RouteRateLimit | undefined;
  /** The action reads an admin's large upload itself, with its own limits, from the raw body. */
  adminUploads: boolean;
  /**
   * The action may run while staff view the site as someone (logging out, Stop). Every other action
   * is refused then: "view as" is read-only.
   */
  allowedWhileViewingAs: boolean;
  /** The site header (logo, menus, search bar); hidden on pages that stand alone, such as /login. */
  header: boolean;
  /** The header's deal search and deal-size toggles. */
  searchBar: boolean;
  footer: boolean;
}

/**
 * `login`: the one login bucket shared with the API's login calls (a form that checks a password or
 * a second factor); `account`: the other account forms (sign-up, resets, verification mails);
 * `inquiry`: the forms that mail the firm.
 */
export type RouteRateLimit = "login" | "account" | "inquiry";

/** A route module's `handle`: write `export const handle = { … } satisfies RouteHandle`. */
export type RouteHandle = Partial<RoutePolicy>;

/** The policy of a page whose routes declare nothing. */
export const DEFAULT_ROUTE_POLICY: RoutePolicy = Object.freeze({
  // Only the root and layout routes rely on it: every route module states its own audience.
  access: "anyone",
  cacheableForAnonymous: false,
  rateLimit: undefined,
  adminUploads: false,
  allowedWhileViewingAs: false,
  header: true,
  searchBar: true,
  footer: true,
});

/**
 * The policy of the page a chain of matched routes shows (root first): each route's declaration
 * over its parents', so a layout route may hide the footer for all its pages and a page may show it
 * again. Handles are checked against `routeHandleSchema` when the server starts (and by the
 * route-policy test), so the browser does not carry the schema.
 */
export function routePolicyOf(handles: readonly (RouteHandle | undefined)[]): RoutePolicy {
  const policy: RoutePolicy = { ...DEFAULT_ROUTE_POLICY };
  for (const handle of handles) {
    for (const [key, value] of Object.entries(handle ?? {})) {
      if (value !== undefined) Object.assign(policy, { [key]: value });
    }
  }
  return policy;
}
