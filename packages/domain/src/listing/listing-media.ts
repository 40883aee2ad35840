import type { SessionUser } from "../accounts/roles.ts";
import type { Listing } from "./listing.ts";

/**
 * Who may see a listing, its page and its pictures: everyone sees a non-private listing; a private
 * one only admins and the buyers staff granted that listing. Everyone else is told it does not exist (404).
 */
export function mayViewListing(
  listing: Pick<Listing, "isPrivate" | "ListingId">,
  user: Pick<SessionUser, "isAdmin" | "privateListingIds"> | null,
): boolean {
  return (
    !listing.isPrivate ||
    Boolean(user && (user.isAdmin || user.privateListingIds.includes(listing.ListingId)))
  );
}

/**
 * The version a listing's picture URLs carry (`?v=`): it changes whenever mediaUpdatedDate does, so
 * a replaced cover, logo or tombstone gets a new URL and no cache can serve the old bytes for it.
 */
export function listingMediaVersion(mediaUpdatedDate: string | null): string | null {
  const ms = mediaUpdatedDate ? Date.parse(mediaUpdatedDate) : Number.NaN;
  return Number.isNaN(ms) ? null : ms.toString(36);
}

/** A stored picture path (`/media/listings/{id}/cover.jpg`) with the listing's current version. */
export function versionedListingMediaUrl(url: string | null, mediaUpdatedDate: string | null): string | null {
  if (!url) return null;
  const path = listingMediaPath(url);
  const version = listingMediaVersion(mediaUpdatedDate);
  return version ? `${path}?v=${version}` : path;
}

/** A picture URL without its query: the path the listing's file is served at. */
export function listingMediaPath(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/** The paths of a listing's own pictures: the only files of the listing the media door serves. */
export function listingMediaPaths(
  listing: Pick<Listing, "ImageUrl" | "boxLogoUrl" | "tombstoneUrl">,
): string[] {
  return [listing.ImageUrl, listing.boxLogoUrl, listing.tombstoneUrl]
    .filter((url): url is string => !!url)
    .map(listingMediaPath);
}

/**
 * The deal logo through the resizing proxy at its default 150×150 (contain, quality 80; spec §7),
 * versioned like the file. No size is asked: the proxy would round one up to its steps.
 */
export function listingLogoProxyUrl(listing: Pick<Listing, "ListingId" | "mediaUpdatedDate">): string {
  const version = listingMediaVersion(listing.mediaUpdatedDate);
  const query = new URLSearchParams();
  if (version) query.set("v", version);
  return `/assets/listing-logo/${listing.ListingId}${query.size ? `?${query}` : ""}`;
}
