import { ACCESS_CODE_ALPHABET, isPredictableAccessCode, type Listing, listingFormSchema } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../../core.ts";
import { dataRoomStores } from "../../data-rooms/data-room-stores.ts";
import { insertTestAccount } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { up } from "./017-random-access-codes.ts";

/** The admin edits are made as: core checks the acting user itself. */
const staff = { id: 1, isAdmin: true };

const RANDOM_CODE = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{10}$`);

describe.each(testEngines())("the demo's codes and migration 017 on $name", (engine) => {
  let core: Core;
  let dataRooms: Listing[];

  beforeAll(async () => {
    // The default PUBLIC_URL is on localhost: a local demo.
    core = await engine.create();
    dataRooms = (await core.listings.publicListings()).filter((d) => d.hasVDR);
  });
  afterAll(async () => {
    await core?.close();
  });

  const codeOf = (deal: Listing) => core.accessCodes.accessCode(deal);

  it("opens the local demo's listings with DD-{ListingId}, and a listing created now with a random code", async () => {
    expect(core.config.seedDemoAccounts).toBe(true);
    for (const deal of dataRooms.slice(0, 5)) expect(await codeOf(deal)).toBe(`DD-${deal.ListingId}`);
    const created = await core.listingEditing.create(
      staff,
      listingFormSchema.parse({
        ListingId: "99017",
        Header: "New package with a data room",
        PLSCode: "PP",
        status: "ACTIVE",
        locationId: "1",
        hasVDR: "on",
      }),
    );
    expect(created.hasVDR).toBe(true);
    expect(await codeOf(created)).toMatch(RANDOM_CODE);
  });

  it("replaces every implicit DD-{ListingId} with a random code and keeps every code staff chose", async () => {
    const [implicit, chosenDefault, chosenOwn] = dataRooms.slice(5, 8) as [Listing, Listing, Listing];
    const staff = await insertTestAccount(core, { password: "Admin123!", isAdmin: true });
    const actor = { userId: staff.id, ipAddress: "203.0.113.17" };
    await core.accessCodes.changeAccessCode(actor, chosenDefault.ListingId, `DD-${chosenDefault.ListingId}`);
    await core.accessCodes.changeAccessCode(actor, chosenOwn.ListingId, "PERMIAN-2031");

    await up(testDatabase(core).db as never);

    const replaced = await codeOf(implicit);
    expect(replaced).toMatch(RANDOM_CODE);
    expect(isPredictableAccessCode(implicit.ListingId, replaced)).toBe(false);
    expect(await codeOf(chosenDefault)).toBe(`DD-${chosenDefault.ListingId}`);
    expect(await codeOf(chosenOwn)).toBe("PERMIAN-2031");
    const trail = await dataRoomStores(testDatabase(core).db).events.forListing(implicit.ListingId);
    const changes = trail.filter((e) => e.event === "access-code-changed");
    expect(changes.map((e) => e.userId)).toEqual([null]);
    const others = await Promise.all(dataRooms.slice(8).map(codeOf));
    expect(others.filter((code) => !RANDOM_CODE.test(code))).toEqual([]);
  });
});
