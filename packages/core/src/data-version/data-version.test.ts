import type { Listing } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentRepository } from "../content/content.repository.ts";
import type { Core } from "../core.ts";
import { ListingRepository } from "../listings/listing.repository.ts";
import { SimilarDealChoiceRepository } from "../listings/similar-deal-choice.repository.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import type { DataChange } from "./data-version.ts";

/**
 * No service is told of these writes: each goes through its dataset's repository, on the database
 * handle or in a transaction, and the snapshots read after it must show it.
 */
describe.each(testEngines())("the data version on $name", (engine) => {
  let core: Core;
  const published: DataChange[] = [];

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
    core.dataVersion.subscribe(["listings", "similar-deals", "content", "content-files"], (change) =>
      published.push(change),
    );
  });
  afterAll(() => core?.close());

  const stored = async (listingId: number) =>
    (await new ListingRepository(testDatabase(core).db).findById(listingId)) as Listing;

  it("shows a listing written on the database handle at the next read", async () => {
    const [deal] = await core.listings.publicListings();
    const listing = await stored(deal.ListingId);
    await new ListingRepository(testDatabase(core).db).replace(
      { ...listing, Header: "Renamed on the handle" },
      listing.updatedDate,
    );
    expect((await core.listings.findById(deal.ListingId))?.Header).toBe("Renamed on the handle");
  });

  it("publishes a transaction's writes once it committed, as one change per dataset", async () => {
    const [first, second] = await core.listings.publicListings();
    const before = core.dataVersion.of("listings");
    published.length = 0;
    await testDatabase(core).transaction(async (trx) => {
      const listings = new ListingRepository(trx);
      for (const deal of [first, second]) {
        const listing = (await listings.findById(deal.ListingId)) as Listing;
        await listings.replace(
          { ...listing, Header: `${deal.ListingId} in a transaction` },
          listing.updatedDate,
        );
      }
      // Written, not yet committed: a snapshot rebuilt now could read the old rows.
      expect(core.dataVersion.of("listings")).toBe(before);
      expect(published).toEqual([]);
    });
    expect(published).toEqual([{ dataset: "listings", ids: [first.ListingId, second.ListingId] }]);
    expect(core.dataVersion.of("listings")).toBe(before + 1);
    expect((await core.listings.findById(second.ListingId))?.Header).toBe(
      `${second.ListingId} in a transaction`,
    );
  });

  it("publishes nothing for a transaction that rolled back", async () => {
    const [deal] = await core.listings.publicListings();
    const before = core.dataVersion.of("listings", "content");
    published.length = 0;
    await expect(
      testDatabase(core).transaction(async (trx) => {
        const listing = (await new ListingRepository(trx).findById(deal.ListingId)) as Listing;
        await new ListingRepository(trx).replace({ ...listing, Header: "Never saved" }, listing.updatedDate);
        const [item] = await new ContentRepository(trx).findItems("team");
        await new ContentRepository(trx).save({ ...item, data: { ...item.data, name: "Never saved" } });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(published).toEqual([]);
    expect(core.dataVersion.of("listings", "content")).toBe(before);
    expect((await core.listings.findById(deal.ListingId))?.Header).toBe(deal.Header);
  });

  it("moves the deal order of the public list when staff's order is saved", async () => {
    const order = (await core.listings.publicListings()).map((deal) => deal.ListingId);
    const [a, b] = order;
    const current = new Map((await core.listings.publicListings()).map((d) => [d.ListingId, d.RowNumber]));
    await testDatabase(core).transaction((trx) =>
      new ListingRepository(trx).saveOrder([b, a, ...order.slice(2)], current),
    );
    const after = await core.listings.publicListings();
    expect(after.find((deal) => deal.ListingId === b)?.RowNumber).toBe(1);
    expect(after.find((deal) => deal.ListingId === a)?.RowNumber).toBe(2);
  });

  it("shows a pinned similar deal on the deal page's list at the next read", async () => {
    const [deal, ...others] = await core.listings.publicListings();
    const shown = (await core.similarDeals.shownWith(deal)).map((similar) => similar.ListingId);
    const pinned = others.find((other) => !shown.includes(other.ListingId)) as Listing;
    await new SimilarDealChoiceRepository(testDatabase(core).db).insert({
      ListingId: deal.ListingId,
      similarListingId: pinned.ListingId,
      choice: "pinned",
      position: 1,
      updatedBy: null,
      updatedAt: new Date().toISOString(),
    });
    expect((await core.similarDeals.shownWith(deal))[0]?.ListingId).toBe(pinned.ListingId);
  });

  it("shows a saved content item to the site's reader and to staff previews at the next read", async () => {
    const content = new ContentRepository(testDatabase(core).db);
    const [member] = await content.findItems("team");
    await core.content.readItems("team");
    await core.contentPreview.readItems("team");
    await content.save({ ...member, data: { ...member.data, name: "Saved by the repository" } });
    for (const reader of [core.content, core.contentPreview]) {
      const { data } = await reader.readItem("team", member.id);
      expect(data.name).toBe("Saved by the repository");
    }
  });

  it("shows a renamed content file at the next read", async () => {
    const [file] = await new ContentRepository(testDatabase(core).db).findFiles();
    await core.content.findFile(file.id);
    await testDatabase(core).transaction((trx) =>
      new ContentRepository(trx).updateFileTitle(file.id, "Renamed in a transaction"),
    );
    expect((await core.content.findFile(file.id))?.title).toBe("Renamed in a transaction");
  });
});
