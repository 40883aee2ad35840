import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { testEngines } from "../testing/test-cores.ts";

describe.each(testEngines())("likes on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    // The tests log in as the README's demo accounts, which a non-local PUBLIC_URL does not get by default.
    core = await engine.create({ PUBLIC_URL: "http://aea.test", SEED_DEMO_ACCOUNTS: "true" });
  });
  afterAll(async () => {
    await core.close();
  });

  it("likes and unlikes a deal, once however often it is liked", async () => {
    const buyer = await core.accounts.findUserByEmail("buyer@anticline.test");
    const me = core.sessions.sessionUser(buyer!);
    const [deal] = await core.listings.publicListings();
    await core.likes.setLiked(me, deal.ListingId, true);
    await core.likes.setLiked(me, deal.ListingId, true);
    expect(await core.likes.likedListingIds(buyer!.id)).toEqual([deal.ListingId]);
    await core.likes.setLiked(me, deal.ListingId, false);
    expect(await core.likes.likedListingIds(buyer!.id)).toEqual([]);
  });
});
