import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { notifyNewDealSchema, pushSubscriptionSchema } from "./push-schemas.ts";

function browserSubscription(endpoint = "https://push.example.test/send/abc123") {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

describe("push subscription schema", () => {
  it("accepts a browser's subscription as PushSubscription.toJSON() gives it", () => {
    const subscription = browserSubscription();
    expect(pushSubscriptionSchema.parse(subscription)).toEqual(subscription);
    const { expirationTime: _, ...withoutExpiry } = subscription;
    expect(pushSubscriptionSchema.safeParse(withoutExpiry).success).toBe(true);
  });

  it.each([
    ["http endpoint", { endpoint: "http://push.example.test/send/abc" }, "endpoint"],
    ["no endpoint", { endpoint: "" }, "endpoint"],
    ["short p256dh", { keys: { p256dh: "BAAA", auth: randomBytes(16).toString("base64url") } }, "keys"],
    [
      "compressed or foreign p256dh",
      { keys: { p256dh: `A${"a".repeat(86)}`, auth: randomBytes(16).toString("base64url") } },
      "keys",
    ],
    [
      "standard base64 auth",
      { keys: { p256dh: browserSubscription().keys.p256dh, auth: "ab+/cdefghijklmnopqrst" } },
      "keys",
    ],
  ])("refuses a subscription with %s", (_name, change, field) => {
    const result = pushSubscriptionSchema.safeParse({ ...browserSubscription(), ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it("takes a deal's id as a positive integer", () => {
    expect(notifyNewDealSchema.parse({ listingId: "42" })).toEqual({ listingId: 42 });
    expect(notifyNewDealSchema.safeParse({ listingId: 0 }).success).toBe(false);
    expect(notifyNewDealSchema.safeParse({}).success).toBe(false);
  });
});
