import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import { ActivityReader } from "./activity-reader.ts";
import { AuditTrail } from "./audit-trail.ts";

describe.each(testEngines())("the audit trail on $name", (engine) => {
  let core: Core;
  let staff: number;
  let buyer: number;
  const clock = new ManualClock(Date.parse("2031-03-02T10:00:00.000Z"));
  const reader = () => new ActivityReader(testDatabase(core).db);

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    staff = (await insertTestAccount(core, { password: "Right2030", isAdmin: true })).id;
    buyer = (await insertTestAccount(core, { password: "Right2030" })).id;
  });

  afterAll(async () => {
    await core?.close();
  });

  it("records staff changing an account at the Clock's time, on the account's page and the staff's", async () => {
    await new AuditTrail(testDatabase(core).db, clock).record({
      actor: staff,
      ip: "198.51.100.7",
      action: "profile-edited",
      subject: { user: buyer },
    });
    const [entry] = (await reader().forUser(buyer, 5)).account;
    expect(entry).toMatchObject({
      at: "2031-03-02T10:00:00.000Z",
      action: "profile-edited",
      userId: buyer,
      actorId: staff,
      ipAddress: "198.51.100.7",
    });
    expect((await reader().forUser(staff, 5)).account[0]).toEqual(entry);
  });

  it("records a data-room event, with the admin viewing as the buyer, in the data room's trail", async () => {
    const [listing] = await core.listings.publicListings();
    await new AuditTrail(testDatabase(core).db, clock).record({
      actor: buyer,
      impersonator: staff,
      ip: "198.51.100.8",
      action: "file-downloaded",
      subject: { dataRoom: listing.ListingId, file: 41 },
      details: { name: "Lease map.pdf" },
    });
    const [event] = await reader().dataRoomEvents(listing.ListingId, 1);
    expect(event).toMatchObject({
      userId: buyer,
      impersonatorId: staff,
      fileId: 41,
      ipAddress: "198.51.100.8",
      detail: { name: "Lease map.pdf" },
    });
    expect((await reader().forUser(staff, 5)).dataRooms[0]).toEqual(event);
  });

  it("writes nothing when the transaction it was recorded in rolls back", async () => {
    const before = await reader().recent(100);
    await expect(
      testDatabase(core).transaction(async (trx) => {
        await new AuditTrail(trx, clock).record({
          actor: staff,
          action: "deals-reordered",
          details: { order: [1] },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await reader().recent(100)).toEqual(before);
  });
});
