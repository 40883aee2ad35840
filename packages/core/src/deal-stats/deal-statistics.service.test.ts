import { dealStatisticsEditSchema, type SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

describe.each(testEngines())("the Mgmt Dash deal statistics on $name", (engine) => {
  let core: Core;
  let manager: SessionUser;
  let admin: SessionUser;
  const clock = new ManualClock(Date.parse("2031-06-11T10:00:00.000Z"));

  beforeAll(async () => {
    core = await engine.create(
      {
        SEED_DEMO_ACCOUNTS: "false",
        MANAGEMENT_EMAILS: "boss@example.test,two@example.test,three@example.test",
      },
      { clock },
    );
    manager = core.sessions.sessionUser(
      await insertTestAccount(core, {
        password: "Right2030",
        email: "boss@example.test",
        firstName: "Bo",
        lastName: "Boss",
      }),
    );
    admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", isAdmin: true }),
    );
  });
  afterAll(() => core.close());

  it("saves hand-entered figures with who entered them, audited, and totals them", async () => {
    expect(manager.isManagement).toBe(true);
    const [deal] = await core.listings.publicListings();
    const listingId = deal?.ListingId ?? 0;
    const before = await core.dealStatistics.overview(manager);
    await core.dealStatistics.update(
      manager,
      dealStatisticsEditSchema.parse({
        listingId: String(listingId),
        hotLeadOverride: "4",
        noCount: "2",
        contactedCount: "11",
        offersCount: "1",
        revenueRisk: "$1,250,000",
        lastWhiteButtonDate: "2031-06-01",
        loadCode: "WB-0611",
      }),
    );
    const after = await core.dealStatistics.overview(manager);
    const row = after.rows.find((r) => r.ListingId === listingId);
    expect(row).toMatchObject({
      hotLeadCount: 4,
      hotLeadOverride: 4,
      noCount: 2,
      contactedCount: 11,
      offersCount: 1,
      revenueRisk: 1_250_000,
      lastWhiteButtonDate: "2031-06-01",
      loadCode: "WB-0611",
      updatedBy: "Bo Boss",
      updatedAt: "2031-06-11T10:00:00.000Z",
    });
    expect(after.totals.hotLeadCount).toBe(before.totals.hotLeadCount + 4);
    const audit = await testDatabase(core)
      .db.selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "deal-statistics-updated")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.userId).toBe(manager.id);
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toMatchObject({ ListingId: listingId, hotLeadOverride: 4 });
  });

  it("refuses anyone but management, and a listing that does not exist", async () => {
    const edit = dealStatisticsEditSchema.parse({ listingId: "1" });
    await expect(core.dealStatistics.update(admin, edit)).rejects.toMatchObject({ status: 404 });
    await expect(core.dealStatistics.update(null, edit)).rejects.toMatchObject({ status: 404 });
    await expect(core.dealStatistics.overview(admin)).rejects.toMatchObject({ status: 404 });
    await expect(
      core.dealStatistics.update(manager, dealStatisticsEditSchema.parse({ listingId: "999999" })),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("counts web hits in memory and adds them up across flushes and servers", async () => {
    const [deal] = await core.listings.publicListings();
    const id = deal?.ListingId ?? 0;
    for (let i = 0; i < 3; i++) core.dealStatistics.webHits.record(id);
    await core.dealStatistics.webHits.flush();
    core.dealStatistics.webHits.record(id);
    await core.dealStatistics.webHits.flush();
    const { rows, totals, webHitsWeekly } = await core.dealStatistics.overview(manager);
    expect(rows.find((r) => r.ListingId === id)?.webhitCount).toBe(4);
    expect(totals.webhitCount).toBe(4);
    expect(webHitsWeekly.at(-1)).toEqual({ week: "2031-06-09", events: 4 });
    expect(webHitsWeekly).toHaveLength(12);
  });

  it("saves a server's hits within a second, and what it still holds when it closes", async () => {
    const [deal] = await core.listings.publicListings();
    const id = deal?.ListingId ?? 0;
    const hits = async () =>
      (await core.dealStatistics.overview(manager)).rows.find((r) => r.ListingId === id)?.webhitCount;
    const before = (await hits()) ?? 0;
    const other = await engine.reopen(core);
    for (let i = 0; i < 5; i++) other.dealStatistics.webHits.record(id);
    await expect.poll(hits, { timeout: 1_500, interval: 50 }).toBe(before + 5);
    for (let i = 0; i < 2; i++) other.dealStatistics.webHits.record(id);
    await other.close();
    expect(await hits()).toBe(before + 7);
  });

  it("exports the statistics as CSV with the spec's names", async () => {
    const csv = await core.dealStatistics.csv(manager);
    const [header, ...lines] = String(csv.body).trimEnd().split("\r\n");
    expect(header).toBe(
      "\uFEFFListingId,Header,Status,signedCACount,hotLeadCount,noCount,contactedCount,webhitCount,offersCount,revenueRisk,updatedBy,lastWhiteButtonDate,loadCode,dealAlertsSent,buyersReached",
    );
    expect(lines.some((l) => l.includes("WB-0611") && l.includes("Bo Boss"))).toBe(true);
    await expect(core.dealStatistics.csv(admin)).rejects.toMatchObject({ status: 404 });
  });
});
