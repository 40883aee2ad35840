import type { Listing } from "../listing/listing.ts";

/** What the service worker shows (apps/web/public/sw.js reads exactly these fields). */
export interface PushNotificationPayload {
  title: string;
  body: string;
  /** Where a click on the notification leads, relative to the site. */
  url: string;
  icon: string;
}

/** The notification icon in the client build (apps/web/public). */
export const PUSH_NOTIFICATION_ICON = "/notification-icon.png";

/** "New deal: <header>", with the deal's type and place underneath. */
export function newDealNotification(
  listing: Pick<Listing, "ListingId" | "Header" | "listingTypeDesc" | "location">,
): PushNotificationPayload {
  const details = [listing.listingTypeDesc, listing.location].map((part) => part?.trim()).filter(Boolean);
  return {
    title: `New deal: ${listing.Header.trim()}`,
    body: details.length > 0 ? details.join(" · ") : "A new deal is on the market.",
    url: `/deals/${listing.ListingId}`,
    icon: PUSH_NOTIFICATION_ICON,
  };
}
