import { SESSION_COOKIE } from "@aea/core";
import { insertTestAccount, testEngines } from "@aea/core/testing";
import {
  ACCESS_CODE_BRAKED,
  ACCESS_CODE_LOCKED,
  ACCESS_CODE_REQUIRED,
  DEAL_SOLD_NO_NEW_BUYERS,
  INCORRECT_CODE,
  isSold,
  type Listing,
  NO_DATA_ROOM,
} from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { changedTables, databaseState } from "../../testing/database-state.ts";
import { type Role, RoleSessions, roleSessionsEnv } from "../../testing/role-sessions.ts";
import { pageFormPost, serveTestApp } from "../../testing/test-app.ts";

const PREDICTABLE_WARNING = "anyone who knows the deal number";

describe.each(testEngines())("private deals and access codes through the server on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let sessions: RoleSessions;
  let origin: string;
  let address = 0;
  let openDeals: Listing[];
  let privateDataRoom: Listing;
  let next = 0;
  const freshDeal = () => openDeals[next++] as Listing;
  const codeOf = (deal: Listing) => served.core.accessCodes.accessCode(deal);

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
    origin = new URL(served.core.config.publicUrl).origin;
    openDeals = (await served.core.listings.publicListings()).filter((d) => d.hasVDR && !isSold(d));
    // Granted to the private buyer (every private listing but the last).
    privateDataRoom = (await served.core.listings.privateListings()).find(
      (d) => d.hasVDR && !isSold(d),
    ) as Listing;
  });

  const remoteAddress = () => `10.21.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const grant = (role: Role, body: unknown) => {
    const cookie = sessions.cookie(role);
    return served.app.inject({
      method: "POST",
      url: "/api/Advisors/GrantDueDiligenceAccess",
      payload: body as object,
      headers: { origin, ...(cookie ? { cookie } : {}) },
      remoteAddress: remoteAddress(),
    });
  };
  /** A throwaway verified buyer's session cookie, as an attacker signs up any number of them. */
  const throwawayBuyer = async () => {
    const { email } = await insertTestAccount(served.core, { password: "Buyer123!" });
    const login = await served.core.logins.login(email, "Buyer123!", false);
    if (login.status !== "ok") throw new Error(`login failed: ${login.status}`);
    return `${SESSION_COOKIE}=${login.token}`;
  };
  const grantAs = (cookie: string, body: { code: string; listingId: number }) =>
    served.app.inject({
      method: "POST",
      url: "/api/Advisors/GrantDueDiligenceAccess",
      payload: body,
      headers: { origin, cookie },
      remoteAddress: remoteAddress(),
    });
  const get = (role: Role, url: string) => {
    const cookie = sessions.cookie(role);
    return served.app.inject({
      method: "GET",
      url,
      headers: cookie ? { cookie } : {},
      remoteAddress: remoteAddress(),
    });
  };
  const postPage = (role: Role, url: string, fields: Record<string, string>) =>
    served.app.inject({
      ...pageFormPost(origin, url, fields, sessions.cookie(role)),
      remoteAddress: remoteAddress(),
    });

  describe("POST /api/Advisors/GrantDueDiligenceAccess", () => {
    it("refuses an empty, missing or huge code with a clear message and changes nothing", async () => {
      const deal = freshDeal();
      const before = await databaseState(served.core);
      for (const [body, message] of [
        [{ code: "  ", listingId: deal.ListingId }, ACCESS_CODE_REQUIRED],
        [{ listingId: deal.ListingId }, ACCESS_CODE_REQUIRED],
        [{ code: "D".repeat(100_000), listingId: deal.ListingId }, "too long"],
        [{ code: "DD-1", listingId: "first" }, "deal number"],
      ] as const) {
        const response = await grant("buyer", body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(message);
      }
      expect(changedTables(before, await databaseState(served.core))).toEqual([]);
    });

    it("answers 'Incorrect Code' to a wrong code and to another listing's code, granting nothing", async () => {
      const [deal, other] = [freshDeal(), freshDeal()] as [Listing, Listing];
      const before = await databaseState(served.core);
      for (const code of ["WRONG", await codeOf(other)]) {
        const response = await grant("buyer", { code, listingId: deal.ListingId });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: INCORRECT_CODE });
      }
      expect(changedTables(before, await databaseState(served.core))).toEqual([]);
    });

    it("refuses a sold, missing or data-room-less listing with a clear message", async () => {
      const deals = await served.core.listings.publicListings();
      const sold = deals.find((d) => d.hasVDR && isSold(d)) as Listing;
      const plain = deals.find((d) => !d.hasVDR) as Listing;
      const before = await databaseState(served.core);
      for (const [listingId, status, message] of [
        [sold.ListingId, 400, DEAL_SOLD_NO_NEW_BUYERS],
        [plain.ListingId, 400, NO_DATA_ROOM],
        [987_654, 404, "No such deal"],
      ] as const) {
        const response = await grant("buyer", { code: `DD-${listingId}`, listingId });
        expect(response.statusCode).toBe(status);
        expect(response.json().message).toBe(message);
      }
      expect(changedTables(before, await databaseState(served.core))).toEqual([]);
    });

    it("grants with the right code, and refuses further tries for 10 minutes after 10 wrong ones", async () => {
      const deal = freshDeal();
      const right = { code: await codeOf(deal), listingId: deal.ListingId };
      for (let i = 0; i < 10; i++)
        expect((await grant("claim", { ...right, code: `no-${i}` })).statusCode).toBe(400);
      const locked = await grant("claim", right);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(ACCESS_CODE_LOCKED);
      const other = freshDeal();
      const response = await grant("management", {
        code: ` ${(await codeOf(other)).toLowerCase()} `,
        listingId: other.ListingId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: "Access Granted" });
      expect(
        await served.core.dataRoomAccess.dataRoomListingIds(sessions.account("management").id),
      ).toContain(other.ListingId);
    });

    it("lets buyer B in with the right code after 20 parallel wrong codes from buyer A (issue 20)", async () => {
      const deal = freshDeal();
      const [a, b] = [await throwawayBuyer(), await throwawayBuyer()];
      const wrong = await Promise.all(
        Array.from({ length: 20 }, (_, i) => grantAs(a, { code: `WRONG-${i}`, listingId: deal.ListingId })),
      );
      const answers = wrong.map((r) => `${r.statusCode} ${r.json().code}`);
      expect(answers.filter((answer) => answer === "400 INCORRECT_CODE")).toHaveLength(10);
      expect(answers.filter((answer) => answer === "429 ACCESS_CODE_LOCKED")).toHaveLength(10);
      const right = await grantAs(b, { code: await codeOf(deal), listingId: deal.ListingId });
      expect([right.statusCode, right.json()]).toEqual([200, { message: "Access Granted" }]);
      // A itself stays locked, even with the right code.
      const locked = await grantAs(a, { code: await codeOf(deal), listingId: deal.ListingId });
      expect([locked.statusCode, locked.json().code]).toEqual([429, "ACCESS_CODE_LOCKED"]);
    });

    it("answers a second try on a listing past its brake with 429, and a fresh buyer's first try as usual", async () => {
      const deal = freshDeal();
      const guessers = await Promise.all(Array.from({ length: 10 }, throwawayBuyer));
      for (const [i, cookie] of guessers.entries())
        expect((await grantAs(cookie, { code: `guess-${i}`, listingId: deal.ListingId })).statusCode).toBe(
          400,
        );
      const again = await grantAs(guessers[0] as string, {
        code: await codeOf(deal),
        listingId: deal.ListingId,
      });
      expect([again.statusCode, again.json()]).toEqual([
        429,
        { message: ACCESS_CODE_BRAKED, code: "ACCESS_CODE_BRAKED" },
      ]);
      const fresh = await grantAs(await throwawayBuyer(), {
        code: await codeOf(deal),
        listingId: deal.ListingId,
      });
      expect(fresh.statusCode).toBe(200);
    });
  });

  describe("private deals per buyer", () => {
    it("lists only granted private deals, with hasDueDiligenceAccess for this viewer", async () => {
      const granted = await grant("privateBuyer", {
        code: await codeOf(privateDataRoom),
        listingId: privateDataRoom.ListingId,
      });
      expect(granted.statusCode).toBe(200);
      const all = await served.core.listings.privateListings();
      const mine = (
        await get("privateBuyer", "/api/Advisors/GetDeals?isConfidential=true")
      ).json() as Listing[];
      expect(mine.length).toBe(all.length - 1);
      expect(mine.filter((d) => d.hasDueDiligenceAccess).map((d) => d.ListingId)).toEqual([
        privateDataRoom.ListingId,
      ]);
      const staff = (await get("admin", "/api/Advisors/GetDeals?isConfidential=true")).json() as Listing[];
      expect(staff.length).toBe(all.length);
      expect(staff.some((d) => d.hasDueDiligenceAccess)).toBe(false);
      expect((await get("buyer", "/api/Advisors/GetDeals?isConfidential=true")).statusCode).toBe(403);
      const page = await get("privateBuyer", "/deals/private");
      expect(page.statusCode).toBe(200);
      const last = all.at(-1) as Listing;
      expect(page.body).not.toContain(`/deals/${last.ListingId}"`);
    });

    it("shows the private-deal extras to entitled viewers, never the passcode", async () => {
      const extras = await served.core.listings.privateDetails(privateDataRoom.ListingId);
      const page = await get("privateBuyer", `/deals/${privateDataRoom.ListingId}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Process timeline");
      expect(page.body).toContain(extras?.folder ?? "no folder");
      expect(page.body).not.toContain(extras?.passcode ?? "no passcode");
      expect(page.body).toContain("Enter data room");
      expect((await get("buyer", `/deals/${privateDataRoom.ListingId}`)).statusCode).toBe(404);
    });
  });

  describe("the deal page's data-room box", () => {
    it("asks anonymous visitors to log in, buyers for the code, and lets granted buyers in", async () => {
      const deal = freshDeal();
      const anonymous = await get("anonymous", `/deals/${deal.ListingId}`);
      expect(anonymous.body).toContain("Log in to enter");
      expect(anonymous.body).toContain(encodeURIComponent(`/deals/${deal.ListingId}?dataRoom=access-code`));
      expect((await get("buyer", `/deals/${deal.ListingId}`)).body).toContain("Enter Access Code");
      await grant("buyer", { code: await codeOf(deal), listingId: deal.ListingId });
      const buyerPage = (await get("buyer", `/deals/${deal.ListingId}`)).body;
      expect(buyerPage).toContain("Enter data room");
      expect(buyerPage).not.toContain("Manage buyer access");
      expect((await get("admin", `/deals/${deal.ListingId}`)).body).toContain("Manage buyer access");
    });
  });

  describe("/deals/{id}/data-room/access", () => {
    it("exists for staff only: everyone else gets the 404 of a missing listing", async () => {
      const deal = privateDataRoom;
      const path = `/deals/${deal.ListingId}/data-room/access`;
      for (const role of ["anonymous", "buyer", "privateBuyer", "claim"] as const)
        expect((await get(role, path)).statusCode, role).toBe(404);
      const staff = await get("admin", path);
      expect(staff.statusCode).toBe(200);
      for (const section of ["Private deal access", "Data-room access", "Access code", "Access requests"])
        expect(staff.body).toContain(section);
      expect(staff.body).toContain(await codeOf(deal));
      expect(staff.body).not.toContain(PREDICTABLE_WARNING);
      expect(staff.body).toContain(sessions.account("privateBuyer").email);
      expect((await get("admin", "/deals/987654/data-room/access")).statusCode).toBe(404);
    });

    it("warns staff of the demo's predictable code and draws a new random one on request", async () => {
      const deal = freshDeal();
      const path = `/deals/${deal.ListingId}/data-room/access`;
      const admin = { userId: sessions.account("admin").id, ipAddress: "203.0.113.5" };
      await served.core.accessCodes.changeAccessCode(admin, deal.ListingId, `DD-${deal.ListingId}`);
      expect((await get("admin", path)).body).toContain(PREDICTABLE_WARNING);
      expect((await postPage("buyer", path, { intent: "new-random-code" })).statusCode).toBe(404);
      expect(await codeOf(deal)).toBe(`DD-${deal.ListingId}`);
      const drawn = await postPage("admin", path, { intent: "new-random-code" });
      expect(drawn.statusCode).toBe(200);
      expect(drawn.body).toContain("A new random access code was drawn");
      const code = await codeOf(deal);
      expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{10}$/);
      const page = (await get("admin", path)).body;
      expect(page).toContain(code);
      expect(page).not.toContain(PREDICTABLE_WARNING);
    });

    it("lets staff approve a buyer's request: the buyer is let in via request", async () => {
      const deal = freshDeal();
      const cookie = sessions.cookie("buyer") as string;
      const requested = await served.app.inject({
        method: "POST",
        url: "/api/Advisors/RequestDueDiligenceAccess",
        payload: { listingId: deal.ListingId, message: "Bidding for a client" },
        headers: { origin, cookie },
        remoteAddress: remoteAddress(),
      });
      expect(requested.statusCode).toBe(200);
      expect((await get("buyer", `/deals/${deal.ListingId}`)).body).toContain(
        "Your request for access is with our team",
      );
      const [request] = await served.core.accessCodes.pendingRequests(deal.ListingId);
      const path = `/deals/${deal.ListingId}/data-room/access`;
      expect((await get("admin", path)).body).toContain("Bidding for a client");
      const refused = await postPage("buyer", path, {
        intent: "answer-request",
        requestId: String(request?.id),
        answer: "approved",
      });
      expect(refused.statusCode).toBe(404);
      const answered = await postPage("admin", path, {
        intent: "answer-request",
        requestId: String(request?.id),
        answer: "approved",
      });
      expect(answered.statusCode).toBe(200);
      expect(await served.core.dataRoomAccess.dataRoomGrants(deal.ListingId)).toEqual([
        expect.objectContaining({ userId: sessions.account("buyer").id, via: "request" }),
      ]);
    });

    it("checks staff input: an unknown email or a bad code changes nothing", async () => {
      const deal = freshDeal();
      const path = `/deals/${deal.ListingId}/data-room/access`;
      const before = await databaseState(served.core);
      const unknown = await postPage("admin", path, {
        intent: "grant-data-room",
        email: "nobody@example.test",
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toContain("No account has that email address.");
      expect((await postPage("admin", path, { intent: "change-code", accessCode: "a b" })).statusCode).toBe(
        400,
      );
      expect((await postPage("admin", path, { intent: "revoke-data-room", userId: "x" })).statusCode).toBe(
        400,
      );
      expect(changedTables(before, await databaseState(served.core))).toEqual([]);
    });
  });
});
