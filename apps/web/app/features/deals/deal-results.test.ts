import { generateDemoListings } from "@aea/core/testing";
import { type Listing, parseDealQuery } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { dealResults } from "./deal-results";

const query = (search: string) => parseDealQuery(new URLSearchParams(search));
const names = (items: readonly { Header: string }[]) => items.map((deal) => deal.Header);

describe("a deals page's results", () => {
  const listings: Listing[] = generateDemoListings().listings.filter((l) => !l.isPrivate && !l.isStudy);

  it("are the same for each visitor of one list, with each buyer's own liked deals", () => {
    const [first, second] = listings;
    const forOne = dealResults(listings, query("type=producing&sort=header"), [first.ListingId]);
    const forAnother = dealResults(listings, query("type=producing&sort=header"), [second.ListingId]);
    expect(names(forAnother.items)).toEqual(names(forOne.items));
    expect(forOne.likedIds).toEqual([first.ListingId]);
    expect(forAnother.likedIds).toEqual([second.ListingId]);
  });

  it("follow a new version of the list, never an earlier query's answer", () => {
    const sorted = dealResults(listings, query("sort=header"));
    const shownFirst = sorted.items[0].ListingId;
    // The listings' next version: a new array, as ListingService makes one after a write.
    const renamed = listings.map((listing) =>
      listing.ListingId === shownFirst ? { ...listing, Header: "0 Renamed Deal" } : listing,
    );
    expect(dealResults(renamed, query("sort=header")).items[0].Header).toBe("0 Renamed Deal");
    expect(names(dealResults(listings, query("sort=header&reverse=true")).items)).not.toEqual(
      names(sorted.items),
    );
  });

  it("of the liked filter are each buyer's own", () => {
    const [first, second] = listings;
    expect(names(dealResults(listings, query("liked=true"), [first.ListingId]).items)).toEqual([
      first.Header,
    ]);
    expect(names(dealResults(listings, query("liked=true"), [second.ListingId]).items)).toEqual([
      second.Header,
    ]);
  });
});
