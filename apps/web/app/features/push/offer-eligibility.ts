import { PUSH_NOTIFICATION_MIN_PAGE_LOADS } from "@aea/domain";
import { countPageLoad } from "../../lib/page-load-counter";

/** Set once the visitor chose "Not now": the offer is not made again in this browser. */
export const PUSH_OFFER_DISMISSED_KEY = "aea.pushOfferDismissed";

export interface OfferCircumstances {
  /** Service workers, PushManager and Notification are all there. */
  supported: boolean;
  permission: NotificationPermission | undefined;
  pageLoads: number;
  dismissed: boolean;
}

/**
 * Whether to offer push notifications (the site must also be in production with VAPID keys, which the
 * server decides): a browser that can take them, whose visitor has neither answered the browser's
 * question nor turned the offer down, from the third page load on.
 */
export function shouldOfferPush({
  supported,
  permission,
  pageLoads,
  dismissed,
}: OfferCircumstances): boolean {
  return supported && permission === "default" && pageLoads >= PUSH_NOTIFICATION_MIN_PAGE_LOADS && !dismissed;
}

/** The circumstances in this browser; counts this page load (once per document). */
export function currentCircumstances(): OfferCircumstances {
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  return {
    supported,
    permission: supported ? Notification.permission : undefined,
    pageLoads: countPageLoad(),
    dismissed: readDismissed(),
  };
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(PUSH_OFFER_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberOfferDismissed(): void {
  try {
    localStorage.setItem(PUSH_OFFER_DISMISSED_KEY, "1");
  } catch {
    // Without storage the offer may come back on a later page load; nothing worse.
  }
}
