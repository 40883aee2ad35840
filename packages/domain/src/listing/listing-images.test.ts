import { describe, expect, it } from "vitest";
import {
  CANCEL_IMAGE_CHANGE,
  CONFIRM_IMAGE_UPLOAD,
  CONFIRM_REMOVE_IMAGE,
  IMAGE_ERROR,
  imageRemoved,
  imageUploaded,
  LISTING_IMAGE_KINDS,
  listingImageDownloadName,
  listingImagePath,
  NO_COVER_IMAGE_UPLOADED,
} from "./listing-images.ts";

describe("the image editor's texts (spec §2, §4, §8)", () => {
  it("are the spec's words", () => {
    expect(Object.values(LISTING_IMAGE_KINDS).map((k) => k.tab)).toEqual([
      "Change Cover Image",
      "Change Box Logo",
      "Change Tombstone",
    ]);
    expect([CONFIRM_IMAGE_UPLOAD, CONFIRM_REMOVE_IMAGE, CANCEL_IMAGE_CHANGE]).toEqual([
      "Confirm Image Upload",
      "Confirm Remove Image",
      "Cancel",
    ]);
    expect(imageUploaded("Cover")).toBe("Cover image has been uploaded successfully!");
    expect(imageRemoved("Tombstone")).toBe("Tombstone image has been removed");
    expect(IMAGE_ERROR).toBe("Oops an error occurred");
    expect(NO_COVER_IMAGE_UPLOADED).toBe("No Cover Image Uploaded");
  });
});

describe("listing pictures", () => {
  it("have the spec's sizes: logos 150×150, tombstones 600×600, covers 16:9", () => {
    expect(LISTING_IMAGE_KINDS.Logo).toMatchObject({ width: 150, height: 150 });
    expect(LISTING_IMAGE_KINDS.Tombstone).toMatchObject({ width: 600, height: 600 });
    const { width, height } = LISTING_IMAGE_KINDS.Cover;
    expect(width / height).toBeCloseTo(16 / 9, 2);
  });

  it("are served at the listing's media paths and downloaded under the listing's header", () => {
    expect(listingImagePath(12, "Logo")).toBe("/media/listings/12/logo.png");
    expect(
      listingImageDownloadName(
        { ListingId: 12, Header: 'Operated "Delaware" Package: 1,250 BOEPD' },
        "Cover",
      ),
    ).toBe("Operated Delaware Package 1250 BOEPD - Cover.jpg");
    expect(listingImageDownloadName({ ListingId: 12, Header: "///" }, "Logo")).toBe("Listing 12 - Logo.png");
  });
});
