import type { Core } from "@aea/core";
import { hashPassword, insertUser, markTestAccountVerified, testEngines } from "@aea/core/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { requireFreshWebBuild } from "../testing/web-build.ts";

const roles = ["anonymous", "buyer", "privateBuyer", "claim", "admin", "management"] as const;
type Role = (typeof roles)[number];

/** What each role gets: 200, or a redirect to the given location, or an API status code. */
type Expectation = number | string;
const ok = 200;
const home = "/home";
const loginRequired = "/home?notice=login-required";
const notAuthorized = "/home?notice=not-authorized";
const root = "/";
const profile = "/buyer/profile";

const pages: Array<[path: string, expected: Record<Role, Expectation>]> = [
  [
    "/buyer/profile",
    { anonymous: loginRequired, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok },
  ],
  [
    "/deals/private",
    {
      anonymous: loginRequired,
      buyer: notAuthorized,
      privateBuyer: ok,
      claim: notAuthorized,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/users",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Fusers",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/users?search=anticline&sort=email&direction=asc&page=2",
    {
      anonymous:
        "/login?redirectTo=%2Fadmin%2Fusers%3Fsearch%3Danticline%26sort%3Demail%26direction%3Dasc%26page%3D2",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/similar-deals",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Fsimilar-deals",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/listings",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Flistings",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/users/1",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Fusers%2F1",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/listings/new",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Flistings%2Fnew",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/users/export?format=csv",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Fusers%2Fexport%3Fformat%3Dcsv",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/listings/1001",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Flistings%2F1001",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/users/export?format=xlsx&search=buyer",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Fusers%2Fexport%3Fformat%3Dxlsx%26search%3Dbuyer",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/listings/export?format=xlsx&kind=private",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Flistings%2Fexport%3Fformat%3Dxlsx%26kind%3Dprivate",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/reorder-deals",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Freorder-deals",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/outbox",
    {
      anonymous: "/login?redirectTo=%2Fadmin%2Foutbox",
      buyer: home,
      privateBuyer: home,
      claim: home,
      admin: ok,
      management: ok,
    },
  ],
  [
    "/admin/dashboard",
    { anonymous: root, buyer: root, privateBuyer: root, claim: root, admin: root, management: ok },
  ],
  [
    "/admin/dashboard/statistics.csv",
    { anonymous: root, buyer: root, privateBuyer: root, claim: root, admin: root, management: ok },
  ],
  // A deal-alert mail's unsubscribe link: no login needed; a bad token gets a page saying so.
  [
    "/deal-alerts/unsubscribe?token=1.x",
    { anonymous: ok, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok },
  ],
  [
    "/admin-panel",
    { anonymous: root, buyer: root, privateBuyer: root, claim: root, admin: root, management: ok },
  ],
  [
    "/admin",
    {
      anonymous: root,
      buyer: root,
      privateBuyer: root,
      claim: root,
      admin: root,
      management: "/admin-panel",
    },
  ],
  ["/FAQ", { anonymous: root, buyer: root, privateBuyer: root, claim: root, admin: root, management: ok }],
  [
    "/buyer/signup",
    {
      anonymous: ok,
      buyer: profile,
      privateBuyer: profile,
      claim: profile,
      admin: profile,
      management: profile,
    },
  ],
  [
    "/forgot-password",
    {
      anonymous: ok,
      buyer: profile,
      privateBuyer: profile,
      claim: profile,
      admin: profile,
      management: profile,
    },
  ],
  [
    "/login?redirectTo=%2Fdeals%2Fpublic",
    {
      anonymous: ok,
      buyer: "/deals/public",
      privateBuyer: "/deals/public",
      claim: "/deals/public",
      admin: "/deals/public",
      management: "/deals/public",
    },
  ],
  ["/deals/public", { anonymous: ok, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok }],
];

const api: Array<[path: string, expected: Record<Role, Expectation>]> = [
  [
    "/api/Auth/CurrentUser",
    { anonymous: 401, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok },
  ],
  [
    "/api/Auth/GetProfile",
    { anonymous: 401, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok },
  ],
  [
    "/api/Auth/GetUser?id=1",
    { anonymous: 401, buyer: 403, privateBuyer: 403, claim: 403, admin: ok, management: ok },
  ],
  [
    "/api/UserInterests/GetInterests",
    { anonymous: 401, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok },
  ],
  [
    "/api/Advisors/GetLikedDeals",
    { anonymous: 401, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok },
  ],
  [
    "/api/Advisors/GetDeals?isConfidential=true",
    { anonymous: 401, buyer: 403, privateBuyer: ok, claim: 403, admin: ok, management: ok },
  ],
  [
    "/api/Admin/GetAdminDealDetails?listingId=1001",
    { anonymous: 401, buyer: 403, privateBuyer: 403, claim: 403, admin: ok, management: ok },
  ],
  [
    "/api/Advisors/GetDeals",
    { anonymous: ok, buyer: ok, privateBuyer: ok, claim: ok, admin: ok, management: ok },
  ],
];

// Pages need the web build (`npm test` builds before the unit tests).
requireFreshWebBuild();

/**
 * An admin (not in management) viewing the site as the buyer, or as a manager who is not an admin
 * (issue 20): each reaches exactly what a buyer does, no staff page or route.
 */
const viewers = ["viewingAsBuyer", "viewingAsManagement"] as const;
const VIEWED_MANAGER = "viewed.manager@example.test";

describe("role × route access matrix (spec §6)", () => {
  let core: Core;
  let app: FastifyInstance;
  const cookies = new Map<Role | (typeof viewers)[number], string>();

  beforeAll(async () => {
    core = await testEngines()[0].create({
      MANAGEMENT_EMAILS: `mgmt1@anticline.test,mgmt2@anticline.test,${VIEWED_MANAGER}`,
    });
    app = await buildApp({ core });
    await insertUser(core, {
      email: "claim@anticline.test",
      firstName: "Clara",
      middle: null,
      lastName: "Claimant",
      verified: true,
      isAdmin: false,
      hasClaimAD: true,
      officialCompanyName: null,
      passwordHash: await hashPassword("Claim123!"),
    });
    const accounts: Array<[Role, string, string]> = [
      ["buyer", "buyer@anticline.test", "Buyer123!"],
      ["privateBuyer", "private.buyer@anticline.test", "Buyer123!"],
      ["claim", "claim@anticline.test", "Claim123!"],
      ["admin", "admin@anticline.test", "Admin123!"],
      ["management", "mgmt1@anticline.test", "Mgmt123!"],
    ];
    for (const [role, email, password] of accounts) {
      const result = await core.logins.login(email, password, false);
      if (result.status !== "ok") throw new Error(`${email}: ${result.status}`);
      cookies.set(role, `aea_session=${result.token}`);
    }
    // Management cannot be viewed as: the view starts before the manager's address is proved.
    const manager = await insertUser(core, {
      email: VIEWED_MANAGER,
      firstName: "Viewed",
      middle: null,
      lastName: "Manager",
      verified: false,
      isAdmin: false,
      hasClaimAD: false,
      officialCompanyName: null,
      passwordHash: await hashPassword("Mgmt123!"),
    });
    const admin = await core.logins.login("admin@anticline.test", "Admin123!", false);
    const buyer = await core.accounts.findUserByEmail("buyer@anticline.test");
    if (admin.status !== "ok" || !buyer) throw new Error("no demo admin or buyer");
    for (const [viewer, userId] of [
      ["viewingAsBuyer", buyer.id],
      ["viewingAsManagement", manager.id],
    ] as const) {
      const token = await core.impersonation.start({ user: admin.user }, userId, admin.token);
      cookies.set(viewer, `aea_session=${token}; aea_staff_session=${admin.token}`);
    }
    await markTestAccountVerified(core, manager.id);
  });
  afterAll(async () => {
    await app.close();
    await core.close();
  });

  const request = (path: string, role: Role | (typeof viewers)[number]) => {
    const cookie = cookies.get(role);
    return app.inject({ url: path, headers: cookie ? { cookie } : {} });
  };

  for (const [path, expected] of [...pages, ...api]) {
    it.each(roles)(`${path} as %s`, async (role) => {
      expectAnswer(await request(path, role), expected[role]);
    });
    it.each(viewers)(`${path} while %s gets what a buyer gets`, async (viewer) => {
      expectAnswer(await request(path, viewer), expected.buyer);
    });
  }
});

function expectAnswer(response: { statusCode: number; headers: Record<string, unknown> }, want: Expectation) {
  if (typeof want === "number") {
    expect(response.statusCode).toBe(want);
  } else {
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(want);
  }
}
