import type { Core } from "@aea/core";
import { testEngines } from "@aea/core/testing";
import { type Audience, isSold, refusalAnswer } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { PageRoutes } from "../http/page-routes.ts";
import {
  type Role,
  RoleSessions,
  roleSessionsEnv,
  roles,
  roleUser,
  viewers,
} from "../testing/role-sessions.ts";
import { routeRecorder } from "../testing/route-table.ts";
import { requireFreshWebBuild, webBuild } from "../testing/web-build.ts";

// Pages need the web build (`npm test` builds before the unit tests).
requireFreshWebBuild();

/** What a role gets: a status, or a redirect (302) to the given location. */
type Expectation = number | string;
type Door = "page" | "api";

/** The ids a route's parameters are filled with: a public deal with a data room, so staff pages answer admins. */
interface Samples {
  listingId: number;
  /** The buyer role's account, and another account (the admin role's). */
  userId: number;
  otherUserId: number;
  /** The claim role's account: a user's own saved queries are read by them and by admins. */
  analystId: number;
}
const parameterSamples: Record<string, (s: Samples) => string> = {
  listingId: (s) => String(s.listingId),
  userId: (s) => String(s.userId),
  collection: () => "hero_slider",
  id: () => "1",
  format: () => "csv",
  fileId: () => "1",
  folderId: () => "1",
  file: () => "matrix.jpg",
  path: () => "matrix",
  slug: () => "matrix",
  "*": () => "matrix",
  uuid: () => "6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10",
};

/** Routes whose `:userId` must be the asker's own (or an admin's to ask): the claim role's. */
const ownUserIdRoutes = new Set([
  "/api/request/:userId/getUserRequests",
  "/api/request/:userId/getUserRequestDirectories",
]);

/** Input a route validates before its audience is admitted: without it every role would get a 400. */
const requiredQueries: Record<string, (s: Samples) => string> = {
  "/api/Admin/GetAdminDealDetails": (s) => `listingId=${s.listingId}`,
  "/api/Auth/GetUser": (s) => `id=${s.userId}`,
  "/api/Auth/CheckEmailAvailability": () => "email=matrix.free@example.test",
  "/api/facets": () => "name=participant",
  "/admin/listings/export": () => "format=csv",
  "/admin/users/export": () => "format=csv",
  "/participant/export": () => "format=csv",
  "/api/data-room-questions/Room": (s) => `listingId=${s.listingId}`,
  "/api/data-room-questions/Queue": (s) => `listingId=${s.listingId}`,
  "/api/FolderManager/SearchDocuments": (s) => `listingId=${s.listingId}&q=lease`,
  "/api/data-room-bids/Room": (s) => `listingId=${s.listingId}`,
  "/api/data-room-bids/Compare": (s) => `listingId=${s.listingId}`,
  "/deals/:listingId/data-room/bids/export": () => "format=csv",
  "/deals/:listingId/data-room/questions/similar": () => "text=decline+rate+wells",
};

/** The URL a matrix asks of a route pattern, or an error naming the parameter it has no sample for. */
function sampleUrl(pattern: string, samples: Samples): string {
  const path = pattern.replace(/:(\w+)|\*/g, (token, name: string | undefined) => {
    if (name === "userId" && ownUserIdRoutes.has(pattern)) return String(samples.analystId);
    const sample = parameterSamples[name ?? token];
    if (!sample) throw new Error(`${pattern}: add a sample for ${token} to the matrix`);
    return sample(samples);
  });
  const query = requiredQueries[pattern]?.(samples);
  return query ? `${path}?${query}` : path;
}

/**
 * Answers that depend on more than the route's audience, written down: where the page sends an
 * admitted visitor, and API calls whose audience depends on what they ask (`asks`).
 */
const namedCases: Array<{
  name: string;
  url: string | ((s: Samples) => string);
  door: Door;
  asks?: Audience;
  admitted?: Partial<Record<Role, Expectation>>;
}> = [
  {
    name: "the login page sends a signed-in visitor where they were going",
    url: "/login?redirectTo=%2Fdeals%2Fpublic",
    door: "page",
    admitted: {
      buyer: "/deals/public",
      privateBuyer: "/deals/public",
      claim: "/deals/public",
      admin: "/deals/public",
      management: "/deals/public",
    },
  },
  {
    name: "management's old address leads to the admin panel",
    url: "/admin",
    door: "page",
    admitted: { management: "/admin-panel" },
  },
  {
    name: "an admin page asked with a query comes back to it after login",
    url: "/admin/users?search=anticline&sort=email&direction=asc&page=2",
    door: "page",
  },
  {
    name: "another user's record",
    url: (s) => `/api/Auth/GetUser?id=${s.otherUserId}`,
    door: "api",
    asks: "admin",
  },
  {
    name: "another user's saved queries",
    url: (s) => `/api/request/${s.otherUserId}/getUserRequestDirectories`,
    door: "api",
    asks: "admin",
  },
  {
    name: "the private deals",
    url: "/api/Advisors/GetDeals?isConfidential=true",
    door: "api",
    asks: "private-buyer",
  },
];

describe.each(testEngines())("role × GET route access matrix (spec §6) on $name", (engine) => {
  let core: Core;
  let app: FastifyInstance;
  let sessions: RoleSessions;
  let pageRoutes: PageRoutes;
  let pagePatterns: string[];
  const fastifyRoutes = routeRecorder();
  let samples: Samples;

  beforeAll(async () => {
    core = await engine.create(roleSessionsEnv);
    app = await buildApp({ core, onRoute: fastifyRoutes.onRoute });
    await app.ready();
    sessions = await RoleSessions.create(core);
    const build = await webBuild();
    pageRoutes = new PageRoutes(build.routes);
    // Routes that only act (no loader, no page) answer a GET with React Router's 400.
    pagePatterns = Object.values(build.routes)
      .filter((route) => route && route.id !== "root" && (route.module.loader || route.module.default))
      .map((route) => `/${route?.path ?? ""}`);
    const withRoom = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l));
    if (!withRoom) throw new Error("the demo data has no public deal with a data room");
    samples = {
      listingId: withRoom.ListingId,
      userId: sessions.account("buyer").id,
      otherUserId: sessions.account("admin").id,
      analystId: sessions.account("claim").id,
    };
  });
  afterAll(async () => {
    await app?.close();
    await core?.close();
  });

  const get = async (url: string, who: Role | (typeof viewers)[number]) => {
    const cookie =
      who === "viewingAsBuyer" || who === "viewingAsManagement"
        ? await sessions.viewingAsCookie(who)
        : sessions.cookie(who);
    const response = await app.inject({ url, headers: cookie ? { cookie } : {} });
    return response.statusCode === 302 ? String(response.headers.location) : response.statusCode;
  };
  /** `route`: the Fastify route as registered (pages are found by their URL). */
  const audienceOf = (url: string, door: Door, route = url.split("?")[0]): Audience | undefined =>
    door === "page" ? pageRoutes.policyFor(url).access : fastifyRoutes.audienceOf(route);
  /** The spec §6 answer the audience gives `role` at this door, or undefined when it admits them. */
  const refusal = (audience: Audience, role: Role, url: string, door: Door): Expectation | undefined => {
    const answer =
      door === "api"
        ? refusalAnswer(audience, roleUser(role), "api")
        : refusalAnswer(audience, roleUser(role), { page: url });
    return answer && ("location" in answer ? answer.location : answer.status);
  };

  /**
   * Every GET route of the app (each page and file route of the web build, each Fastify route) × the
   * roles: a role its declared audience refuses gets exactly the spec's answer; an admitted role gets
   * none of those answers, no 400 (a sample is missing) and no fault. Viewers get what a buyer gets.
   */
  it("answers every GET route as its declared audience says", async () => {
    const fastifyGets = fastifyRoutes
      .all()
      .filter((route) => route.methods.includes("GET"))
      // Files of the client build: each declared `anyone` by one line of client-assets.ts.
      .filter((route) => !/^[^:*]*\.\w+$/.test(route.url))
      .map((route) => ({ pattern: route.url, door: "api" as const }));
    const all = [...pagePatterns.map((pattern) => ({ pattern, door: "page" as const })), ...fastifyGets];
    expect(all.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const { pattern, door } of all) {
      const url = sampleUrl(pattern, samples);
      const audience = audienceOf(url, door, pattern);
      if (!audience) {
        wrong.push(`${pattern} declares no audience`);
        continue;
      }
      const refusals = roles.map((role) => refusal(audience, role, url, door)).filter((r) => r !== undefined);
      for (const who of [...roles, ...viewers]) {
        const role: Role = who === "viewingAsBuyer" || who === "viewingAsManagement" ? "buyer" : who;
        const want = refusal(audience, role, url, door);
        const got = await get(url, who);
        const admittedWrongly =
          want === undefined &&
          (refusals.includes(got) || got === 400 || (typeof got === "number" && got >= 500));
        if ((want !== undefined && got !== want) || admittedWrongly)
          wrong.push(`${url} (${audience}) as ${who}: ${got}, expected ${want ?? "an admitted answer"}`);
      }
    }
    expect(wrong).toEqual([]);
    // One sweep of some 700 requests, each a page render or an API call.
  }, 300_000);

  for (const named of namedCases) {
    it.each([...roles, ...viewers])(`${named.name} as %s`, async (who) => {
      const role: Role = who === "viewingAsBuyer" || who === "viewingAsManagement" ? "buyer" : who;
      const url = typeof named.url === "string" ? named.url : named.url(samples);
      const audience = named.asks ?? audienceOf(url, named.door);
      if (!audience) throw new Error(`${url} declares no audience`);
      const want = refusal(audience, role, url, named.door) ?? named.admitted?.[role] ?? 200;
      expect(await get(url, who)).toBe(want);
    });
  }
});
