import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { testDatabase, testEngines } from "@aea/core/testing";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";
import { webRoot } from "./web-app.ts";

const buildFile = resolve(webRoot, "build/server/index.js");
const foreign = "https://evil.example";
const refused = { message: "This request did not come from this site.", code: "CSRF" };

type Route = { method: string; url: string; kind: "api" | "page" };
type Headers = Record<string, string>;

/** Every state-changing API operation, from the OpenAPI document the route schemas generate. */
function apiRoutes(app: FastifyInstance): Route[] {
  const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths).flatMap(([url, operations]) =>
    Object.keys(operations)
      .filter((method) => !["get", "head", "options"].includes(method))
      .map((method) => ({ method: method.toUpperCase(), url, kind: "api" as const })),
  );
}

/** Every route module of the web build with an action, at a concrete path (parameters filled in). */
function pageActions(build: ServerBuild): Route[] {
  const pathOf = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? pathOf(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((route) => route && typeof route.module.action === "function")
    .map((route) => ({
      method: "POST",
      url: (pathOf(String(route?.id)) || "/")
        .replace(":collection", "service")
        .replace(":id", "1")
        .replace(/^\/\//, "/"),
      kind: "page" as const,
    }));
}

describe.each(testEngines())("same-origin rule for every unsafe request on $name", (engine) => {
  const served = serveTestApp(engine);
  let routes: Route[];
  let address = 0;
  beforeAll(async () => {
    await served.app.ready();
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    routes = [...apiRoutes(served.app), ...pageActions(build)];
  });

  /**
   * A fresh admin session: a logout among the routes ends the one it is sent with. Started directly,
   * not by a login, which would hash the password (argon2id) for each of the hundreds of requests.
   */
  const adminSession = async () => {
    const admin = await testDatabase(served.core)
      .db.selectFrom("users")
      .select("id")
      .where("email", "=", "admin@anticline.test")
      .executeTakeFirstOrThrow();
    return `aea_session=${await served.core.sessions.startSession(admin.id, false)}`;
  };

  const send = (route: Route, headers: Headers) =>
    served.app.inject({
      method: route.method as "POST",
      url: route.url,
      headers: {
        // The host the site is reached at (PUBLIC_URL), as a browser would send it.
        host: "localhost:3000",
        ...headers,
        "content-type": route.kind === "api" ? "application/json" : "application/x-www-form-urlencoded",
      },
      payload: route.kind === "api" ? "{}" : "intent=x",
      // A fresh address each time, so no per-address limit answers first.
      remoteAddress: `198.18.${Math.floor(++address / 250)}.${address % 250}`,
    });

  /** Every row of every table but the sessions' own bookkeeping: equal snapshots mean nothing changed. */
  const snapshot = async () => {
    const tables = await testDatabase(served.core).db.introspection.getTables();
    const rows: Record<string, unknown> = {};
    for (const table of tables) {
      const query = testDatabase(served.core).db.selectFrom(table.name as never);
      rows[table.name] =
        table.name === "sessions"
          ? (await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst())?.n
          : await query.selectAll().execute();
    }
    return JSON.stringify(rows);
  };

  it("finds the routes to check: the API's writes and the pages' actions", () => {
    expect(routes.filter((r) => r.kind === "api").length).toBeGreaterThanOrEqual(20);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        "POST /api/Auth/Login",
        "POST /api/Auth/Signup",
        "POST /login",
        "POST /logout",
      ]),
    );
  });

  it("refuses a foreign Origin or Referer, with or without a session, and a session without either; nothing changes", async () => {
    const session = await adminSession();
    const cases: Array<[string, Headers]> = [
      ["foreign Origin", { origin: foreign }],
      ["foreign Referer only", { referer: `${foreign}/form` }],
      ["Origin: null", { origin: "null" }],
      ["foreign Origin with session", { origin: foreign, cookie: session }],
      ["foreign Referer only with session", { referer: `${foreign}/form`, cookie: session }],
      ["no headers with session", { cookie: session }],
      ["no headers, Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ];
    const before = await snapshot();
    const wrong: string[] = [];
    for (const route of routes) {
      for (const [name, headers] of cases) {
        const response = await send(route, headers);
        if (response.statusCode !== 403 || response.body !== JSON.stringify(refused)) {
          wrong.push(
            `${route.method} ${route.url} · ${name}: ${response.statusCode} ${response.body.slice(0, 80)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
    expect(
      (await served.app.inject({ url: "/api/Auth/CurrentUser", headers: { cookie: session } })).statusCode,
    ).toBe(200);
  });

  it("lets same-origin requests through (Origin or Referer), and header-less ones without a session", async () => {
    const origin = served.core.config.publicUrl;
    const wrong: string[] = [];
    for (const route of routes) {
      const cases: Array<[string, Headers]> = [
        ["same Origin", { origin }],
        ["same Referer only", { referer: `${origin}/home` }],
        ["no headers (a non-browser client)", {}],
        ["same Origin with session", { origin, cookie: await adminSession() }],
        ["same Referer only with session", { referer: `${origin}/home`, cookie: await adminSession() }],
        // Reached under another name than PUBLIC_URL: the request's own host and protocol count too.
        ["request's own host as Origin", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }],
      ];
      for (const [name, headers] of cases) {
        const response = await send(route, headers);
        if (response.statusCode === 403 && response.body.includes('"CSRF"')) {
          wrong.push(`${route.method} ${route.url} · ${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000); // three requests to every unsafe route: a table, not one request
});
