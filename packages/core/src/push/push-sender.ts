import type { PushNotificationPayload } from "@aea/domain";
import type { VapidDetails } from "../config.ts";
import type { PushSubscriptionRecord } from "./push-subscription.repository.ts";

/**
 * How one delivery went: "sent" (the push service took it), "gone" (the service says the browser
 * unsubscribed: 404 or 410, RFC 8030 §7.3, so the subscription should be forgotten) or "failed"
 * (anything else: a timeout, a refusal, a network error; worth trying again another time).
 */
export type DeliveryOutcome = "sent" | "gone" | "failed";

export interface PushSender {
  send(subscription: PushSubscriptionRecord, notification: PushNotificationPayload): Promise<DeliveryOutcome>;
}

/** A new-deal announcement stays useful for a day; a browser offline longer than that misses it. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Delivers through the browser vendors' push services with the web-push package: the payload is
 * encrypted for the browser (RFC 8291, aes128gcm) and the request signed with our VAPID key (RFC 8292).
 * The package loads with the first delivery (decision 037).
 */
export function webPushSender(vapid: VapidDetails): PushSender {
  return {
    async send(subscription, notification) {
      const { default: webPush } = await import("web-push");
      try {
        await webPush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(notification),
          { vapidDetails: vapid, TTL: TIME_TO_LIVE_SECONDS, timeout: TIMEOUT_MS },
        );
        return "sent";
      } catch (error) {
        if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410))
          return "gone";
        return "failed";
      }
    },
  };
}
