import { type Core, SESSION_COOKIE } from "@aea/core";
import { grantTestPrivateDeals, insertTestAccount, testEngines } from "@aea/core/testing";
import { isSold, type Listing, refusalAnswer, type SessionUser } from "@aea/domain";
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
 * Issue 13's matrix: every data-room page, API route and file URL for each kind of viewer. A viewer
 * who may not be in a room gets no 2xx from anything of it, and a refused request changes nothing.
 *
 * The viewers: anonymous; a buyer with no grant; a buyer let into the room who has not signed its
 * confidentiality agreement; a buyer who signed; a buyer granted the private deal (but not its data
 * room); an admin. The rooms: a public deal's and a private deal's, both asking for an access code.
 */
const viewers = ["anonymous", "buyer", "granted", "signed", "privateBuyer", "admin"] as const;
type Viewer = (typeof viewers)[number];

const origin = "http://localhost:3000";
const PASSWORD = "Matrix2030";

interface Room {
  listing: Listing;
  fileId: number;
  folderId: number;
}

interface MatrixRequest {
  name: string;
  method: "GET" | "HEAD" | "POST";
  url: (rooms: { open: Room; hidden: Room }, ids: Map<Viewer, number>) => string;
  /** The file route as registered, for the files' URLs (pages and API calls are found by their URL). */
  route?: string;
  json?: (rooms: { open: Room; hidden: Room }) => Record<string, unknown>;
  form?: Record<string, string>;
  /**
   * Who gets a 2xx; everyone else must not. Whom the route's declared audience refuses gets its spec
   * §6 answer (a staff page's 404, an API call's 401); the rest is the room's own decision.
   */
  allowed: ReadonlySet<Viewer>;
  /** The answer everyone not allowed gets, where it must be exactly that (the room's 404). */
  refusal?: number;
}

const only = (...who: Viewer[]) => new Set<Viewer>(who);
/** The role of spec §6 each viewer has: the buyers differ only in what their room let them do. */
const roleOf: Record<Viewer, Role> = {
  anonymous: "anonymous",
  buyer: "buyer",
  granted: "buyer",
  signed: "buyer",
  privateBuyer: "privateBuyer",
  admin: "admin",
};

const requests: MatrixRequest[] = [
  // Pages of the public deal's room (a buyer without the way in is sent along it, never shown it).
  {
    name: "data room",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room`,
    allowed: only("signed", "admin"),
  },
  {
    name: "a folder of the data room",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room?folder=${open.folderId}`,
    allowed: only("signed", "admin"),
  },
  {
    name: "agreement",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/agreement`,
    allowed: only("granted", "signed"),
  },
  {
    name: "own signed agreement",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/agreement.pdf`,
    allowed: only("signed"),
    refusal: 404,
  },
  {
    name: "a buyer's signed agreement",
    method: "GET",
    url: ({ open }, ids) =>
      `/deals/${open.listing.ListingId}/data-room/agreement.pdf?userId=${ids.get("signed")}`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "activity",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity`,
    allowed: only("admin"),
  },
  {
    name: "activity: the hot-lead threshold",
    method: "POST",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity`,
    form: { intent: "threshold", threshold: "70" },
    allowed: only("admin"),
  },
  {
    name: "activity: recount the engagement scores",
    method: "POST",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity`,
    form: { intent: "recount" },
    allowed: only("admin"),
  },
  {
    name: "private activity: recount the engagement scores",
    method: "POST",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/activity`,
    form: { intent: "recount" },
    allowed: only("admin"),
  },
  {
    name: "activity CSV",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/activity.csv`,
    allowed: only("admin"),
  },
  {
    name: "buyer access",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/access`,
    allowed: only("admin"),
  },
  {
    name: "questions and answers",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/questions`,
    allowed: only("signed", "admin"),
  },
  {
    name: "private room's questions and answers",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/questions`,
    allowed: only("admin"),
  },
  // Files of the public deal's room: the same 404 as a missing file for anyone not in the room.
  {
    name: "file download",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "file preview",
    route: "/deals/:listingId/data-room/files/:fileId/preview",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}/preview`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  // HEAD answers headers only (nothing stamped or recorded), behind the same room check.
  {
    name: "file download",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "HEAD",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "file preview",
    route: "/deals/:listingId/data-room/files/:fileId/preview",
    method: "HEAD",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/files/${open.fileId}/preview`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "folder zip",
    route: "/deals/:listingId/data-room/folders/:folderId/zip",
    method: "GET",
    url: ({ open }) => `/deals/${open.listing.ListingId}/data-room/folders/${open.folderId}/zip`,
    allowed: only("signed", "admin"),
    refusal: 404,
  },
  {
    name: "a file asked for under another listing's room",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "GET",
    url: ({ open, hidden }) => `/deals/${hidden.listing.ListingId}/data-room/files/${open.fileId}`,
    allowed: only(),
    refusal: 404,
  },
  // The private deal's room: the private buyer sees the deal but was not let into its room.
  {
    name: "private data room",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room`,
    allowed: only("admin"),
  },
  {
    name: "private file download",
    route: "/deals/:listingId/data-room/files/:fileId",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/files/${hidden.fileId}`,
    allowed: only("admin"),
    refusal: 404,
  },
  {
    name: "private file preview",
    route: "/deals/:listingId/data-room/files/:fileId/preview",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/files/${hidden.fileId}/preview`,
    allowed: only("admin"),
    refusal: 404,
  },
  {
    name: "private activity",
    method: "GET",
    url: ({ hidden }) => `/deals/${hidden.listing.ListingId}/data-room/activity`,
    allowed: only("admin"),
  },
  // API calls.
  {
    name: "InsertFileNotes",
    method: "POST",
    url: () => "/api/FolderManager/InsertFileNotes",
    json: ({ open }) => ({ fileId: open.fileId, note: "Matrix note" }),
    allowed: only("signed", "admin"),
  },
  {
    name: "InsertFileNotes on a private room's file",
    method: "POST",
    url: () => "/api/FolderManager/InsertFileNotes",
    json: ({ hidden }) => ({ fileId: hidden.fileId, note: "Matrix note" }),
    allowed: only("admin"),
  },
  {
    name: "PagesViewed",
    method: "POST",
    url: () => "/api/FolderManager/PagesViewed",
    json: ({ open }) => ({ listingId: open.listing.ListingId, fileId: open.fileId, pages: 3 }),
    allowed: only("signed", "admin"),
  },
  {
    name: "PagesViewed in the private room",
    method: "POST",
    url: () => "/api/FolderManager/PagesViewed",
    json: ({ hidden }) => ({ listingId: hidden.listing.ListingId, fileId: hidden.fileId, pages: 3 }),
    allowed: only("admin"),
  },
  {
    name: "Q&A: the room's FAQ and own questions",
    method: "GET",
    url: ({ open }) => `/api/data-room-questions/Room?listingId=${open.listing.ListingId}`,
    allowed: only("signed", "admin"),
  },
  {
    name: "Q&A: ask",
    method: "POST",
    url: () => "/api/data-room-questions/Ask",
    json: ({ open }) => ({ listingId: open.listing.ListingId, text: "Matrix question?", category: "other" }),
    allowed: only("signed"),
  },
  {
    name: "Q&A: ask in the private room",
    method: "POST",
    url: () => "/api/data-room-questions/Ask",
    json: ({ hidden }) => ({
      listingId: hidden.listing.ListingId,
      text: "Matrix question?",
      category: "other",
    }),
    allowed: only(),
  },
  {
    name: "Q&A: the staff queue",
    method: "GET",
    url: ({ open }) => `/api/data-room-questions/Queue?listingId=${open.listing.ListingId}`,
    allowed: only("admin"),
  },
  {
    name: "Q&A: limits",
    method: "POST",
    url: () => "/api/data-room-questions/Limits",
    json: ({ open }) => ({ listingId: open.listing.ListingId, maxPerBuyer: 100 }),
    allowed: only("admin"),
  },
  {
    name: "CreateFolder",
    method: "POST",
    url: () => "/api/FolderManager/CreateFolder",
    json: ({ open }) => ({ listingId: open.listing.ListingId, parentId: 0, name: `Matrix ${Math.random()}` }),
    allowed: only("admin"),
  },
  {
    name: "Delete a folder",
    method: "POST",
    url: () => "/api/FolderManager/Delete",
    json: ({ open }) => ({ listingId: open.listing.ListingId, kind: "folder", id: open.folderId }),
    // Last in the table, and the admin last of the viewers: nothing after it needs the folder.
    allowed: only("admin"),
  },
];

describe.each(testEngines())("data-room access matrix on $name", (engine) => {
  let core: Core;
  let app: FastifyInstance;
  let rooms: { open: Room; hidden: Room };
  const cookies = new Map<Viewer, string>();
  const ids = new Map<Viewer, number>();
  const routes = routeRecorder();
  let pageRoutes: PageRoutes;

  /** The spec §6 answer the route's declared audience gives the viewer, or undefined when it admits them. */
  const declaredRefusal = (request: MatrixRequest, url: string, viewer: Viewer) => {
    const user = roleUser(roleOf[viewer]);
    const api = request.route ?? (url.startsWith("/api/") ? url.split("?")[0] : undefined);
    const audience = api ? routes.audienceOf(api) : pageRoutes.policyFor(url).access;
    if (!audience) throw new Error(`${url} declares no audience`);
    return api ? refusalAnswer(audience, user, "api") : refusalAnswer(audience, user, { page: url });
  };

  const request = sameSiteRequests(() => app, origin, "10.13");
  const send = (matrixRequest: MatrixRequest, viewer: Viewer) =>
    request({
      method: matrixRequest.method,
      url: matrixRequest.url(rooms, ids),
      cookie: cookies.get(viewer),
      json: matrixRequest.json?.(rooms),
      form: matrixRequest.form,
    });

  async function roomOf(staff: SessionUser, listing: Listing): Promise<Room> {
    const top = await core.dataRoomView.room(staff, listing.ListingId, 0, null);
    const folderId = top.view.folders[0]?.id;
    if (!folderId) throw new Error(`the demo room of ${listing.ListingId} has no folder`);
    const { view } = await core.dataRoomView.room(staff, listing.ListingId, folderId, null);
    const fileId = view.files[0]?.id;
    if (!fileId) throw new Error(`the demo room of ${listing.ListingId} has no files in its first folder`);
    return { listing, fileId, folderId };
  }

  beforeAll(async () => {
    requireFreshWebBuild();
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
    app = await buildApp({ core, onRoute: routes.onRoute });
    pageRoutes = new PageRoutes((await webBuild()).routes);
    const open = (await core.listings.publicListings()).find(
      (l) => l.hasVDR && l.requiresDueDiligenceAccess && !isSold(l),
    );
    const hidden = (await core.listings.privateListings()).find(
      (l) => l.hasVDR && l.requiresDueDiligenceAccess && !isSold(l),
    );
    if (!open || !hidden) throw new Error("the demo book lacks a public and a private data room");

    const account = async (viewer: Exclude<Viewer, "anonymous">) =>
      insertTestAccount(core, {
        password: PASSWORD,
        firstName: "Matrix",
        lastName: viewer,
        isAdmin: viewer === "admin",
      });
    const users = new Map<Viewer, Awaited<ReturnType<typeof account>>>();
    for (const viewer of viewers) if (viewer !== "anonymous") users.set(viewer, await account(viewer));
    const admin = users.get("admin");
    if (!admin) throw new Error("no admin");
    const staff = core.sessions.sessionUser(admin);
    const actor = { userId: admin.id, ipAddress: null };
    rooms = { open: await roomOf(staff, open), hidden: await roomOf(staff, hidden) };

    for (const viewer of ["granted", "signed"] as const) {
      const user = users.get(viewer);
      if (user) await core.dataRoomAccess.grantDataRoom(actor, user.id, open.ListingId, "staff");
    }
    const signer = users.get("signed");
    if (signer)
      await core.agreements.sign(
        core.sessions.sessionUser(signer),
        open.ListingId,
        { fullName: "Matrix Signed", company: "Matrix Oil LLC", consent: "on" },
        { ipAddress: "203.0.113.13", userAgent: "Matrix" },
      );
    const privateBuyer = users.get("privateBuyer");
    if (privateBuyer) await grantTestPrivateDeals(core, privateBuyer.id, [hidden.ListingId]);

    for (const [viewer, user] of users) {
      const login = await core.logins.login(user.email, PASSWORD, false);
      if (login.status !== "ok") throw new Error(`${viewer}: ${login.status}`);
      cookies.set(viewer, `${SESSION_COOKIE}=${login.token}`);
      ids.set(viewer, user.id);
    }
  });
  afterAll(async () => {
    await app?.close();
    await core?.close();
  });

  for (const request of requests) {
    for (const viewer of viewers) {
      it(`${request.method} ${request.name} as ${viewer}`, async () => {
        const refused = declaredRefusal(request, request.url(rooms, ids), viewer);
        const allowed = !refused && request.allowed.has(viewer);
        const before = allowed ? undefined : await databaseState(core);
        const reply = await send(request, viewer);
        if (allowed) {
          expect(reply.statusCode, reply.body.slice(0, 300)).toBeGreaterThanOrEqual(200);
          expect(reply.statusCode, reply.body.slice(0, 300)).toBeLessThan(300);
          return;
        }
        expect(reply.statusCode, reply.body.slice(0, 300)).not.toBeLessThan(300);
        if (refused?.status === 302) expect(reply.headers.location).toBe(refused.location);
        const status = refused?.status ?? request.refusal;
        if (status) expect(reply.statusCode).toBe(status);
        // A refused request may be recorded (a failed code is), but changes nothing a buyer could use.
        expect(await databaseState(core)).toEqual(before);
      });
    }
  }

  it("sends each viewer without the way in along it, never into the room", async () => {
    const id = rooms.open.listing.ListingId;
    const room = requests[0] as MatrixRequest;
    const where = async (viewer: Viewer) => (await send(room, viewer)).headers.location;
    expect(await where("anonymous")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/deals/${id}/data-room`)}`,
    );
    expect(await where("buyer")).toBe(`/deals/${id}?dataRoom=access-code`);
    expect(await where("privateBuyer")).toBe(`/deals/${id}?dataRoom=access-code`);
    expect(await where("granted")).toBe(`/deals/${id}/data-room/agreement`);
  });
});
