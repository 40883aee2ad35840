import { browserPushKeys, type PushServiceStandIn, startPushServiceStandIn } from "@aea/core/testing";
import {
  PUSH_NOT_CONFIGURED,
  PUSH_OFFER_ACCEPT,
  PUSH_OFFER_DISMISS,
  PUSH_OFFER_HEADING,
  PUSH_OFFER_TEXT,
} from "@aea/domain";
import type { Page } from "@playwright/test";
import webPush from "web-push";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "./fixtures";
import { ADMIN, logInByApi, newAgreedContext } from "./mailbox";
import { type OwnServer, startOwnServer } from "./own-server";

/**
 * Push notifications (spec §4: production only, offered after the third page load; staff announce a
 * new deal). The shared test server runs without VAPID keys, so other specs never see the offer; the
 * tests that need push start a server of their own here, in production mode with a fresh key pair.
 *
 * Chromium's own pushManager.subscribe() needs Google's push service, which cannot be reached here, so
 * the browser's subscribing is not exercised: a subscription is registered through the API instead,
 * with an endpoint on a local stand-in for the browser vendor's push service, and the test checks what
 * that service receives when staff send a notification.
 */

const offer = (page: Page) => page.getByRole("region", { name: PUSH_OFFER_HEADING });

/** Loads a page and lets the offer decide (it waits for the browser to be idle after hydration). */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        // Queued after the offer's own idle callback, so by now it has shown itself or decided not to.
        requestIdleCallback(() => done(), { timeout: 3000 });
      }),
  );
}

test("without VAPID keys the offer never appears and the API says push is off", async ({ page, request }) => {
  for (const path of ["/home", "/deals/public", "/home"]) await load(page, path);
  expect(await page.evaluate(() => localStorage.getItem("aea.pageLoads"))).toBe("3");
  await expect(offer(page)).toHaveCount(0);
  const keys = browserPushKeys();
  const response = await request.post("/api/Push/Subscribe", {
    data: { endpoint: "https://push.example.test/send/1", keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  expect(response.status()).toBe(503);
  expect(await response.json()).toEqual({ message: PUSH_NOT_CONFIGURED, code: "PUSH_NOT_CONFIGURED" });
});

test("the notifications page is for admins, and says how to turn push on", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/admin/notifications");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fnotifications$/);
  const context = await newAgreedContext(browser, baseURL ?? "");
  try {
    await logInByApi(context, baseURL ?? "", ADMIN);
    const staff = await context.newPage();
    await staff.goto("/admin/notifications");
    await expect(staff.getByRole("heading", { name: "Push notifications are off" })).toBeVisible();
    await expect(staff.getByText(PUSH_NOT_CONFIGURED)).toBeVisible();
    await expect(staff.getByText("npx web-push generate-vapid-keys")).toBeVisible();
    await expectNoSeriousAxeViolations(staff);
  } finally {
    await context.close();
  }
});

test.describe("with push notifications configured", () => {
  const port = Number(process.env.E2E_PUSH_PORT ?? 3190);
  const baseURL = `http://127.0.0.1:${port}`;
  let server: OwnServer | undefined;
  let pushService: PushServiceStandIn;

  test.use({ baseURL });
  test.describe.configure({ mode: "serial", timeout: 60_000 });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    pushService = await startPushServiceStandIn();
    const vapid = webPush.generateVAPIDKeys();
    server = await startOwnServer("push", port, {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      // The stand-in push service is the one push service this server accepts subscriptions for.
      PUSH_SERVICE_HOSTS: "127.0.0.1",
      // The server trusts the stand-in push service's self-signed certificate, as it trusts the real ones.
      NODE_EXTRA_CA_CERTS: pushService.certificateFile,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await pushService?.close();
  });

  test("the offer appears on the third page load only; Not now puts it away for good", async ({ page }) => {
    await load(page, "/home");
    await expect(offer(page)).toHaveCount(0);
    await load(page, "/deals/public");
    await expect(offer(page)).toHaveCount(0);

    await load(page, "/home");
    const card = offer(page);
    await expect(card).toBeVisible();
    await expect(card).toContainText(PUSH_OFFER_TEXT);
    await expect(card.getByRole("button", { name: PUSH_OFFER_ACCEPT })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    // Polite: it does not take the focus from the page.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // The card's buttons are the last in the page's tab order: reachable by keyboard, focus visible.
    const notNow = card.getByRole("button", { name: PUSH_OFFER_DISMISS });
    await page.keyboard.press("Shift+Tab");
    await expect(card.getByRole("button", { name: PUSH_OFFER_ACCEPT })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(notNow).toBeFocused();
    expect(await notNow.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Enter");
    await expect(card).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("aea.pushOfferDismissed"))).toBe("1");

    await load(page, "/home");
    await expect(offer(page)).toHaveCount(0);
    await load(page, "/deals/public");
    await expect(offer(page)).toHaveCount(0);
  });

  test("the service worker is served fresh, and a plain-http endpoint is refused", async ({ request }) => {
    const worker = await request.get("/sw.js");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
    expect(await worker.text()).toContain("showNotification");
    const keys = browserPushKeys();
    const refused = await request.post("/api/Push/Subscribe", {
      data: { endpoint: "http://push.example.test/send/1", keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(refused.status()).toBe(400);
  });

  test("staff announce a deal at /admin/notifications and the subscribed browser's push service gets it", async ({
    browser,
    request,
  }) => {
    const keys = browserPushKeys();
    const endpoint = pushService.endpoint("e2e-browser");
    const subscribed = await request.post("/api/Push/Subscribe", {
      data: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(200);

    const context = await newAgreedContext(browser, baseURL);
    try {
      await logInByApi(context, baseURL, ADMIN);
      const page = await context.newPage();
      await page.goto("/admin/notifications");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Notifications" })).toHaveAttribute(
        "href",
        "/admin/notifications",
      );
      await expect(page.getByText("Subscribed browsers").locator("xpath=following-sibling::p[1]")).toHaveText(
        "1",
      );

      const select = page.getByLabel("Deal to announce");
      const option = select.locator("option").nth(1);
      const listingId = await option.getAttribute("value");
      const label = (await option.textContent()) ?? "";
      await select.selectOption(listingId ?? "");
      const before = pushService.received.length;
      await page.getByRole("button", { name: "Notify subscribers" }).click();
      const result = page.getByRole("status").filter({ hasText: "sent to" });
      await expect(result).toContainText("sent to 1 browser.");
      await expectNoSeriousAxeViolations(page);

      const pushes = pushService.received.slice(before);
      expect(pushes).toHaveLength(1);
      expect(pushes[0].path).toBe(new URL(endpoint).pathname);
      expect(pushes[0].headers["content-encoding"]).toBe("aes128gcm");
      expect(pushes[0].headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      const message = JSON.parse(keys.decrypt(pushes[0].body));
      expect(message).toMatchObject({ url: `/deals/${listingId}`, icon: "/notification-icon.png" });
      expect(label.startsWith(message.title.replace(/^New deal: /, ""))).toBe(true);
      expect(message.title).toMatch(/^New deal: /);
    } finally {
      await context.close();
    }
  });
});
