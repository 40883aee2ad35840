import { AppError, isActive } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import type { Core } from "../core.ts";
import {
  browserPushKeys,
  type PushServiceStandIn,
  startPushServiceStandIn,
} from "../testing/push-service-stand-in.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import { PushSubscriptionRepository } from "./push-subscription.repository.ts";

/** The admin edits are made as: core checks the acting user itself. */
const staff = { id: 1, isAdmin: true };

const vapid = webPush.generateVAPIDKeys();

describe.each(testEngines())("push notifications on $name", (engine) => {
  let core: Core;
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushServiceStandIn();
    pushService.trustInThisProcess();
    core = await engine.create({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_SERVICE_HOSTS: "127.0.0.1",
    });
  });
  afterAll(async () => {
    await core.close();
    await pushService.close();
  });

  const subscription = (name: string, keys = browserPushKeys()) => ({
    endpoint: pushService.endpoint(name),
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  const announceable = async () => (await core.listings.publicListings()).find((l) => isActive(l) && !l.sold);

  it("keeps one subscription per endpoint, renewing its keys and keeping its user", async () => {
    const buyer = await core.accounts.findUserByEmail("buyer@anticline.test");
    const first = subscription("renewed");
    await core.push.subscribe(first, buyer ? core.sessions.sessionUser(buyer) : null);
    const renewed = subscription("renewed");
    await core.push.subscribe(renewed, null);
    expect(await core.push.count()).toBe(1);
    const all = await pushStore(core);
    expect(all).toEqual([
      expect.objectContaining({ endpoint: renewed.endpoint, p256dh: renewed.keys.p256dh, userId: buyer?.id }),
    ]);
    expect(await core.push.unsubscribe(renewed.endpoint)).toBe(true);
    expect(await core.push.unsubscribe(renewed.endpoint)).toBe(false);
    expect(await core.push.count()).toBe(0);
  });

  it("sends an encrypted, signed new-deal message to every browser; forgets the gone, counts the failed", async () => {
    const listing = await announceable();
    if (!listing) throw new Error("the demo data has no active public deal");
    const keys = browserPushKeys();
    const delivered = subscription("delivered", keys);
    const gone = subscription("gone");
    const broken = subscription("broken");
    for (const s of [delivered, gone, broken]) await core.push.subscribe(s, null);
    pushService.answer(gone.endpoint, 410);
    pushService.answer(broken.endpoint, 500);
    const before = pushService.received.length;

    expect(await core.push.notifyNewDeal(staff, listing.ListingId)).toEqual({
      sent: 1,
      removed: 1,
      failed: 1,
    });

    const pushes = pushService.received.slice(before);
    expect(pushes).toHaveLength(3);
    const push = pushes.find((p) => p.path === new URL(delivered.endpoint).pathname);
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(push?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
    expect(JSON.parse(keys.decrypt(push?.body ?? Buffer.alloc(0)))).toEqual({
      title: `New deal: ${listing.Header}`,
      body: expect.any(String),
      url: `/deals/${listing.ListingId}`,
      icon: "/notification-icon.png",
    });
    expect((await pushStore(core)).map((s) => s.endpoint).sort()).toEqual(
      [broken.endpoint, delivered.endpoint].sort(),
    );
  });

  it("refuses an endpoint outside the push services, and never sends to one stored before the list narrowed", async () => {
    const before = await pushStore(core);
    const inside = { ...subscription("inside"), endpoint: "https://10.0.0.7/admin/reset" };
    await expect(core.push.subscribe(inside, null)).rejects.toMatchObject({
      status: 400,
      code: "PUSH_SERVICE_UNKNOWN",
    });
    expect(await pushStore(core)).toEqual(before);

    const listing = await announceable();
    if (!listing) throw new Error("the demo data has no active public deal");
    await new PushSubscriptionRepository(testDatabase(core).db).save({
      endpoint: inside.endpoint,
      p256dh: inside.keys.p256dh,
      auth: inside.keys.auth,
      userId: null,
      createdAt: new Date().toISOString(),
    });
    const result = await core.push.notifyNewDeal(staff, listing.ListingId);
    expect(result.sent + result.removed + result.failed).toBe(before.length);
    await new PushSubscriptionRepository(testDatabase(core).db).remove(inside.endpoint);
  });

  it("announces a deal only for staff: any other actor is refused before anything is sent", async () => {
    const [deal] = await core.listings.publicListings();
    const sent = pushService.received.length;
    await expect(
      core.push.notifyNewDeal({ id: staff.id, isAdmin: false }, deal.ListingId),
    ).rejects.toMatchObject({
      status: 403,
      code: "FORBIDDEN",
    });
    expect(pushService.received.length).toBe(sent);
  });

  it("announces only public deals still on the market", async () => {
    const [privateDeal] = await core.listings.privateListings();
    await expect(core.push.notifyNewDeal(staff, privateDeal.ListingId)).rejects.toMatchObject({
      status: 409,
      code: "DEAL_NOT_ANNOUNCEABLE",
    });
    await expect(core.push.notifyNewDeal(staff, 999_999_999)).rejects.toMatchObject({ status: 404 });
  });

  it("is off without VAPID keys, and keeps the subscriptions it had", async () => {
    const off = await engine.reopen({ ...core, config: { ...core.config, vapid: undefined } });
    try {
      expect(off.push.enabled).toBe(false);
      expect(off.push.publicKey).toBeUndefined();
      await expect(off.push.subscribe(subscription("off"), null)).rejects.toThrow(AppError);
      await expect(off.push.notifyNewDeal(staff, 1)).rejects.toMatchObject({
        status: 503,
        code: "PUSH_NOT_CONFIGURED",
      });
      expect(await off.push.count()).toBe(2);
    } finally {
      await off.close();
    }
  });
});

/** The stored subscriptions, read past the service (which never lists them). */
function pushStore(core: Core) {
  return new PushSubscriptionRepository(testDatabase(core).db).all();
}
