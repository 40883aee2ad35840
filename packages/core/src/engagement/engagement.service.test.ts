import {
  type DataRoomEventName,
  DEFAULT_HOT_LEAD_THRESHOLD,
  dealStatisticsEditSchema,
  ENGAGEMENT_DIGEST_SUBJECT,
  isSold,
  type Listing,
  type SessionUser,
} from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditTrail } from "../audit/audit-trail.ts";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

const MANAGERS = "boss@example.test,two@example.test,three@example.test";

describe.each(testEngines())("buyer engagement and hot leads on $name", (engine) => {
  let core: Core;
  let listing: Listing;
  let admin: SessionUser;
  let manager: SessionUser;
  let keen: SessionUser;
  let idle: SessionUser;
  let early: SessionUser;
  let maps: number;
  let land: number;
  const clock = new ManualClock(Date.parse("2031-05-15T12:05:00.000Z"));

  const record = (
    at: string,
    userId: number,
    event: DataRoomEventName,
    place: { file?: number; folder?: number; dataRoom?: number } = {},
    details: Record<string, unknown> = {},
    impersonator: number | null = null,
  ) =>
    new AuditTrail(testDatabase(core).db, { now: () => Date.parse(at) }).record({
      actor: userId,
      impersonator,
      action: event,
      subject: { dataRoom: listing.ListingId, ...place },
      details,
    });

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false", MANAGEMENT_EMAILS: MANAGERS }, { clock });
    // The demo rooms' documents are read by the job the start left, before these tests count jobs.
    while ((await core.jobs.runDue()) > 0) {}
    listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l)) as Listing;
    admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", isAdmin: true }),
    );
    manager = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", email: "boss@example.test" }),
    );
    keen = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", firstName: "Kee", lastName: "Buyer" }),
    );
    idle = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", firstName: "Idle", lastName: "Looker" }),
    );
    early = core.sessions.sessionUser(await insertTestAccount(core, { password: "Right2030" }));
    const folder = async (name: string, position: number) =>
      Number(
        (
          await testDatabase(core)
            .db.insertInto("data_room_folders")
            .values({
              ListingId: listing.ListingId,
              parentId: 0,
              name,
              position,
              createdAt: "2031-01-01",
              updatedAt: "2031-01-01",
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    maps = await folder("Well maps", 91);
    land = await folder("Lease files", 92);
    // Keen: a first visit of 20 minutes two weeks ago, a return this week with 3 files, 12 pages,
    // 2 downloads and a question.
    await record("2031-05-01T09:00:00.000Z", keen.id, "folder-opened", { folder: maps });
    await record("2031-05-01T09:20:00.000Z", keen.id, "file-previewed", { file: 1, folder: maps });
    await record("2031-05-13T10:00:00.000Z", keen.id, "file-previewed", { file: 2, folder: maps });
    await record(
      "2031-05-13T10:05:00.000Z",
      keen.id,
      "pages-viewed",
      { file: 2, folder: maps },
      { pages: 12 },
    );
    await record("2031-05-13T10:10:00.000Z", keen.id, "file-downloaded", { file: 2, folder: maps });
    await record("2031-05-13T10:15:00.000Z", keen.id, "file-downloaded", { file: 3, folder: land });
    await record("2031-05-13T10:30:00.000Z", keen.id, "question-asked");
    // Idle: one folder opened once; staff's own look and staff viewing as Idle count for nobody.
    await record("2031-05-14T08:00:00.000Z", idle.id, "folder-opened", { folder: land });
    await record("2031-05-14T08:01:00.000Z", admin.id, "file-downloaded", { file: 1, folder: maps });
    await record(
      "2031-05-14T08:02:00.000Z",
      idle.id,
      "file-downloaded",
      { file: 1, folder: maps },
      {},
      admin.id,
    );
  });
  afterAll(() => core.close());

  it("scores each buyer from their events, every part shown with its weight and points", async () => {
    expect(await core.engagement.recompute()).toEqual({ listings: 1, buyers: 2 });
    const board = await core.engagement.forListing(admin, listing.ListingId);
    expect(board.buyers.map((b) => b.email)).toEqual([keen.email, idle.email]);
    const [top] = board.buyers;
    const counts = Object.fromEntries(top?.parts.map((p) => [p.key, p.count]) ?? []);
    expect(counts).toEqual({
      documentsOpened: 3,
      pagesViewed: 12,
      minutesInRoom: 50,
      downloads: 2,
      questions: 1,
      bids: 0,
      returnVisits: 1,
    });
    // 3×3 + 12×0.2 + 50×0.5 + 2×4 + 1×5 + 1×6
    expect(top?.parts.find((p) => p.key === "pagesViewed")).toMatchObject({ weight: 0.2, points: 2.4 });
    expect(top?.score).toBe(55.4);
    // The week's gain: everything but the first visit (a folder and a file over 20 minutes: 3 + 10).
    expect(top?.gain).toBe(42.4);
    expect(board.buyers[1]).toMatchObject({ score: 0, hotLead: false });
    expect(board.computedAt).toBe("2031-05-15T12:05:00.000Z");
  });

  it("maps the share of buyers who opened each folder (or a file in it)", async () => {
    const board = await core.engagement.forListing(admin, listing.ListingId);
    expect(board.visitors).toBe(2);
    const heat = board.folders.filter((f) => f.id === maps || f.id === land);
    expect(heat.map((f) => [f.name, f.openers, f.share])).toEqual([
      ["Well maps", 1, 0.5],
      ["Lease files", 2, 1],
    ]);
  });

  it("counts hot leads above the threshold staff set, audited; management's override wins and shows", async () => {
    const row = async () =>
      (await core.dealStatistics.overview(manager)).rows.find((r) => r.ListingId === listing.ListingId);
    expect((await core.engagement.threshold()).threshold).toBe(DEFAULT_HOT_LEAD_THRESHOLD);
    expect(await row()).toMatchObject({ hotLeadCount: 0, hotLeadCounted: 0, hotLeadOverride: null });

    await core.engagement.setThreshold(admin, 50, "198.51.100.9");
    expect(await row()).toMatchObject({ hotLeadCount: 1, hotLeadCounted: 1, hotLeadOverride: null });
    expect((await core.engagement.forListing(admin, listing.ListingId)).buyers[0]?.hotLead).toBe(true);
    const audit = await testDatabase(core)
      .db.selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "hot-lead-threshold-changed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toEqual({
      threshold: 50,
      previous: DEFAULT_HOT_LEAD_THRESHOLD,
    });
    expect(audit[0]).toMatchObject({ userId: admin.id, ipAddress: "198.51.100.9" });

    await core.dealStatistics.update(
      manager,
      dealStatisticsEditSchema.parse({ listingId: String(listing.ListingId), hotLeadOverride: "9" }),
    );
    expect(await row()).toMatchObject({ hotLeadCount: 9, hotLeadCounted: 1, hotLeadOverride: 9 });
    const edits = await testDatabase(core)
      .db.selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "deal-statistics-updated")
      .execute();
    expect(JSON.parse(edits.at(-1)?.detail ?? "{}")).toMatchObject({ hotLeadOverride: 9 });
    // A blank override gives the counted figure back.
    await core.dealStatistics.update(
      manager,
      dealStatisticsEditSchema.parse({ listingId: String(listing.ListingId), hotLeadOverride: "" }),
    );
    expect(await row()).toMatchObject({ hotLeadCount: 1, hotLeadOverride: null });
  });

  it("lets only admins read the leaderboard or set the threshold", async () => {
    await expect(core.engagement.forListing(keen, listing.ListingId)).rejects.toMatchObject({ status: 404 });
    await expect(core.engagement.forListing(null, listing.ListingId)).rejects.toMatchObject({ status: 404 });
    await expect(core.engagement.setThreshold(keen, 1, null)).rejects.toMatchObject({ status: 404 });
    expect((await core.engagement.threshold()).threshold).toBe(50);
  });

  it("recounts one listing at once when staff ask, audited", async () => {
    await record("2031-05-15T12:01:00.000Z", idle.id, "file-previewed", { file: 4, folder: land });
    // Events recorded before files had ids name the file in their details, as the activity page counts them.
    for (const fileName of ["Map.pdf", "Map.pdf", "Title.pdf"])
      await record("2031-05-15T12:02:00.000Z", early.id, "file-previewed", {}, { fileName });
    await expect(core.engagement.recountListing(keen, listing.ListingId, null)).rejects.toMatchObject({
      status: 404,
    });
    const idleScore = async () =>
      (await core.engagement.forListing(admin, listing.ListingId)).buyers.find((b) => b.email === idle.email)
        ?.score;
    expect(await idleScore()).toBe(0);
    await core.engagement.recountListing(admin, listing.ListingId, "198.51.100.9");
    expect(await idleScore()).toBe(9); // a document opened and a return visit
    const audit = await testDatabase(core)
      .db.selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "engagement-recounted")
      .execute();
    expect(audit).toMatchObject([{ userId: admin.id, ListingId: listing.ListingId }]);
    const board = await core.engagement.forListing(admin, listing.ListingId);
    const documents = board.buyers.find((b) => b.email === early.email)?.parts[0];
    expect(documents).toMatchObject({ key: "documentsOpened", count: 2, points: 6 });
  });

  it("recomputes through the jobs every quarter hour, once however many servers schedule it", async () => {
    await core.engagement.schedule();
    await core.engagement.schedule();
    const pending = (await core.jobs.list("engagement.recompute")).filter((j) => j.status === "pending");
    expect(pending.map((j) => j.uniqueKey)).toEqual(["engagement.recompute:2031-05-15T12:00:00.000Z"]);
    await record("2031-05-15T12:04:00.000Z", idle.id, "question-asked");
    expect(await core.jobs.runDue()).toBe(1);
    const board = await core.engagement.forListing(admin, listing.ListingId);
    expect(board.buyers.find((b) => b.email === idle.email)?.score).toBe(15.5); // 9, a question and 3 minutes
    const next = (await core.jobs.list("engagement.recompute")).filter((j) => j.status === "pending");
    expect(next.map((j) => j.runAt)).toEqual(["2031-05-15T12:15:00.000Z"]);
    expect(await core.jobs.runDue()).toBe(0);
  });

  it("mails staff a weekly digest of each active listing's rising buyers", async () => {
    const digest = (await core.jobs.list("engagement.weekly-digest")).filter((j) => j.status === "pending");
    expect(digest.map((j) => j.runAt)).toEqual(["2031-05-19T13:00:00.000Z"]);
    clock.advance(Date.parse("2031-05-19T13:00:00.000Z") - clock.now());
    await core.jobs.runDue();
    const mails = await testDatabase(core)
      .db.selectFrom("mail_outbox")
      .selectAll()
      .where("subject", "=", ENGAGEMENT_DIGEST_SUBJECT)
      .execute();
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.to).toBe(core.config.supportEmail);
    expect(mail?.text).toContain(`${listing.Header} (Listing #${listing.ListingId})`);
    expect(mail?.text).toContain(`/deals/${listing.ListingId}/data-room/activity`);
    expect(mail?.text).toContain(`- Kee Buyer <${keen.email}>: score 55.4, up 42.4`);
    expect(mail?.text).toContain(`- Idle Looker <${idle.email}>: score 15.5, up 15.5`);
    const next = (await core.jobs.list("engagement.weekly-digest")).filter((j) => j.status === "pending");
    expect(next.map((j) => j.runAt)).toEqual(["2031-05-26T13:00:00.000Z"]);
  });
  it("recounts only the rooms whose trail changed since the last recount, to the scores a full recount gives", async () => {
    const [other, quiet] = (await core.listings.publicListings()).filter(
      (l) => l.hasVDR && !isSold(l) && l.ListingId !== listing.ListingId,
    ) as [Listing, Listing];
    const stored = () =>
      testDatabase(core)
        .db.selectFrom("data_room_engagement")
        .select(["ListingId", "userId", "score", "scoreWeekAgo", "counts", "lastEventAt"])
        .orderBy("ListingId")
        .orderBy("userId")
        .execute();
    const keenWeekAgo = async () =>
      (await stored()).find((r) => r.ListingId === listing.ListingId && r.userId === keen.id)?.scoreWeekAgo;
    expect(new Date(clock.now()).toISOString()).toBe("2031-05-19T13:00:00.000Z");
    await record("2031-05-01T10:00:00.000Z", keen.id, "folder-opened", { dataRoom: quiet.ListingId });
    // A look that is within the week now, and passes the one-week line a quarter hour later.
    await record("2031-05-12T13:10:00.000Z", keen.id, "file-previewed", { file: 5 });
    await core.engagement.recompute({ full: true });
    const before = await keenWeekAgo();

    clock.advance(15 * 60_000);
    await record("2031-05-19T13:02:00.000Z", idle.id, "folder-opened", { dataRoom: other.ListingId });
    // The buyer with a new event and the buyer whose look passed the line; the rest are left alone.
    expect(await core.engagement.recompute()).toEqual({ listings: 2, buyers: 2 });
    const recounted = await stored();
    expect(new Set(recounted.map((r) => r.ListingId))).toEqual(
      new Set([listing.ListingId, other.ListingId, quiet.ListingId]),
    );
    // The look now counts a week ago: a document opened (3) on a return visit (6).
    expect(await keenWeekAgo()).toBe((before ?? 0) + 9);

    expect(await core.engagement.recompute({ full: true })).toMatchObject({ listings: 3 });
    expect(await stored()).toEqual(recounted);

    // Staff's events are no buyer's: a buyer made staff loses their scores at the next recount.
    await testDatabase(core).db.updateTable("users").set({ isAdmin: 1 }).where("id", "=", early.id).execute();
    await core.engagement.recompute();
    const after = await stored();
    expect(after.filter((r) => r.userId === early.id)).toEqual([]);
    expect(after).toEqual(recounted.filter((r) => r.userId !== early.id));
  });
});
