import { isSold, type Listing, type SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import { dataRoomStores } from "./data-room-stores.ts";

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
    dataRoomStores(testDatabase(core).db).events.record({
      at,
      userId,
      ListingId: listing.ListingId,
      event,
      fileId,
      folderId: null,
      ipAddress: "198.51.100.4",
      detail,
      impersonatorId: null,
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
    expect(all.total).toBe(5);
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
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Email,Name,Event,File or folder,IP address,Details");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(
      `2031-05-12T10:00:00.000Z,${buyer.email},Una Viewer,File downloaded,"'=HYPERLINK(""http://x"",""y"")"`,
    );
    expect(csv).not.toMatch(/(^|,)=/m);
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
});
