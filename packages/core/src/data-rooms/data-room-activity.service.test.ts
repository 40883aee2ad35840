import { isSold, type Listing, type SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditTrail } from "../audit/audit-trail.ts";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

describe.each(testEngines())("the data-room audit trail for staff on $name", (engine) => {
  let core: Core;
  let listing: Listing;
  let admin: SessionUser;
  let buyer: SessionUser;
  const clock = new ManualClock(Date.parse("2031-05-15T12:00:00.000Z"));

  const record = (
    at: string,
    userId: number,
    event: "file-previewed" | "file-downloaded" | "folder-opened",
    detail: Record<string, unknown>,
    fileId: number | null = null,
  ) =>
    new AuditTrail(testDatabase(core).db, { now: () => Date.parse(at) }).record({
      actor: userId,
      ip: "198.51.100.4",
      action: event,
      subject: { dataRoom: listing.ListingId, file: fileId },
      details: detail,
    });

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l)) as Listing;
    admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", isAdmin: true }),
    );
    buyer = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", firstName: "Una", lastName: "Viewer" }),
    );
    await record("2031-05-01T09:00:00.000Z", buyer.id, "folder-opened", { folderName: "1 Overview" });
    await record("2031-05-02T09:00:00.000Z", buyer.id, "file-previewed", { fileName: "Map.pdf" }, 1);
    await record("2031-05-02T10:00:00.000Z", buyer.id, "file-downloaded", { fileName: "Map.pdf" }, 1);
    await record(
      "2031-05-12T10:00:00.000Z",
      buyer.id,
      "file-downloaded",
      { fileName: '=HYPERLINK("http://x","y")' },
      2,
    );
    await record("2031-05-13T10:00:00.000Z", admin.id, "file-previewed", { fileName: "Staff look.pdf" }, 3);
  });
  afterAll(() => core.close());

  it("filters by buyer, event and day, and sums each buyer up", async () => {
    const all = await core.dataRoomActivity.forListing(admin, listing.ListingId, { page: 1 });
    expect(all.pagination.total).toBe(5);
    expect(all.entries[0]).toMatchObject({ userId: admin.id, event: "file-previewed" });
    const downloads = await core.dataRoomActivity.forListing(admin, listing.ListingId, {
      page: 1,
      buyer: buyer.id,
      event: "file-downloaded",
      from: "2031-05-02",
      to: "2031-05-02",
    });
    expect(downloads.entries.map((e) => e.detail?.fileName)).toEqual(["Map.pdf"]);
    expect(all.buyers).toEqual([
      {
        userId: buyer.id,
        name: "Una Viewer",
        email: buyer.email,
        documentsViewed: 2,
        downloads: 2,
        lastVisit: "2031-05-12T10:00:00.000Z",
        signedAgreement: false,
      },
    ]);
  });

  it("is staff's alone: buyers and visitors get the 404 of a missing listing", async () => {
    for (const viewer of [buyer, null])
      await expect(
        core.dataRoomActivity.forListing(viewer, listing.ListingId, { page: 1 }),
      ).rejects.toMatchObject({ status: 404 });
    await expect(core.dataRoomActivity.csv(buyer, listing.ListingId, { page: 1 })).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.dataRoomActivity.forListing(admin, 99_999_999, { page: 1 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("exports CSV with quoting and no formula a spreadsheet would run", async () => {
    const csv = await core.dataRoomActivity.csv(admin, listing.ListingId, { page: 1, buyer: buyer.id });
    const lines = String(csv.body).trimEnd().split("\r\n");
    expect(lines[0]).toBe("\uFEFFTime (UTC),Email,Name,Event,File or folder,IP address,Details");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(
      `2031-05-12T10:00:00.000Z,${buyer.email},Una Viewer,File downloaded,"'=HYPERLINK(""http://x"",""y"")"`,
    );
    expect(csv.body).not.toMatch(/(^|,)=/m);
  });

  it("counts visitors (not staff), downloads and events per week for the Mgmt Dash", async () => {
    const row = (await core.dataRoomActivity.dashboard(4)).find((r) => r.ListingId === listing.ListingId);
    expect(row).toMatchObject({ visitors: 1, downloads: 2, signedCAs: 0 });
    expect(row?.weekly).toEqual([
      { week: "2031-04-21", events: 0 },
      { week: "2031-04-28", events: 3 },
      { week: "2031-05-05", events: 0 },
      { week: "2031-05-12", events: 2 },
    ]);
  });

  it("pages the trail as every list is paged: the last page kept full, a page past the end clamped", async () => {
    const other = (await core.listings.publicListings()).find(
      (l) => l.hasVDR && !isSold(l) && l.ListingId !== listing.ListingId,
    ) as Listing;
    for (let minute = 0; minute < 53; minute++)
      await new AuditTrail(testDatabase(core).db, {
        now: () => Date.parse("2031-06-01T09:00:00.000Z") + minute * 60_000,
      }).record({
        actor: buyer.id,
        ip: "198.51.100.4",
        action: "folder-opened",
        subject: { dataRoom: other.ListingId },
        details: { folderName: `Folder ${minute}` },
      });
    const last = await core.dataRoomActivity.forListing(admin, other.ListingId, { page: 2 });
    expect(last.pagination).toMatchObject({ start: 4, end: 53, total: 53, page: 2, hasNext: false });
    // Newest first: the full last page ends with the oldest event and starts three after the newest.
    expect(last.entries).toHaveLength(50);
    expect(last.entries.at(-1)?.detail).toEqual({ folderName: "Folder 0" });
    expect(last.entries[0]?.detail).toEqual({ folderName: "Folder 49" });
    const beyond = await core.dataRoomActivity.forListing(admin, other.ListingId, { page: 9 });
    expect(beyond.pagination.page).toBe(2);
    expect(beyond.entries.map((e) => e.id)).toEqual(last.entries.map((e) => e.id));
  });
});
