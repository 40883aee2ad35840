import { describe, expect, it } from "vitest";
import { makeListing } from "../listing/listing.fixture.ts";
import { newDealNotification } from "./new-deal.ts";

describe("new-deal notification", () => {
  it("names the deal, its type and place, and links to its page", () => {
    const listing = makeListing({
      ListingId: 512,
      Header: " Loving County Wolfcamp Package ",
      listingTypeDesc: "Producing Properties",
      location: "Texas",
    });
    expect(newDealNotification(listing)).toEqual({
      title: "New deal: Loving County Wolfcamp Package",
      body: "Producing Properties · Texas",
      url: "/deals/512",
      icon: "/notification-icon.png",
    });
    expect(newDealNotification(makeListing({ Header: "Quiet deal" })).body).toBe(
      "A new deal is on the market.",
    );
  });
});
