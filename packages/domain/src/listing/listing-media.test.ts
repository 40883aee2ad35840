import { describe, expect, it } from "vitest";
import { sessionUserWith } from "../accounts/session-user.fixture.ts";
import {
  listingLogoProxyUrl,
  listingMediaPaths,
  listingMediaVersion,
  mayViewListing,
  versionedListingMediaUrl,
} from "./listing-media.ts";

const user = sessionUserWith;

describe("listing media", () => {
  it("shows a private listing only to admins and the buyers granted that listing", () => {
    const privateListing = { isPrivate: true, ListingId: 7 };
    expect(mayViewListing(privateListing, null)).toBe(false);
    expect(mayViewListing(privateListing, user({}))).toBe(false);
    expect(mayViewListing(privateListing, user({ hasClaimAD: true }))).toBe(false);
    expect(mayViewListing(privateListing, user({ hasPrivateDeals: true, privateListingIds: [8] }))).toBe(
      false,
    );
    expect(mayViewListing(privateListing, user({ hasPrivateDeals: true, privateListingIds: [7] }))).toBe(
      true,
    );
    expect(mayViewListing(privateListing, user({ isAdmin: true }))).toBe(true);
    expect(mayViewListing({ isPrivate: false, ListingId: 9 }, null)).toBe(true);
  });

  it("versions picture URLs by mediaUpdatedDate, replacing any version they carried", () => {
    const date = "2026-10-30T20:33:43.000Z";
    const version = listingMediaVersion(date);
    expect(version).toBe(Date.parse(date).toString(36));
    expect(versionedListingMediaUrl("/media/listings/7/cover.jpg", date)).toBe(
      `/media/listings/7/cover.jpg?v=${version}`,
    );
    expect(versionedListingMediaUrl("/media/listings/7/cover.jpg?v=old", date)).toBe(
      `/media/listings/7/cover.jpg?v=${version}`,
    );
    expect(versionedListingMediaUrl("/media/listings/7/cover.jpg", "2026-10-30T20:33:44.000Z")).not.toBe(
      `/media/listings/7/cover.jpg?v=${version}`,
    );
    expect(versionedListingMediaUrl("/media/listings/7/cover.jpg", null)).toBe("/media/listings/7/cover.jpg");
    expect(versionedListingMediaUrl(null, date)).toBeNull();
    expect(listingLogoProxyUrl({ ListingId: 7, mediaUpdatedDate: date })).toBe(
      `/assets/listing-logo/7?v=${version}`,
    );
  });

  it("lists the paths of the pictures a listing has", () => {
    expect(
      listingMediaPaths({
        ImageUrl: "/media/listings/7/cover.jpg?v=1",
        boxLogoUrl: null,
        tombstoneUrl: "/t.png",
      }),
    ).toEqual(["/media/listings/7/cover.jpg", "/t.png"]);
  });
});
