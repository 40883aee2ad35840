/**
 * A listing's three pictures as staff replace them (§2 image editor, §3 listing image slot, §4 image
 * editing, §8): the sources, the file each is stored as, the size it is cut to, and the editor's texts.
 */
import { LOGO_THUMBNAIL_SIZE, TOMBSTONE_SIZE as SPEC_TOMBSTONE_SIZE } from "../constants.ts";
import type { Listing } from "./listing.ts";

export const LISTING_IMAGE_SOURCES = ["Cover", "Logo", "Tombstone"] as const;
/** The spec's `source` of an image slot; it names the API paths too (`UpdateCoverImage`). */
export type ListingImageSource = (typeof LISTING_IMAGE_SOURCES)[number];

export interface ListingImageKind {
  source: ListingImageSource;
  /** The editor's tab (§2). */
  tab: string;
  /** The file under `listings/{ListingId}/`; the listing's URL field names it. */
  file: string;
  contentType: "image/jpeg" | "image/png";
  urlField: "ImageUrl" | "boxLogoUrl" | "tombstoneUrl";
  width: number;
  height: number;
  /**
   * Covers are cropped to fill the frame (they are photographs); logos and tombstones are fitted
   * inside it, so no letter of a company's name or a tombstone's text is cut off.
   */
  fit: "cover" | "contain";
}

/** Cover pictures are 16:9, as the deal cards and the deal page show them (the demo's covers too). */
export const COVER_IMAGE_SIZE = { width: 1200, height: 675 } as const;

export const LISTING_IMAGE_KINDS: Readonly<Record<ListingImageSource, ListingImageKind>> = {
  Cover: {
    source: "Cover",
    tab: "Change Cover Image",
    file: "cover.jpg",
    contentType: "image/jpeg",
    urlField: "ImageUrl",
    ...COVER_IMAGE_SIZE,
    fit: "cover",
  },
  Logo: {
    source: "Logo",
    tab: "Change Box Logo",
    file: "logo.png",
    contentType: "image/png",
    urlField: "boxLogoUrl",
    ...LOGO_THUMBNAIL_SIZE,
    fit: "contain",
  },
  Tombstone: {
    source: "Tombstone",
    tab: "Change Tombstone",
    file: "tombstone.png",
    contentType: "image/png",
    urlField: "tombstoneUrl",
    ...SPEC_TOMBSTONE_SIZE,
    fit: "contain",
  },
};

export function isListingImageSource(value: string): value is ListingImageSource {
  return (LISTING_IMAGE_SOURCES as readonly string[]).includes(value);
}

/** The path a listing's picture is served at (the media door; the listing's URL field holds it). */
export function listingImagePath(listingId: number, source: ListingImageSource): string {
  return `/media/listings/${listingId}/${LISTING_IMAGE_KINDS[source].file}`;
}

/** Uploads larger than this are refused before they are read as pictures. */
export const LISTING_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

// The editor's texts (§2, §4, §8).
export const CONFIRM_IMAGE_UPLOAD = "Confirm Image Upload";
export const CONFIRM_REMOVE_IMAGE = "Confirm Remove Image";
export const CANCEL_IMAGE_CHANGE = "Cancel";
export const NO_COVER_IMAGE_UPLOADED = "No Cover Image Uploaded";
export const IMAGE_ERROR = "Oops an error occurred";
export const imageUploaded = (source: ListingImageSource): string =>
  `${source} image has been uploaded successfully!`;
export const imageRemoved = (source: ListingImageSource): string => `${source} image has been removed`;
export const NOT_AN_IMAGE = "The file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.";
export const IMAGE_TOO_LARGE = "The picture is larger than 10 MB: upload a smaller one.";
export const NO_IMAGE_FILE = "Choose a picture to upload (the multipart field `file`).";
export const noImageUploaded = (source: ListingImageSource): string =>
  source === "Cover" ? NO_COVER_IMAGE_UPLOADED : `No ${source} Image Uploaded`;

/** A download's file name: the listing's header, made safe, with the picture's kind and extension. */
export function listingImageDownloadName(
  listing: Pick<Listing, "Header" | "ListingId">,
  source: ListingImageSource,
): string {
  const header = listing.Header.replace(/[^\w\s.-]+/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  const extension = LISTING_IMAGE_KINDS[source].file.split(".").pop();
  return `${header || `Listing ${listing.ListingId}`} - ${source}.${extension}`;
}

/** A listing's pictures as staff see them (§3 "Admin listing details"; GET /api/Admin/GetAdminDealDetails). */
export interface AdminListingPictures {
  ListingId: number;
  Header: string;
  ImageUrl: string | null;
  boxLogoUrl: string | null;
  tombstoneUrl: string | null;
}
