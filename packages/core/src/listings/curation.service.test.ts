import { featuredBand, type Listing, type SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

const ids = (listings: readonly Listing[]) => listings.map((listing) => listing.ListingId);

describe.each(testEngines())("staff curation of deals on $name", (engine) => {
  let core: Core;
  let admin: SessionUser;
  let buyer: SessionUser;

  const auditActions = async () =>
    (await testDatabase(core).db.selectFrom("audit_log").select(["action", "userId"]).execute()).map(
      (row) => `${row.action}:${row.userId}`,
    );

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
    admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", isAdmin: true }),
    );
    buyer = core.sessions.sessionUser(await insertTestAccount(core, { password: "Right2030" }));
  });
  afterAll(() => core?.close());

  describe("similar deals", () => {
    it("pins a suggestion to the front, hides another, and a new core reads them back", async () => {
      const deal = (await core.listings.publicListings())[0];
      const before = await core.similarDeals.forStaff(deal.ListingId);
      const ranked = before?.suggestions ?? [];
      expect(ranked.length).toBeGreaterThan(5);
      for (const entry of ranked) {
        expect(entry.factors.reduce((sum, f) => sum + f.contribution, 0)).toBe(entry.score);
        expect(entry.listing.ListingId).not.toBe(deal.ListingId);
      }
      const pin = ranked[5].listing.ListingId;
      const hide = ranked[0].listing.ListingId;
      const version = core.dataVersion.of("similar-deals");
      await core.similarDeals.choose(admin, deal.ListingId, pin, "pinned");
      await core.similarDeals.choose(admin, deal.ListingId, hide, "hidden");
      expect(core.dataVersion.of("similar-deals")).toBeGreaterThan(version);

      const shown = ids(await core.similarDeals.shownWith(deal));
      expect(shown[0]).toBe(pin);
      expect(shown).not.toContain(hide);
      const after = await core.similarDeals.forStaff(deal.ListingId);
      expect(after?.suggestions[0]).toMatchObject({ pinned: true, shown: true });
      expect(after?.hidden.map((l) => l.ListingId)).toEqual([hide]);
      expect(await auditActions()).toContain(`similar-deal-chosen:${admin.id}`);

      const reopened = await engine.reopen(core);
      try {
        expect(ids(await reopened.similarDeals.shownWith(deal))).toEqual(shown);
      } finally {
        await reopened.close();
      }

      await core.similarDeals.choose(admin, deal.ListingId, hide, "none");
      expect(ids(await core.similarDeals.shownWith(deal))).toContain(hide);
    });

    it("refuses a buyer, the deal itself and a private deal, changing nothing", async () => {
      const [deal, other] = await core.listings.publicListings();
      const hidden = (await core.listings.privateListings())[0];
      const before = ids(await core.similarDeals.shownWith(deal));
      await expect(
        core.similarDeals.choose(buyer, deal.ListingId, other.ListingId, "hidden"),
      ).rejects.toMatchObject({
        status: 403,
      });
      await expect(
        core.similarDeals.choose(admin, deal.ListingId, deal.ListingId, "pinned"),
      ).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        core.similarDeals.choose(admin, deal.ListingId, hidden.ListingId, "pinned"),
      ).rejects.toMatchObject({ status: 400 });
      await expect(core.similarDeals.choose(admin, 987654, other.ListingId, "pinned")).rejects.toMatchObject({
        status: 404,
      });
      expect(ids(await core.similarDeals.shownWith(deal))).toEqual(before);
    });
  });

  describe("the deal order", () => {
    it("moves a deal, saves every position and the public order follows at once", async () => {
      const { listings, version } = await core.dealOrder.featured();
      const [first, second] = listings;
      expect(featuredBand(first)).toBe(featuredBand(second));
      const change = await core.dealOrder.move(admin, second.ListingId, "up", version);
      expect(change.previous).toEqual(ids(listings));
      expect(change.version).not.toBe(version);
      const now = await core.listings.publicListings();
      expect(ids(now).slice(0, 2)).toEqual([second.ListingId, first.ListingId]);
      expect(now.map((l) => l.RowNumber)).toEqual(now.map((_, index) => index + 1));
      expect(await auditActions()).toContain(`deals-reordered:${admin.id}`);

      // Undo: the previous order sent with the new version.
      await core.dealOrder.reorder(admin, change.previous, change.version);
      expect(ids(await core.listings.publicListings())).toEqual(ids(listings));
    });

    it("refuses a change made on a stale list, and an order that mixes bands, changing nothing", async () => {
      const { listings, version } = await core.dealOrder.featured();
      await core.dealOrder.move(admin, listings[1].ListingId, "up", version);
      const fresh = ids(await core.listings.publicListings());
      await expect(core.dealOrder.move(admin, listings[2].ListingId, "up", version)).rejects.toMatchObject({
        status: 409,
        code: "STALE_ORDER",
      });
      await expect(core.dealOrder.reorder(admin, ids(listings), version)).rejects.toMatchObject({
        status: 409,
      });
      const current = await core.dealOrder.featured();
      const lastFirst = [...ids(current.listings).slice(-1), ...ids(current.listings).slice(0, -1)];
      await expect(core.dealOrder.reorder(admin, lastFirst, current.version)).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        core.dealOrder.move(admin, current.listings[0].ListingId, "up", current.version),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        core.dealOrder.move(buyer, current.listings[1].ListingId, "up", current.version),
      ).rejects.toMatchObject({ status: 403 });
      expect(ids(await core.listings.publicListings())).toEqual(fresh);
    });
  });
});
