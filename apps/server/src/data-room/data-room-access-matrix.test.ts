import { type Core, SESSION_COOKIE } from "@aea/core";
import { grantTestPrivateDeals, insertTestAccount, testEngines } from "@aea/core/testing";
import { isSold, type Listing, refusalAnswer, type SessionUser } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { PageRoutes } from "../http/page-routes.ts";
import { databaseState } from "../testing/database-state.ts";
import { roleUser } from "../testing/role-sessions.ts";
import { routeRecorder } from "../testing/route-table.ts";
import { sameSiteRequests } from "../testing/same-site-requests.ts";
import { requireFreshWebBuild, webBuild } from "../testing/web-build.ts";
import {
  type MatrixRequest,
  type Room,
  requests,
  roleOf,
  type Viewer,
  viewers,
} from "./data-room-matrix-requests.ts";

/**
 * Issue 13's matrix: every data-room page, API route and file URL for each kind of viewer. A viewer
 * who may not be in a room gets no 2xx from anything of it, and a refused request changes nothing.
 *
 * The viewers: anonymous; a buyer with no grant; a buyer let into the room who has not signed its
 * confidentiality agreement; a buyer who signed; a buyer granted the private deal (but not its data
 * room); an admin. The rooms: a public deal's and a private deal's, both asking for an access code.
 */
const origin = "http://localhost:3000";
const PASSWORD = "Matrix2030";

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

    // The rooms' documents are read for search by the job the start-up left.
    while ((await core.jobs.runDue()) > 0) {}

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

  it("finds for each viewer only files that viewer may open", async () => {
    for (const viewer of viewers) {
      for (const room of [rooms.open, rooms.hidden]) {
        const id = room.listing.ListingId;
        const reply = await request({
          method: "GET",
          url: `/api/FolderManager/SearchDocuments?listingId=${id}&q=lease`,
          cookie: cookies.get(viewer),
        });
        if (reply.statusCode !== 200) continue;
        const files: { fileId: number }[] = reply.json().files;
        expect(files.length, `${viewer} in ${id}`).toBeGreaterThan(0);
        for (const { fileId } of files) {
          const opened = await request({
            method: "HEAD",
            url: `/deals/${id}/data-room/files/${fileId}`,
            cookie: cookies.get(viewer),
          });
          expect(opened.statusCode, `${viewer} opening file ${fileId} found in ${id}`).toBe(200);
        }
      }
    }
  });

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
