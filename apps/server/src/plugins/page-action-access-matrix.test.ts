import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { testEngines } from "@aea/core/testing";
import { isSold, listingFormSchema, listingFormValues, VIEWING_AS_READ_ONLY } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { changedTables, databaseState } from "../testing/database-state.ts";
import { type MatrixFixtures, matrixFixtures } from "../testing/matrix-fixtures.ts";
import { ROLE_PASSWORD, type Role, roles, type Viewer, viewers } from "../testing/role-sessions.ts";
import { requireFreshWebBuild } from "../testing/web-build.ts";
import { webRoot } from "./web-app.ts";

requireFreshWebBuild();

/** What each role gets: a status, or a redirect (302) to the given location. */
type Expectation = number | string;
type Expected = Record<Role, Expectation>;
const everyone = (want: Expectation): Expected =>
  Object.fromEntries(roles.map((role) => [role, want])) as Expected;
const anonymousOnly: Expected = { ...everyone("/buyer/profile"), anonymous: 200 };
const signedIn: Expected = { ...everyone(200), anonymous: "/home?notice=login-required" };
const adminsOnly = (path: string, admitted: Expectation): Expected => ({
  anonymous: `/login?redirectTo=${encodeURIComponent(path)}`,
  buyer: "/home",
  privateBuyer: "/home",
  claim: "/home",
  admin: admitted,
  management: admitted,
});

/** A listing the matrix creates and edits, so no demo listing changes. */
const MATRIX_LISTING_ID = 99_600;

/** A listing's data-room access page: staff act on it; for anyone else it does not exist. */
const staffOnlyOrNotFound: Expected = { ...everyone(404), admin: 200, management: 200 };
const dataRoomDealId = async (f: MatrixFixtures) => {
  const deal = (await f.core.listings.publicListings()).find((d) => d.hasVDR && !isSold(d));
  if (!deal) throw new Error("the demo data has no public deal with a data room");
  return deal.ListingId;
};

interface PageCase {
  /** The route's path pattern in the web app (routes.ts): every route with an action needs a case. */
  route: string;
  name?: string;
  /** Per role; a function of the posted URL when the URL names a record the case makes. */
  expected: Expected | ((url: string) => Expected);
  /** What a successful submission answers, when admins are refused too (default: what admins get). */
  success?: Expectation;
  /** Ends the role's session: the account is put back afterwards. */
  changesAccount?: boolean;
  /** The URL and the form fields of a submission that passes validation. */
  form(
    fixtures: MatrixFixtures,
  ): Promise<[url: string, fields: Record<string, string>]> | [string, Record<string, string>];
}

const profileForm = {
  companyName: "Matrix Oil LLC",
  firstName: "Role",
  lastName: "Tester",
  title: "Landman",
  contactPhone: "+1 713 555 0100",
};

// Every page action (a form posted before JavaScript loads, or by a fetcher) × the six roles.
const cases: PageCase[] = [
  {
    route: "/deals/:listingId/data-room/access",
    name: "let a buyer into a data room",
    expected: staffOnlyOrNotFound,
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/access`,
      { intent: "grant-data-room", email: f.victim.email },
    ],
  },
  {
    route: "/deals/:listingId/data-room/access",
    name: "change the access code",
    expected: staffOnlyOrNotFound,
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/access`,
      { intent: "change-code", accessCode: `Matrix-${f.unique("code")}` },
    ],
  },
  {
    route: "/deals/:listingId/data-room/access",
    name: "draw a new random access code",
    expected: staffOnlyOrNotFound,
    form: async (f) => [`/deals/${await dataRoomDealId(f)}/data-room/access`, { intent: "new-random-code" }],
  },
  {
    route: "/login",
    expected: everyone("/deals/public"),
    form: (f) => [
      "/login?redirectTo=%2Fdeals%2Fpublic",
      { email: f.target.email, password: f.target.password },
    ],
  },
  {
    route: "/buyer/signup",
    expected: anonymousOnly,
    form: (f) => [
      "/buyer/signup",
      {
        firstName: "New",
        lastName: "Buyer",
        email: `${f.unique("page-signup")}@example.test`,
        password: ROLE_PASSWORD,
        confirmPassword: ROLE_PASSWORD,
      },
    ],
  },
  {
    route: "/forgot-password",
    expected: anonymousOnly,
    form: async (f) => ["/forgot-password", { email: (await f.newAccount(true)).email }],
  },
  {
    route: "/reset-password",
    expected: everyone("/home?notice=password-reset"),
    form: async (f) => [
      `/reset-password?token=${await f.resetToken()}`,
      { password: "Changed2026", confirmPassword: "Changed2026" },
    ],
  },
  {
    route: "/verify-user",
    expected: everyone(200),
    form: async (f) => ["/verify-user", { email: (await f.newAccount(false)).email }],
  },
  {
    route: "/logout",
    expected: everyone("/home"),
    changesAccount: true,
    form: () => ["/logout", {}],
  },
  {
    route: "/contact-us",
    expected: everyone(200),
    form: () => [
      "/contact-us",
      { firstName: "Rita", lastName: "Roles", email: "rita@example.test", subject: "Hello", message: "Hi" },
    ],
  },
  {
    route: "/seller",
    expected: everyone(200),
    form: () => ["/seller", { firstName: "Sam", lastName: "Seller", email: "sam@example.test" }],
  },
  {
    route: "/account/security",
    name: "start setting up an authenticator app",
    expected: { ...everyone("/account/security"), anonymous: "/home?notice=login-required" },
    form: () => ["/account/security", { intent: "start" }],
  },
  {
    route: "/account/confirm",
    name: "confirm with the password (no second factor yet)",
    expected: { ...everyone("/buyer/profile"), anonymous: "/home?notice=login-required" },
    form: () => ["/account/confirm", { stepUpPassword: ROLE_PASSWORD, redirectTo: "/buyer/profile" }],
  },
  {
    route: "/buyer/profile",
    name: "profile",
    expected: signedIn,
    form: () => ["/buyer/profile", { intent: "profile", ...profileForm }],
  },
  {
    route: "/buyer/profile",
    name: "interests",
    expected: signedIn,
    form: () => ["/buyer/profile", { intent: "interests", buy_producing: "on" }],
  },
  {
    // Only a buyer with a data-room grant and no signature may sign (agreement-and-activity.pages.test.ts):
    // none of the six roles is one, so each gets the 404 of a missing deal and nothing is signed.
    route: "/deals/:listingId/data-room/agreement",
    expected: everyone(404),
    form: async (f) => {
      const withDataRoom = (await f.core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l));
      return [
        `/deals/${withDataRoom?.ListingId}/data-room/agreement`,
        { fullName: "Role Tester", company: "Matrix Oil LLC", consent: "on" },
      ];
    },
  },
  {
    route: "/buyer/profile",
    name: "deal alerts",
    expected: signedIn,
    form: () => ["/buyer/profile", { intent: "deal-alerts", frequency: "daily" }],
  },
  {
    // The link in a deal-alert mail works without a login, for whoever holds it.
    route: "/deal-alerts/unsubscribe",
    expected: everyone(200),
    form: async (f) => {
      const url = new URL(await f.core.dealAlerts.unsubscribeUrl(f.victim.id));
      return ["/deal-alerts/unsubscribe", { token: url.searchParams.get("token") ?? "" }];
    },
  },
  {
    route: "/admin/dashboard",
    name: "edit deal statistics",
    expected: { ...everyone("/"), management: "/admin/dashboard?saved=__LISTING__#statistics-title" },
    success: "/admin/dashboard?saved=__LISTING__#statistics-title",
    form: async (f) => {
      const [deal] = await f.core.listings.publicListings();
      return ["/admin/dashboard", { listingId: String(deal?.ListingId), hotLeadCount: "3", loadCode: "M-1" }];
    },
  },
  {
    route: "/admin/notifications",
    expected: adminsOnly("/admin/notifications", 200),
    form: (f) => ["/admin/notifications", { listingId: String(f.announceableDealId) }],
  },
  {
    route: "/admin/similar-deals",
    name: "pin a similar deal",
    expected: adminsOnly("/admin/similar-deals", 200),
    form: async (f) => {
      const [deal, similar] = await f.core.listings.publicListings();
      return [
        "/admin/similar-deals",
        { listingId: String(deal.ListingId), similarListingId: String(similar.ListingId), choice: "pinned" },
      ];
    },
  },
  {
    route: "/admin/reorder-deals",
    name: "move a deal up",
    expected: adminsOnly("/admin/reorder-deals", 200),
    form: async (f) => {
      const { listings, version } = await f.core.dealOrder.featured();
      return [
        "/admin/reorder-deals",
        { intent: "move", listingId: String(listings[1].ListingId), direction: "up", version },
      ];
    },
  },
  {
    route: "/admin/content/:collection",
    expected: adminsOnly("/admin/content/service", 200),
    form: async (f) => {
      const [service] = await f.core.contentEditing.items("service");
      return ["/admin/content/service", { intent: "status", id: String(service.id), status: "published" }];
    },
  },
  {
    route: "/admin/content/:collection/:id",
    expected: adminsOnly("/admin/content/hero_slider/1", "/admin/content/hero_slider/1?saved=1"),
    form: async (f) => {
      const slide = (await f.core.contentEditing.item("hero_slider", 1))?.data ?? {};
      return [
        "/admin/content/hero_slider/1",
        {
          status: "published",
          title: `Forty Years of Divestitures ${f.unique("t")}`,
          click_url: String(slide.click_url),
          link_button_color: "#f59e0b",
          image: String(slide.image),
          banner: String(slide.banner),
        },
      ];
    },
  },
  ...userPageCases(),
  {
    // Stop works for whoever posts it; without a kept staff session it simply logs the browser out.
    route: "/impersonation/stop",
    expected: everyone("/login"),
    changesAccount: true,
    form: () => ["/impersonation/stop", {}],
  },
  {
    route: "/admin/listings/:listingId",
    name: "save a listing of the matrix's own",
    expected: adminsOnly(
      `/admin/listings/${MATRIX_LISTING_ID}`,
      `/admin/listings/${MATRIX_LISTING_ID}?saved=1`,
    ),
    form: async (f) => {
      const listing =
        (await f.core.listings.findById(MATRIX_LISTING_ID)) ??
        (await f.core.listingEditing.create(
          listingFormSchema.parse({
            ListingId: String(MATRIX_LISTING_ID),
            Header: "Matrix listing",
            PLSCode: "PP",
            status: "ACTIVE",
            locationId: "1",
          }),
        ));
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(listingFormValues(listing, undefined))) {
        if (value === true) fields[name] = "on";
        else if (value !== false && value !== null) fields[name] = String(value);
      }
      return [`/admin/listings/${MATRIX_LISTING_ID}`, { ...fields, wi: f.unique("WI") }];
    },
  },
  {
    route: "/admin/content/files",
    expected: adminsOnly("/admin/content/files", 200),
    form: async (f) => {
      const slide = (await f.core.contentEditing.item("hero_slider", 1))?.data ?? {};
      return ["/admin/content/files", { intent: "focal", id: String(slide.image), x: "50", y: "10" }];
    },
  },
];

/** Every staff action of a user's page (/admin/users/:userId), each on an account of its own. */
function userPageCases(): PageCase[] {
  const staffAction = (
    name: string,
    fields: Record<string, string>,
    admitted: Expectation = 200,
  ): PageCase => ({
    route: "/admin/users/:userId",
    name,
    expected: (url) => adminsOnly(url, admitted),
    form: async (f) => [`/admin/users/${(await f.newAccount(name !== "mark verified")).id}`, fields],
  });
  return [
    staffAction("edit the profile", { intent: "profile", ...profileForm, email: "ignored@example.test" }),
    staffAction("mark verified", { intent: "mark-verified" }),
    staffAction("send a reset link", { intent: "send-reset-link" }),
    staffAction("change the email", {
      intent: "change-email",
      newEmail: "moved@example.test",
      currentPassword: ROLE_PASSWORD,
    }),
    staffAction("disable", { intent: "disable" }),
    staffAction("end all sessions", { intent: "end-sessions" }),
    staffAction("grant the claim role", { intent: "set-role", role: "hasClaimAD", granted: "true" }),
    staffAction("view as", { intent: "impersonate" }, "/home"),
  ];
}

/** The paths of the web app's routes that export an action, read from the build itself. */
async function routesWithActions(): Promise<string[]> {
  const build = (await import(pathToFileURL(resolve(webRoot, "build/server/index.js")).href)) as ServerBuild;
  return Object.values(build.routes)
    .filter((route) => route && typeof route.module.action === "function")
    .map((route) => `/${route?.path ?? ""}`);
}

describe.each(testEngines())("authorization of every page action on $name", (engine) => {
  let fixtures: MatrixFixtures;
  let app: FastifyInstance;
  let origin: string;
  let address = 0;

  beforeAll(async () => {
    fixtures = await matrixFixtures(engine);
    app = await buildApp({ core: fixtures.core });
    origin = new URL(fixtures.core.config.publicUrl).origin;
  });
  afterAll(async () => {
    await app?.close();
    await fixtures?.close();
  });

  it("has an expectation for every route with an action", async () => {
    const actions = await routesWithActions();
    const covered = new Set(cases.map((c) => c.route));
    expect(
      actions.filter((route) => !covered.has(route)),
      "add these page actions to the matrix",
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !actions.includes(route)),
      "no longer actions",
    ).toEqual([]);
  });

  const post = (url: string, fields: Record<string, string>, cookie: string | undefined) =>
    app.inject({
      method: "POST",
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        // React Router refuses an action whose Origin is not the request's own origin.
        host: new URL(origin).host,
        origin,
        referer: `${origin}${url}`,
        ...(cookie ? { cookie } : {}),
      },
      remoteAddress: `10.12.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
    });

  // "View as" is read-only (issue 20): an admin viewing the site as a buyer or as a manager gets a
  // 403 page saying so from every action, and nothing changes; only logging out and Stop work.
  const viewerAnswers: Record<string, (f: MatrixFixtures, viewer: Viewer) => Expectation> = {
    "/logout": () => "/home",
    "/impersonation/stop": (f, viewer) => `/admin/users/${f.sessions.viewedAccount(viewer).id}`,
  };
  for (const pageCase of cases) {
    it.each(viewers)(
      `POST ${pageCase.route}${pageCase.name ? ` (${pageCase.name})` : ""} while %s`,
      async (viewer: Viewer) => {
        const [url, fields] = await pageCase.form(fixtures);
        const want = viewerAnswers[pageCase.route]?.(fixtures, viewer) ?? 403;
        const cookie = await fixtures.sessions.viewingAsCookie(viewer);
        const before = await databaseState(fixtures.core);
        const response = await post(url, fields, cookie);
        if (typeof want === "string") {
          expect(response.statusCode).toBe(302);
          expect(response.headers.location).toBe(want);
          return;
        }
        expect(response.statusCode, response.body.slice(0, 300)).toBe(403);
        expect(response.body).toContain(VIEWING_AS_READ_ONLY);
        expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
      },
    );
  }

  for (const pageCase of cases) {
    it.each(roles)(
      `POST ${pageCase.route}${pageCase.name ? ` (${pageCase.name})` : ""} as %s`,
      async (role) => {
        const [url, fields] = await pageCase.form(fixtures);
        const expected = typeof pageCase.expected === "function" ? pageCase.expected(url) : pageCase.expected;
        // "__LISTING__" in an expectation stands for the listing the form names.
        const resolve = (e: Expectation) =>
          typeof e === "string" ? e.replace("__LISTING__", fields.listingId ?? "") : e;
        const want = resolve(expected[role]);
        // A redirect elsewhere than where a successful submission leads is a refusal, as is a 4xx.
        const success = resolve(pageCase.success ?? expected.admin);
        const refused = typeof want === "number" ? want >= 400 : success !== want;
        const before = refused ? await databaseState(fixtures.core) : undefined;
        const cookie = fixtures.sessions.cookie(role);
        try {
          const response = await post(url, fields, cookie);
          if (typeof want === "number") {
            expect(response.statusCode, response.body.slice(0, 300)).toBe(want);
          } else {
            expect(response.statusCode).toBe(302);
            expect(response.headers.location).toBe(want);
          }
          if (before) expect(changedTables(before, await databaseState(fixtures.core))).toEqual([]);
        } finally {
          if (pageCase.changesAccount) await fixtures.sessions.restore(role);
        }
      },
    );
  }
});
