import type { Core } from "@aea/core";
import {
  browserPushKeys,
  type PushServiceStandIn,
  startPushServiceStandIn,
  testDatabase,
  testEngines,
} from "@aea/core/testing";
import { isAnnounceableDeal, type Listing } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { buildApp } from "../../app.ts";

const json = { "content-type": "application/json" };
const origin = "http://localhost:3000";
const vapid = webPush.generateVAPIDKeys();

function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const header = response.headers["set-cookie"];
  return (Array.isArray(header) ? header[0] : String(header ?? "")).split(";")[0];
}

describe.each(testEngines())("push API on $name", (engine) => {
  let core: Core;
  let app: FastifyInstance;
  // Plays the browser vendor's push service (FCM, autopush, …), which tests cannot reach.
  let pushService: PushServiceStandIn;
  let admin: string;
  let buyer: string;
  let deal: Listing;

  let address = 0;
  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: "POST",
      url,
      headers: cookie ? { ...json, cookie, origin } : json,
      payload: payload as object,
      remoteAddress: `10.7.0.${++address}`,
    });
  const logIn = async (email: string, password: string) =>
    cookieFrom(await post("/api/Auth/Login", { email, password, rememberMe: false, applicationName: "AEA" }));
  const subscription = (name: string, keys = browserPushKeys()) => ({
    endpoint: pushService.endpoint(name),
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });

  beforeAll(async () => {
    pushService = await startPushServiceStandIn();
    pushService.trustInThisProcess();
    core = await engine.create({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_SERVICE_HOSTS: "127.0.0.1",
    });
    app = await buildApp({ core, withWebApp: false });
    admin = await logIn("admin@anticline.test", "Admin123!");
    buyer = await logIn("buyer@anticline.test", "Buyer123!");
    const announceable = (await core.listings.publicListings()).find(isAnnounceableDeal);
    if (!announceable) throw new Error("the demo data has no announceable deal");
    deal = announceable;
  });
  afterAll(async () => {
    await app.close();
    await core.close();
    await pushService.close();
  });

  it("subscribes anyone, recording the signed-in user; subscribing again renews", async () => {
    const anonymous = await post("/api/Push/Subscribe", subscription("anonymous"));
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ message: "You will be notified about new deals." });
    expect((await post("/api/Push/Subscribe", subscription("signed-in"), buyer)).statusCode).toBe(200);
    expect((await post("/api/Push/Subscribe", subscription("signed-in"))).statusCode).toBe(200);
    const rows = await testDatabase(core)
      .db.selectFrom("push_subscriptions")
      .select(["endpoint", "userId"])
      .execute();
    const buyerId = (await core.accounts.findUserByEmail("buyer@anticline.test"))?.id;
    expect(rows.map((r) => ({ ...r }))).toEqual([
      { endpoint: pushService.endpoint("anonymous"), userId: null },
      { endpoint: pushService.endpoint("signed-in"), userId: buyerId },
    ]);
  });

  it("refuses a subscription that is not a browser's PushSubscription", async () => {
    const good = subscription("bad");
    for (const [payload, path] of [
      [{ ...good, endpoint: "http://push.example.test/x" }, "/endpoint"],
      [{ ...good, endpoint: "javascript:alert(1)" }, "/endpoint"],
      [{ ...good, keys: { ...good.keys, p256dh: "BOO" } }, "/keys/p256dh"],
      [{ ...good, keys: { ...good.keys, auth: "not base64url!" } }, "/keys/auth"],
      [{ endpoint: good.endpoint }, "/keys"],
    ] as const) {
      const response = await post("/api/Push/Subscribe", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION",
        issues: [expect.objectContaining({ path })],
      });
    }
    expect(await core.push.count()).toBe(2);
  });

  it("refuses an https endpoint that is not a push service's, so nobody can aim our requests elsewhere", async () => {
    const response = await post("/api/Push/Subscribe", {
      ...subscription("elsewhere"),
      endpoint: "https://169.254.169.254/latest/meta-data",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "endpoint must be the URL of a browser's push service (Chrome, Firefox, Edge or Safari).",
      code: "PUSH_SERVICE_UNKNOWN",
    });
    expect(await core.push.count()).toBe(2);
  });

  it("lets only admins announce a deal (401, 403), and checks the deal", async () => {
    const anonymous = await post("/api/Push/NotifyNewDeal", { listingId: deal.ListingId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Login to access this page", code: "1001" });
    const notAdmin = await post("/api/Push/NotifyNewDeal", { listingId: deal.ListingId }, buyer);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().code).toBe("FORBIDDEN");
    expect((await post("/api/Push/NotifyNewDeal", { listingId: "soon" }, admin)).statusCode).toBe(400);
    expect((await post("/api/Push/NotifyNewDeal", { listingId: 987_654_321 }, admin)).json()).toMatchObject({
      code: "DEAL_NOT_FOUND",
    });
    const [privateDeal] = await core.listings.privateListings();
    const refused = await post("/api/Push/NotifyNewDeal", { listingId: privateDeal.ListingId }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("DEAL_NOT_ANNOUNCEABLE");
    expect(pushService.received).toHaveLength(0);
  });

  it("delivers an encrypted, VAPID-signed notification that the browser's key opens; 410 removes", async () => {
    const keys = browserPushKeys();
    const delivered = subscription("delivered", keys);
    expect((await post("/api/Push/Subscribe", delivered)).statusCode).toBe(200);
    for (const name of ["anonymous", "signed-in"]) pushService.answer(pushService.endpoint(name), 410);
    const before = pushService.received.length;

    const response = await post("/api/Push/NotifyNewDeal", { listingId: deal.ListingId }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: 1, removed: 2, failed: 0 });

    const push = pushService.received
      .slice(before)
      .find((p) => p.path === new URL(delivered.endpoint).pathname);
    if (!push) throw new Error("the push service got nothing for the subscribed browser");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers["content-type"]).toBe("application/octet-stream");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    // RFC 8292: a JWT signed with our private key, for this push service's origin, and our public key.
    const [, jwt, key] =
      /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization)) ?? [];
    expect(key).toBe(vapid.publicKey);
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString("utf8"));
    expect(claims).toMatchObject({ aud: pushService.origin, sub: "mailto:support@anticline.test" });
    expect(JSON.parse(keys.decrypt(push.body))).toEqual({
      title: `New deal: ${deal.Header}`,
      body:
        [deal.listingTypeDesc, deal.location].filter(Boolean).join(" · ") || "A new deal is on the market.",
      url: `/deals/${deal.ListingId}`,
      icon: "/notification-icon.png",
    });
    expect(await core.push.count()).toBe(1);
  });

  it("unsubscribes by endpoint", async () => {
    const response = await post("/api/Push/Unsubscribe", { endpoint: pushService.endpoint("delivered") });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Unsubscribed." });
    expect(await core.push.count()).toBe(0);
    expect((await post("/api/Push/Unsubscribe", { endpoint: "nope" })).statusCode).toBe(400);
  });

  it("is described in the API reference", async () => {
    const { paths } = (await app.inject("/api/docs/json")).json();
    for (const path of ["/api/Push/Subscribe", "/api/Push/Unsubscribe", "/api/Push/NotifyNewDeal"])
      expect(paths[path]?.post?.tags, path).toEqual(["Push"]);
  });

  it("answers 503 on every route while push is off (no VAPID keys)", async () => {
    const offCore = await engine.reopen({ ...core, config: { ...core.config, vapid: undefined } });
    const off = await buildApp({ core: offCore, withWebApp: false });
    try {
      for (const [url, payload] of [
        ["/api/Push/Subscribe", subscription("off")],
        ["/api/Push/Unsubscribe", { endpoint: pushService.endpoint("off") }],
        ["/api/Push/NotifyNewDeal", { listingId: deal.ListingId }],
      ] as const) {
        const response = await off.inject({
          method: "POST",
          url,
          headers: { ...json, cookie: admin, origin },
          payload,
        });
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({
          message: "Push notifications are not configured on this server.",
          code: "PUSH_NOT_CONFIGURED",
        });
      }
    } finally {
      await off.close();
      await offCore.close();
    }
  });
});
