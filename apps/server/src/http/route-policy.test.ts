import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Core } from "@aea/core";
import { testEngines } from "@aea/core/testing";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { anonymousPageCacheControl, webRoot } from "../plugins/web-app.ts";
import { requireFreshWebBuild } from "../testing/web-build.ts";
import { PageRoutes } from "./page-routes.ts";

requireFreshWebBuild();
const [sqlite] = testEngines();

const build = (await import(pathToFileURL(resolve(webRoot, "build/server/index.js")).href)) as ServerBuild;
const routes = Object.values(build.routes).filter((route) => route !== undefined);
const pageRoutes = new PageRoutes(build.routes);
/**
 * Staff pages (also a listing's data-room access page), the buyer's profile and logout check the
 * session in their actions: posts without one are refused before any work, so they need no
 * per-address limit.
 */
const signedInOnly = (path: string | undefined) =>
  /^(admin|buyer\/profile$|logout$|deals\/:listingId\/data-room\/access$)/.test(path ?? "");

describe("route policies declared by the route modules (DESIGN rule 7)", () => {
  it("refuses a handle whose keys are not a route policy, naming the route", () => {
    const misspelt = { "routes/x": { ...routes[1], id: "routes/x", module: { handle: { cachable: true } } } };
    expect(() => new PageRoutes(misspelt as unknown as ServerBuild["routes"])).toThrow(/routes\/x/);
  });

  it("gives every route with an action a rate-limit class, unless it acts only for a signed-in user", () => {
    const unlimited = routes
      .filter((route) => route.module.action && !signedInOnly(route.path))
      .filter((route) => pageRoutes.policyFor(`/${route.path}`).rateLimit === undefined)
      .map((route) => route.id);
    expect(unlimited).toEqual([]);
  });

  it("lets only pages without an action, outside the signed-in areas, be cached for anonymous visitors", () => {
    const cacheable = routes.filter((route) => pageRoutes.policyFor(`/${route.path}`).cacheableForAnonymous);
    expect(cacheable.length).toBeGreaterThan(10);
    for (const route of cacheable) {
      expect(route.module.action, route.id).toBeUndefined();
      expect(route.path, route.id).not.toMatch(/^(admin|buyer|deals\/private|login)/);
    }
  });

  it("finds the policy whatever the spelling of the path", () => {
    for (const path of ["/login", "/LOGIN", "/login/", "/%6Cogin", "/login.data", "/x/../login"]) {
      expect(pageRoutes.policyFor(path), path).toMatchObject({
        routeId: "routes/login",
        rateLimit: "login",
      });
    }
    expect(pageRoutes.policyFor("/deals/1234.data?x=1")).toMatchObject({ cacheableForAnonymous: true });
  });
});

describe("the server follows each page's declared policy", () => {
  let core: Core;
  let app: FastifyInstance;
  beforeAll(async () => {
    core = await sqlite.create();
    app = await buildApp({ core });
  });
  afterAll(async () => {
    await app.close();
    await core.close();
  });

  /** Paths a visitor can reach: the sitemap's and the links of the home page and the posts list. */
  async function reachablePaths(): Promise<string[]> {
    const sitemap = (await app.inject("/sitemap.xml")).body;
    const pages = await Promise.all(["/home", "/resources/posts/all"].map((path) => app.inject(path)));
    return [
      ...[...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]),
      ...pages.flatMap((page) => [...page.body.matchAll(/href="(\/[^"?#]*)"/g)].map((m) => m[1])),
    ];
  }

  it("sends the shared-cache header exactly on the pages that declare themselves cacheable", async () => {
    const checked: string[] = [];
    const reachable = await reachablePaths();
    for (const route of routes.filter((r) => r.path && !r.path.includes("*"))) {
      const declared = pageRoutes.policyFor(`/${route.path}`).cacheableForAnonymous;
      const path = /:/.test(route.path ?? "")
        ? reachable.find((candidate) => pageRoutes.policyFor(candidate).routeId === route.id)
        : `/${route.path}`;
      if (!path) {
        // A cacheable page must be reachable from its list page, or this test would prove nothing for it.
        expect(declared, `no sample path for ${route.id}`).toBe(false);
        continue;
      }
      const response = await app.inject(path);
      if (response.statusCode !== 200) continue;
      const shared = response.headers["cache-control"] === anonymousPageCacheControl;
      expect(shared, `${path} (${route.id})`).toBe(declared);
      checked.push(path);
    }
    expect(checked).toEqual(expect.arrayContaining(["/home", "/deals/public", "/login", "/contact-us"]));
    expect(checked.some((path) => /^\/deals\/\d+$/.test(path))).toBe(true);
  });

  it("shows /login without the site header, and the other pages with it", async () => {
    const login = await app.inject("/login");
    expect(login.body).toContain("Log in");
    expect(login.body).not.toContain('placeholder="Search Assignments"');
    expect(login.body).not.toMatch(/<header[\s>]/);
    const contact = await app.inject("/contact-us");
    expect(contact.body).toMatch(/<header[\s>]/);
    expect(contact.body).toContain('placeholder="Search Assignments"');
  });
});
