import { z } from "../zod.ts";

/**
 * What a browser sends when it subscribes to push notifications: its PushSubscription as JSON
 * (`subscription.toJSON()`). Checked the same way by the API route and the browser before it posts.
 */

/**
 * Push services are always https; a plain-http endpoint is refused everywhere (tests run their
 * stand-in push service over https with a certificate of their own rather than weaken this).
 */
const endpoint = z
  .url({ protocol: /^https$/, error: "endpoint must be the push service's https URL" })
  .max(2048, "endpoint is too long");

// The browser's keys in base64url, unpadded as browsers send them (a trailing "=" pad is tolerated):
// p256dh is an uncompressed P-256 point (65 bytes, first byte 0x04, hence "B"); auth is 16 bytes.
const p256dh = z
  .string()
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, "keys.p256dh must be the browser's P-256 public key in base64url");
const auth = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}(==)?$/, "keys.auth must be the browser's 16-byte auth secret in base64url");

export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh, auth }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint });

/** Staff announce one deal to every subscribed browser. */
export const notifyNewDealSchema = z.object({
  listingId: z.coerce
    .number({ error: "listingId must be a deal's id" })
    .int()
    .positive("listingId must be a deal's id"),
});
