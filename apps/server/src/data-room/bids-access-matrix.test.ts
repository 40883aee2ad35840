import { type Core, SESSION_COOKIE } from "@aea/core";
import { insertTestAccount, ManualClock, testEngines } from "@aea/core/testing";
import { isSold, type Listing, refusalAnswer } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { PageRoutes } from "../http/page-routes.ts";
import { databaseState } from "../testing/database-state.ts";
import { type Role, roleUser } from "../testing/role-sessions.ts";
import { routeRecorder } from "../testing/route-table.ts";
import { sameSiteRequests } from "../testing/same-site-requests.ts";
import { requireFreshWebBuild, webBuild } from "../testing/web-build.ts";

/**
 * Issue 23's matrix for bids: the bids page, its export and every bid API call, for each viewer —
 * anonymous, a buyer with no grant, a buyer let in who has not signed, the bidder (signed), another
 * buyer who signed, and an admin — first while a sealed round runs, then after its deadline. Nobody
 * but its bidder reads a sealed bid before the deadline through any door (page, API, export, the
 * activity page and CSV), staff included; a refused request changes nothing.
 */
const viewers = ["anonymous", "buyer", "granted", "signed", "other", "admin"] as const;
type Viewer = (typeof viewers)[number];
const roleOf: Record<Viewer, Role> = {
  anonymous: "anonymous",
  buyer: "buyer",
  granted: "buyer",
  signed: "buyer",
  other: "buyer",
  admin: "admin",
};
const origin = "http://localhost:3000";
const PASSWORD = "Matrix2030";
/** The bidder's sealed amount, and how a page, a CSV or JSON could write it. */
const SEALED = ["7654321", "7,654,321"];

interface Door {
  name: string;
  method: "GET" | "POST";
  url: (listingId: number) => string;
  json?: (listingId: number, bidId: number) => Record<string, unknown>;
  allowed: ReadonlySet<Viewer>;
}
const only = (...who: Viewer[]) => new Set<Viewer>(who);
const api = (call: string) => () => `/api/data-room-bids/${call}`;
const page = (listingId: number) => `/deals/${listingId}/data-room/bids`;
const room = (call: string) => (listingId: number) => `/api/data-room-bids/${call}?listingId=${listingId}`;

const whileSealed: Door[] = [
  { name: "bids page", method: "GET", url: page, allowed: only("signed", "other", "admin") },
  { name: "Room", method: "GET", url: room("Room"), allowed: only("signed", "other", "admin") },
  { name: "Compare", method: "GET", url: room("Compare"), allowed: only() },
  { name: "export CSV", method: "GET", url: (id) => `${page(id)}/export?format=csv`, allowed: only() },
  { name: "export XLSX", method: "GET", url: (id) => `${page(id)}/export?format=xlsx`, allowed: only() },
  {
    name: "activity page",
    method: "GET",
    url: (id) => `/deals/${id}/data-room/activity`,
    allowed: only("admin"),
  },
  {
    name: "activity CSV",
    method: "GET",
    url: (id) => `/deals/${id}/data-room/activity.csv`,
    allowed: only("admin"),
  },
  {
    name: "Winner",
    method: "POST",
    url: api("Winner"),
    json: (listingId, bidId) => ({ listingId, bidId }),
    allowed: only(),
  },
  {
    name: "OpenRound while one runs",
    method: "POST",
    url: api("OpenRound"),
    json: (listingId) => ({
      listingId,
      kind: "indication",
      opensAt: "2031-06-10T08:00",
      deadline: "2031-06-30T08:00",
      timeZone: "UTC",
    }),
    allowed: only(),
  },
];

const afterDeadline: Door[] = [
  { name: "bids page", method: "GET", url: page, allowed: only("signed", "other", "admin") },
  { name: "Compare", method: "GET", url: room("Compare"), allowed: only("admin") },
  { name: "export CSV", method: "GET", url: (id) => `${page(id)}/export?format=csv`, allowed: only("admin") },
  {
    name: "a late Submit",
    method: "POST",
    url: api("Submit"),
    json: (listingId) => ({ listingId, amount: 9_000_000, effectiveDate: "2031-07-01", conditions: "" }),
    allowed: only(),
  },
  {
    name: "Winner",
    method: "POST",
    url: api("Winner"),
    json: (listingId, bidId) => ({ listingId, bidId }),
    // Last: the admin marks the winner.
    allowed: only("admin"),
  },
];

describe.each(testEngines())("bids access matrix on $name", (engine) => {
  const clock = new ManualClock(Date.parse("2031-06-10T09:00:00.000Z"));
  let core: Core;
  let app: FastifyInstance;
  let listing: Listing;
  let bidId = 0;
  const cookies = new Map<Viewer, string>();
  const routes = routeRecorder();
  let pageRoutes: PageRoutes;
  const request = sameSiteRequests(() => app, origin, "10.23");

  const declaredRefusal = (url: string, viewer: Viewer) => {
    const user = roleUser(roleOf[viewer]);
    const apiPath = url.startsWith("/api/") ? url.split("?")[0] : undefined;
    const audience = apiPath ? routes.audienceOf(apiPath) : pageRoutes.policyFor(url).access;
    if (!audience) throw new Error(`${url} declares no audience`);
    return apiPath ? refusalAnswer(audience, user, "api") : refusalAnswer(audience, user, { page: url });
  };
  const send = (door: Door, viewer: Viewer) =>
    request({
      method: door.method,
      url: door.url(listing.ListingId),
      cookie: cookies.get(viewer),
      json: door.json?.(listing.ListingId, bidId),
    });

  beforeAll(async () => {
    requireFreshWebBuild();
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    app = await buildApp({ core, onRoute: routes.onRoute });
    pageRoutes = new PageRoutes((await webBuild()).routes);
    listing = (await core.listings.publicListings()).find(
      (l) => l.hasVDR && l.requiresDueDiligenceAccess && !isSold(l),
    ) as Listing;
    const users = new Map<Viewer, Awaited<ReturnType<typeof insertTestAccount>>>();
    for (const viewer of viewers)
      if (viewer !== "anonymous")
        users.set(
          viewer,
          await insertTestAccount(core, {
            password: PASSWORD,
            firstName: "Matrix",
            lastName: viewer,
            isAdmin: viewer === "admin",
          }),
        );
    const admin = users.get("admin");
    if (!admin) throw new Error("no admin");
    const actor = { userId: admin.id, ipAddress: null };
    for (const viewer of ["granted", "signed", "other"] as const) {
      const user = users.get(viewer);
      if (user) await core.dataRoomAccess.grantDataRoom(actor, user.id, listing.ListingId, "staff");
    }
    for (const viewer of ["signed", "other"] as const) {
      const user = users.get(viewer);
      if (user)
        await core.agreements.sign(
          core.sessions.sessionUser(user),
          listing.ListingId,
          { fullName: `Matrix ${viewer}`, company: "Matrix Oil LLC", consent: "on" },
          { ipAddress: "203.0.113.23", userAgent: "Matrix" },
        );
    }
    await core.dataRoomBids.openRound(
      core.sessions.sessionUser(admin),
      listing.ListingId,
      { kind: "sealed", opensAt: "2031-06-10T08:00", deadline: "2031-06-10T10:00", timeZone: "UTC" },
      null,
    );
    const bidder = users.get("signed");
    if (!bidder) throw new Error("no bidder");
    const bid = await core.dataRoomBids.submit(
      core.sessions.sessionUser(bidder),
      listing.ListingId,
      { amount: 7_654_321, effectiveDate: "2031-07-01", conditions: "Matrix", attachments: [] },
      null,
    );
    bidId = bid.id;
    for (const [viewer, user] of users) {
      const login = await core.logins.login(user.email, PASSWORD, false);
      if (login.status !== "ok") throw new Error(`${viewer}: ${login.status}`);
      cookies.set(viewer, `${SESSION_COOKIE}=${login.token}`);
    }
  });
  afterAll(async () => {
    await app?.close();
    await core?.close();
  });

  const walk = (phase: string, doors: Door[], before?: () => void) => {
    for (const door of doors)
      for (const viewer of viewers)
        it(`${phase}: ${door.method} ${door.name} as ${viewer}`, async () => {
          before?.();
          const refused = declaredRefusal(door.url(listing.ListingId), viewer);
          const allowed = !refused && door.allowed.has(viewer);
          const state = allowed ? undefined : await databaseState(core);
          const reply = await send(door, viewer);
          if (phase === "sealed" && viewer !== "signed")
            for (const amount of SEALED)
              expect(reply.body, `${door.name} shows the sealed bid`).not.toContain(amount);
          if (allowed) {
            expect(reply.statusCode, reply.body.slice(0, 300)).toBeGreaterThanOrEqual(200);
            expect(reply.statusCode, reply.body.slice(0, 300)).toBeLessThan(300);
            return;
          }
          expect(reply.statusCode, reply.body.slice(0, 300)).not.toBeLessThan(300);
          if (refused?.status) expect(reply.statusCode).toBe(refused.status);
          expect(await databaseState(core)).toEqual(state);
        });
  };

  walk("sealed", whileSealed);
  it("shows the bidder their own sealed bid", async () => {
    const reply = await send(whileSealed[1] as Door, "signed");
    expect(reply.body).toContain("7654321");
  });
  walk("after the deadline", afterDeadline, () => {
    if (clock.now() < Date.parse("2031-06-10T10:00:01.000Z")) clock.advance(61 * 60_000);
  });
  it("after the deadline, staff read the bid in the comparison and its export", async () => {
    const reply = await send(afterDeadline[2] as Door, "admin");
    expect(reply.body).toContain("7654321");
  });
});
