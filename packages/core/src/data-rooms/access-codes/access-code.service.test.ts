import {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_BRAKED,
  ACCESS_CODE_LOCKED,
  DEAL_SOLD_NO_NEW_BUYERS,
  INCORRECT_CODE,
  isSold,
  type Listing,
  NO_DATA_ROOM,
  type SessionUser,
} from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ActivityReader } from "../../audit/activity-reader.ts";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { insertTestAccount } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";

const MINUTE = 60_000;
const STAFF_INBOX = "deals@aea.test";

describe.each(testEngines())("access codes and requests on $name", (engine) => {
  let core: Core;
  const clock = new ManualClock();
  let openDeals: Listing[];
  let soldDeal: Listing;
  let withoutDataRoom: Listing;
  let staff: SessionUser;
  let next = 0;

  beforeAll(async () => {
    core = await engine.create({ PUBLIC_URL: "http://aea.test", SUPPORT_EMAIL: STAFF_INBOX }, { clock });
    const deals = await core.listings.publicListings();
    openDeals = deals.filter((d) => d.hasVDR && !isSold(d));
    soldDeal = deals.find((d) => d.hasVDR && isSold(d)) as Listing;
    withoutDataRoom = deals.find((d) => !d.hasVDR) as Listing;
    expect(openDeals.length).toBeGreaterThan(12);
    expect(soldDeal && withoutDataRoom).toBeTruthy();
    staff = await buyer({ isAdmin: true });
  });
  afterAll(async () => {
    await core?.close();
  });

  async function buyer(fields: { isAdmin?: boolean } = {}): Promise<SessionUser> {
    return core.sessions.sessionUser(await insertTestAccount(core, { password: "Buyer123!", ...fields }));
  }
  /** A listing no other test has counted wrong codes against. */
  const freshDeal = () => openDeals[next++] as Listing;
  const actor = (user: SessionUser) => ({ userId: user.id, ipAddress: "203.0.113.9" });
  const tryCode = (user: SessionUser, listingId: number, code: string) =>
    core.accessCodes.grantByCode(user, actor(user), listingId, code);
  const events = (listingId: number) => new ActivityReader(testDatabase(core).db).dataRoomEvents(listingId);
  const granted = async (user: SessionUser, listingId: number) =>
    (await core.dataRoomAccess.dataRoomListingIds(user.id)).includes(listingId);
  const mailsTo = async (email: string) => (await core.outbox.messages(1000)).filter((m) => m.to === email);
  const codeOf = (deal: Listing) => core.accessCodes.accessCode(deal);
  /** What each of these attempts answered: 200, or the refusal's status. */
  const outcomes = async (attempts: Array<Promise<void>>) =>
    (await Promise.allSettled(attempts)).map((r) =>
      r.status === "rejected" ? (r.reason as { status: number }).status : 200,
    );
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it("gives a listing a random code and lets a buyer in with it (any case, spaces anywhere), once", async () => {
    const deal = freshDeal();
    const user = await buyer();
    const code = await codeOf(deal);
    expect(code).toMatch(new RegExp(`^[${ACCESS_CODE_ALPHABET}]{10}$`));
    expect(await codeOf(deal)).toBe(code);
    expect(await core.dataRoomAccess.step(user, deal)).toBe("access-code");
    await expect(tryCode(user, deal.ListingId, `DD-${deal.ListingId}`)).rejects.toMatchObject({
      status: 400,
    });
    await tryCode(user, deal.ListingId, `  ${code.slice(0, 5).toLowerCase()} ${code.slice(5)} `);
    await tryCode(user, deal.ListingId, code);
    expect(await granted(user, deal.ListingId)).toBe(true);
    const grants = await core.dataRoomAccess.dataRoomGrants(deal.ListingId);
    expect(grants).toEqual([expect.objectContaining({ userId: user.id, via: "code", grantedBy: null })]);
    expect((await events(deal.ListingId)).map((e) => e.event)).toEqual([
      "access-granted",
      "access-code-failed",
    ]);
  });

  it("draws different codes for different listings", async () => {
    const codes = await Promise.all(openDeals.slice(-6).map(codeOf));
    expect(new Set(codes).size).toBe(6);
  });

  it("answers Incorrect Code to a wrong code and to another listing's code, records the failure and grants nothing", async () => {
    const [deal, other] = [freshDeal(), freshDeal()] as [Listing, Listing];
    const user = await buyer();
    for (const code of ["nope", await codeOf(other)])
      await expect(tryCode(user, deal.ListingId, code)).rejects.toMatchObject({
        status: 400,
        message: INCORRECT_CODE,
      });
    expect(await granted(user, deal.ListingId)).toBe(false);
    const recorded = await events(deal.ListingId);
    expect(recorded.map((e) => [e.event, e.userId, e.ipAddress])).toEqual([
      ["access-code-failed", user.id, "203.0.113.9"],
      ["access-code-failed", user.id, "203.0.113.9"],
    ]);
  });

  it("refuses a missing, sold or data-room-less listing and a private one not granted, changing nothing", async () => {
    const user = await buyer();
    const [privateDeal] = await core.listings.privateListings();
    const cases: Array<[number, number, string]> = [
      [999_999, 404, "No such deal"],
      [soldDeal.ListingId, 400, DEAL_SOLD_NO_NEW_BUYERS],
      [withoutDataRoom.ListingId, 400, NO_DATA_ROOM],
      [privateDeal?.ListingId ?? 0, 404, "No such deal"],
    ];
    for (const [listingId, status, message] of cases) {
      await expect(tryCode(user, listingId, `DD-${listingId}`)).rejects.toMatchObject({ status, message });
      expect(await granted(user, listingId)).toBe(false);
      expect(await events(listingId)).toEqual([]);
    }
  });

  it("locks an account after 10 wrong codes for 10 minutes, even for the right code", async () => {
    const user = await buyer();
    const deals = Array.from({ length: 10 }, freshDeal);
    // Spread over listings: the account's own count locks it.
    for (const deal of deals)
      await expect(tryCode(user, deal.ListingId, "WRONG")).rejects.toMatchObject({ status: 400 });
    const target = deals[0] as Listing;
    const right = await codeOf(target);
    await expect(tryCode(user, target.ListingId, right)).rejects.toMatchObject({
      status: 429,
      message: ACCESS_CODE_LOCKED,
    });
    clock.advance(9 * MINUTE);
    await expect(tryCode(user, target.ListingId, right)).rejects.toMatchObject({ status: 429 });
    clock.advance(MINUTE);
    await tryCode(user, target.ListingId, right);
    expect(await granted(user, target.ListingId)).toBe(true);
  });

  it("lets another buyer in with the right code after 20 parallel wrong codes from one account (issue 20)", async () => {
    const deal = freshDeal();
    const [attacker, honest] = [await buyer(), await buyer()];
    const statuses = await outcomes(
      Array.from({ length: 20 }, (_, i) => tryCode(attacker, deal.ListingId, `WRONG-${i}`)),
    );
    expect([count(statuses, 400), count(statuses, 429)]).toEqual([10, 10]);
    await expect(tryCode(attacker, deal.ListingId, await codeOf(deal))).rejects.toMatchObject({
      status: 429,
      message: ACCESS_CODE_LOCKED,
    });
    await tryCode(honest, deal.ListingId, await codeOf(deal));
    expect(await granted(honest, deal.ListingId)).toBe(true);
    expect(await granted(attacker, deal.ListingId)).toBe(false);
  });

  it("brakes a listing many accounts guess at: one try per account, and buyers who have not failed get in", async () => {
    const deal = freshDeal();
    const right = await codeOf(deal);
    const guessers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
    for (const [i, guesser] of guessers.entries())
      await expect(tryCode(guesser, deal.ListingId, `guess-${i}`)).rejects.toMatchObject({ status: 400 });
    // Past the brake: an account that failed here is not compared again, not even with the right code…
    const [first] = guessers as [SessionUser];
    await expect(tryCode(first, deal.ListingId, right)).rejects.toMatchObject({
      status: 429,
      message: ACCESS_CODE_BRAKED,
    });
    // …while a buyer's first try is: a wrong one is still just wrong, the right one lets them in.
    await expect(tryCode(await buyer(), deal.ListingId, "mistyped")).rejects.toMatchObject({ status: 400 });
    const honest = await buyer();
    await tryCode(honest, deal.ListingId, right);
    expect(await granted(honest, deal.ListingId)).toBe(true);

    // N fresh accounts firing 5 guesses each at once get N compared guesses between them.
    const accounts = await Promise.all(Array.from({ length: 6 }, () => buyer()));
    const statuses = await outcomes(
      accounts.flatMap((account) =>
        Array.from({ length: 5 }, (_, i) => tryCode(account, deal.ListingId, `burst-${account.id}-${i}`)),
      ),
    );
    expect([count(statuses, 400), count(statuses, 429)]).toEqual([6, 24]);
    const failures = (await events(deal.ListingId)).filter((e) => e.event === "access-code-failed");
    expect(failures).toHaveLength(10 + 1 + 6);

    // The brake lasts the listing's 10 minutes; then the account that failed gets in.
    clock.advance(10 * MINUTE);
    await tryCode(first, deal.ListingId, right);
    expect(await granted(first, deal.ListingId)).toBe(true);
  });

  it("forgets failures older than 10 minutes, and a right code does not count as one", async () => {
    const deal = freshDeal();
    const user = await buyer();
    for (let i = 0; i < 9; i++) await expect(tryCode(user, deal.ListingId, "x1")).rejects.toThrow();
    clock.advance(10 * MINUTE);
    for (let i = 0; i < 9; i++) await expect(tryCode(user, deal.ListingId, "x2")).rejects.toThrow();
    const other = freshDeal();
    await tryCode(user, other.ListingId, await codeOf(other));
    await expect(tryCode(user, deal.ListingId, "x3")).rejects.toMatchObject({ status: 400 });
    await expect(tryCode(user, deal.ListingId, "x4")).rejects.toMatchObject({ status: 429 });
  });

  it("lets 50 parallel wrong guesses record at most 10 failures before the lock", async () => {
    const deal = freshDeal();
    const user = await buyer();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => tryCode(user, deal.ListingId, `parallel-${i}`)),
    );
    const statuses = results.map((r) =>
      r.status === "rejected" ? (r.reason as { status: number }).status : 200,
    );
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
    const failures = (await events(deal.ListingId)).filter((e) => e.event === "access-code-failed");
    expect(failures.length).toBeLessThanOrEqual(10);
    expect(failures.length).toBe(statuses.filter((s) => s === 400).length);
  });

  it("takes a new code from staff, read in any case, audited; the old one stops working", async () => {
    const deal = freshDeal();
    const old = await codeOf(deal);
    await core.accessCodes.changeAccessCode(actor(staff), deal.ListingId, "Permian-2031");
    expect(await codeOf(deal)).toBe("PERMIAN-2031");
    const user = await buyer();
    await expect(tryCode(user, deal.ListingId, old)).rejects.toMatchObject({ status: 400 });
    await tryCode(user, deal.ListingId, " permian-2031");
    expect((await events(deal.ListingId)).map((e) => e.event)).toContain("access-code-changed");
    await expect(
      core.accessCodes.changeAccessCode(actor(staff), withoutDataRoom.ListingId, "ABCD-1234"),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("draws a new random code for staff, audited; the old one stops working", async () => {
    const deal = freshDeal();
    const old = await codeOf(deal);
    const drawn = await core.accessCodes.drawNewAccessCode(actor(staff), deal.ListingId);
    expect(drawn).toMatch(new RegExp(`^[${ACCESS_CODE_ALPHABET}]{10}$`));
    expect(drawn).not.toBe(old);
    expect(await codeOf(deal)).toBe(drawn);
    const user = await buyer();
    await expect(tryCode(user, deal.ListingId, old)).rejects.toMatchObject({ status: 400 });
    await tryCode(user, deal.ListingId, drawn);
    expect((await events(deal.ListingId)).map((e) => [e.event, e.userId])).toContainEqual([
      "access-code-changed",
      staff.id,
    ]);
  });

  it("seeds exclusive-deal contacts for some demo listings", async () => {
    const contacts = await Promise.all(
      openDeals.slice(0, 15).map((d) => core.accessCodes.exclusiveContact(d)),
    );
    expect(contacts.some((c) => c !== null)).toBe(true);
    expect(contacts.find((c) => c !== null)).toMatchObject({
      name: expect.any(String),
      email: expect.any(String),
    });
    expect(await core.accessCodes.exclusiveContact(withoutDataRoom)).toBeNull();
  });

  it("carries a request to staff, and an approval lets the buyer in and mails the code", async () => {
    const deal = freshDeal();
    const user = await buyer();
    await core.accessCodes.requestAccess(user, actor(user), deal.ListingId, "We bid on the offset acreage.");
    await core.accessCodes.requestAccess(user, actor(user), deal.ListingId, "Twice");
    expect(await core.accessCodes.hasPendingRequest(user.id, deal.ListingId)).toBe(true);
    const staffMails = (await mailsTo(STAFF_INBOX)).filter((m) => m.subject.includes(`#${deal.ListingId}`));
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]?.text).toContain("We bid on the offset acreage.");
    expect(staffMails[0]?.text).toContain(`/deals/${deal.ListingId}/data-room/access`);

    const [pending] = await core.accessCodes.pendingRequests(deal.ListingId);
    expect(pending).toMatchObject({ userId: user.id, email: user.email, status: "pending" });
    await core.accessCodes.answerRequest(actor(staff), deal.ListingId, pending?.id ?? 0, "approved");
    await expect(
      core.accessCodes.answerRequest(actor(staff), deal.ListingId, pending?.id ?? 0, "declined"),
    ).rejects.toMatchObject({ status: 404 });
    expect(await core.dataRoomAccess.dataRoomGrants(deal.ListingId)).toEqual([
      expect.objectContaining({ userId: user.id, via: "request", grantedBy: staff.id }),
    ]);
    const [mail] = await mailsTo(user.email);
    expect(mail?.text).toContain(await codeOf(deal));
    expect((await events(deal.ListingId)).map((e) => e.event).sort()).toEqual([
      "access-granted",
      "access-request-answered",
      "access-requested",
    ]);
  });

  it("mails a polite note on a decline and grants nothing", async () => {
    const deal = freshDeal();
    const user = await buyer();
    await core.accessCodes.requestAccess(user, actor(user), deal.ListingId, undefined);
    const [pending] = await core.accessCodes.pendingRequests(deal.ListingId);
    await core.accessCodes.answerRequest(actor(staff), deal.ListingId, pending?.id ?? 0, "declined");
    expect(await granted(user, deal.ListingId)).toBe(false);
    expect(await core.accessCodes.hasPendingRequest(user.id, deal.ListingId)).toBe(false);
    const [mail] = await mailsTo(user.email);
    expect(mail?.text).toContain("not able to open its data room");
    expect(mail?.text).not.toContain(await codeOf(deal));
  });
});
