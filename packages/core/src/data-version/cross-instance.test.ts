import type { Listing } from "@aea/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { ListingRepository } from "../listings/listing.repository.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import type { DataChange } from "./data-version.ts";
import { DATA_VERSION_CHANNEL } from "./postgres-relay.ts";

const postgres = testEngines().find((engine) => engine.name === "postgres");

/**
 * Two instances of the site on one PostgreSQL database, as behind a load balancer: `a` and `b` are two
 * cores with their own snapshots and data versions, and nothing but the database between them.
 */
describe.skipIf(!postgres)(
  `two instances on one PostgreSQL database${postgres ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`,
  () => {
    let a: Core;
    let b: Core;
    const heardByB: DataChange[] = [];

    beforeAll(async () => {
      if (!postgres) return;
      a = await postgres.create({ SEED_DEMO_ACCOUNTS: "false" });
      b = await postgres.reopen(a);
      b.dataVersion.subscribe(["listings", "similar-deals", "content", "content-files"], (change) =>
        heardByB.push(change),
      );
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    const rename = async (core: Core, listingId: number, Header: string) => {
      const listings = new ListingRepository(testDatabase(core).db);
      const listing = (await listings.findById(listingId)) as Listing;
      await listings.replace({ ...listing, Header }, listing.updatedDate);
    };
    const headerOnB = async (listingId: number) => (await b.listings.findById(listingId))?.Header;

    it("shows a listing saved through one instance in the other's snapshot within a second", async () => {
      const [deal] = await b.listings.publicListings(); // b holds its snapshot now
      const waits: number[] = [];
      for (let save = 1; save <= 5; save++) {
        const started = performance.now();
        await rename(a, deal.ListingId, `Saved on a, #${save}`);
        await expect
          .poll(() => headerOnB(deal.ListingId), { timeout: 1_000, interval: 5 })
          .toBe(`Saved on a, #${save}`);
        waits.push(performance.now() - started);
      }
      expect(Math.max(...waits)).toBeLessThan(1_000);
    });

    it("tells the other instance nothing of a transaction rolled back, and all of one committed", async () => {
      const [first, second] = await a.listings.publicListings();
      heardByB.length = 0;
      await expect(
        testDatabase(a).transaction(async (trx) => {
          const listings = new ListingRepository(trx);
          const listing = (await listings.findById(first.ListingId)) as Listing;
          await listings.replace({ ...listing, Header: "Never committed" }, listing.updatedDate);
          throw new Error("the save failed half way");
        }),
      ).rejects.toThrow("half way");
      await rename(a, second.ListingId, "Committed after the rollback");
      await expect
        .poll(() => headerOnB(second.ListingId), { timeout: 1_000 })
        .toBe("Committed after the rollback");
      // Messages arrive in order on one connection: had the rollback been sent, it would be here first.
      expect(heardByB).toEqual([{ dataset: "listings", ids: [second.ListingId] }]);
      expect(await headerOnB(first.ListingId)).toBe(first.Header);
    });

    it("takes a message that arrives twice, late or garbled without harm", async () => {
      const [deal] = await b.listings.publicListings();
      await rename(a, deal.ListingId, "Current name");
      await expect.poll(() => headerOnB(deal.ListingId), { timeout: 1_000 }).toBe("Current name");
      const versionBefore = b.dataVersion.of("listings");
      // The same change again, an older one after it, and a payload that is not a change at all.
      const stale = JSON.stringify({
        from: "another-instance",
        changes: [{ dataset: "listings", ids: [deal.ListingId] }],
      });
      const db = testDatabase(a).db;
      for (const payload of [
        stale,
        stale,
        "not json",
        JSON.stringify({ from: "x", changes: [{ dataset: "nope", ids: [] }] }),
      ])
        await sql`select pg_notify(${DATA_VERSION_CHANNEL}, ${payload})`.execute(db);
      await expect.poll(() => b.dataVersion.of("listings"), { timeout: 1_000 }).toBe(versionBefore + 2);
      expect(await headerOnB(deal.ListingId)).toBe("Current name");
      // b still follows new changes after the noise.
      await rename(a, deal.ListingId, "Newer name");
      await expect.poll(() => headerOnB(deal.ListingId), { timeout: 1_000 }).toBe("Newer name");
    });

    it("reconnects by itself after losing its connection and reads everything afresh", async () => {
      const [deal] = await b.listings.publicListings();
      const db = testDatabase(a).db;
      // A write no instance is told of, as if its message were lost while the listeners were away.
      await sql`update listings set "Header" = 'Changed while b was away' where "ListingId" = ${deal.ListingId}`.execute(
        db,
      );
      expect(await headerOnB(deal.ListingId)).toBe(deal.Header);
      const dropped = await sql<{ pid: number }>`
        select pg_terminate_backend(pid) as pid from pg_stat_activity
        where datname = current_database() and application_name = 'aea-data-version'`.execute(db);
      expect(dropped.rows).toHaveLength(2);
      await expect.poll(() => headerOnB(deal.ListingId), { timeout: 3_000 }).toBe("Changed while b was away");
      // Listening again: the next save through a reaches b as before.
      await rename(a, deal.ListingId, "Saved after the reconnect");
      await expect
        .poll(() => headerOnB(deal.ListingId), { timeout: 1_000 })
        .toBe("Saved after the reconnect");
    });
  },
);
