import { testEngines } from "@aea/core/testing";
import type { Listing } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { type Role, RoleSessions, roleSessionsEnv } from "../testing/role-sessions.ts";
import { pageFormPost, serveTestApp } from "../testing/test-app.ts";

/** The deals linked from a piece of a page, in order, each once. */
function linkedDeals(html: string): number[] {
  const ids = [...html.matchAll(/href="\/deals\/(\d+)"/g)].map((match) => Number(match[1]));
  return ids.filter((id, index) => ids.indexOf(id) === index);
}

describe.each(testEngines())("staff curation seen by the public on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let sessions: RoleSessions;
  let origin: string;
  let address = 0;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
    origin = new URL(served.core.config.publicUrl).origin;
  });

  const remoteAddress = () => `10.31.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
  const get = (url: string, role: Role = "anonymous") => {
    const cookie = sessions.cookie(role);
    return served.app.inject({
      method: "GET",
      url,
      headers: cookie ? { cookie } : {},
      remoteAddress: remoteAddress(),
    });
  };
  const post = (url: string, fields: Record<string, string>, role: Role = "admin") =>
    served.app.inject({
      ...pageFormPost(origin, url, fields, sessions.cookie(role)),
      remoteAddress: remoteAddress(),
    });
  const similarOnPage = async (deal: Listing) => {
    const html = (await get(`/deals/${deal.ListingId}`)).body;
    const start = html.indexOf('id="similar-title"');
    return start < 0 ? [] : linkedDeals(html.slice(start));
  };

  it("the deal page follows a pin and a hide, past its render cache", async () => {
    const deal = (await served.core.listings.publicListings())[3];
    const ranked = (await served.core.similarDeals.forStaff(deal.ListingId))?.suggestions ?? [];
    const before = await similarOnPage(deal);
    expect(before).toEqual(ranked.slice(0, 4).map((s) => s.listing.ListingId));
    const pin = ranked[7].listing.ListingId;
    const hide = before[0];

    const pinned = await post("/admin/similar-deals", {
      listingId: String(deal.ListingId),
      similarListingId: String(pin),
      choice: "pinned",
    });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.body).toContain("is pinned first");
    expect((await similarOnPage(deal))[0]).toBe(pin);

    expect(
      (
        await post("/admin/similar-deals", {
          listingId: String(deal.ListingId),
          similarListingId: String(hide),
          choice: "hidden",
        })
      ).statusCode,
    ).toBe(200);
    const after = await similarOnPage(deal);
    expect(after[0]).toBe(pin);
    expect(after).not.toContain(hide);
    expect(after).toHaveLength(4);

    // The staff page shows each factor's contribution and the choices.
    const staff = await get(`/admin/similar-deals?listingId=${deal.ListingId}`, "admin");
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain("Hidden from this deal");
    expect(staff.body).toContain("Listing type");
  });

  it("refuses a bad choice with a clear message and changes nothing", async () => {
    const [deal] = await served.core.listings.publicListings();
    const before = await similarOnPage(deal);
    const bad = await post("/admin/similar-deals", {
      listingId: String(deal.ListingId),
      similarListingId: "abc",
      choice: "favourite",
    });
    expect(bad.statusCode).toBe(400);
    const self = await post("/admin/similar-deals", {
      listingId: String(deal.ListingId),
      similarListingId: String(deal.ListingId),
      choice: "pinned",
    });
    expect(self.statusCode).toBe(400);
    expect(self.body).toContain("cannot be a similar deal of this listing");
    expect(await similarOnPage(deal)).toEqual(before);
  });

  it("the public 'Featured' order follows a reorder at once, and a stale list is refused", async () => {
    const publicOrder = async () => linkedDeals((await get("/deals/public")).body);
    const apiOrder = async () =>
      ((await get("/api/Advisors/GetDeals")).json() as Array<{ ListingId: number }>).map((d) => d.ListingId);
    const { listings, version } = await served.core.dealOrder.featured();
    const [first, second] = listings.map((l) => l.ListingId);
    expect((await publicOrder()).slice(0, 2)).toEqual([first, second]);
    expect((await apiOrder()).slice(0, 2)).toEqual([first, second]);

    const moved = await post("/admin/reorder-deals", {
      intent: "move",
      listingId: String(second),
      direction: "up",
      version,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain("The new order is saved");
    expect((await publicOrder()).slice(0, 2)).toEqual([second, first]);
    expect((await apiOrder()).slice(0, 2)).toEqual([second, first]);

    // Someone else's list, made before that move: refused, the fresh order shown.
    const stale = await post("/admin/reorder-deals", {
      intent: "move",
      listingId: String(listings[2].ListingId),
      direction: "up",
      version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("Someone else reordered the deals meanwhile");
    expect((await publicOrder()).slice(0, 3)).toEqual([second, first, listings[2].ListingId]);

    const garbled = await post("/admin/reorder-deals", { intent: "reorder", order: "1;2", version });
    expect(garbled.statusCode).toBe(400);
  });
});
