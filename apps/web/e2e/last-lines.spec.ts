import { OLD_BROWSER } from "@aea/domain";
import type { Page } from "@playwright/test";
import { expect, isPhone, test, visit, waitForHydration } from "./fixtures";
import { ADMIN, BUYER, logInByApi } from "./mailbox";

/**
 * The last lines of the spec (issue 26): the hero's side image (§3, §9), the filter tokens in the
 * header (§2), the loading screen (§2), the old-browser banner staying closed (§2, §4, §8),
 * digits-only inputs (§5), the environment badge for staff (§1) and the user id in the data layer (§6, §7).
 */

test.describe.configure({ timeout: 120_000 });

const headerTokens = (page: Page) => page.getByRole("banner").getByRole("list", { name: "Active filters" });

test.describe("the hero's side image", () => {
  test(
    "shows beside the banner on a wide screen, and a phone never downloads it",
    {
      tag: "@phone",
    },
    async ({ page }, testInfo) => {
      const sideImageRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/assets/")) sideImageRequests.push(request.url());
      });
      await visit(page, "/home");
      const hero = page.getByRole("region", { name: "Featured" });
      const picture = hero.locator("picture").first();
      const source = picture.locator("source");
      await expect(source).toHaveAttribute("media", "(min-width: 1024px)");
      const sideImageId = /\/assets\/([^?]+)/.exec((await source.getAttribute("srcset")) ?? "")?.[1] ?? "";
      expect(sideImageId).not.toBe("");
      const image = picture.locator("img");
      // Width and height are set, so the box is kept before the bytes arrive (no layout shift).
      await expect(image).toHaveAttribute("height", "600");
      await expect(image).toHaveAttribute("width", /^\d+$/);
      if (isPhone(testInfo.project.name)) {
        await expect(image).toBeHidden();
        await page.waitForLoadState("networkidle");
        expect(sideImageRequests.filter((url) => url.includes(sideImageId))).toEqual([]);
      } else {
        await expect(image).toBeVisible();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
          .toContain(sideImageId);
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(1);
        const box = await image.boundingBox();
        expect(box?.height ?? 0).toBeLessThanOrEqual(600);
        // Beside the slide's words, on the right.
        const words = await hero.locator(".max-w-xl").first().boundingBox();
        expect(box?.x ?? 0).toBeGreaterThan((words?.x ?? 0) + (words?.width ?? 0));
      }
    },
  );
});

test.describe("filter tokens in the header", () => {
  test(
    "sit in the header's search bar, at most 530 px wide and scrolling sideways past that",
    {
      tag: "@phone",
    },
    async ({ page }, testInfo) => {
      await visit(
        page,
        "/deals/public?type=producing&dealSize=small+medium+large&location=usa+canada+international&search=oil",
      );
      const tokens = headerTokens(page);
      await expect(tokens).toBeVisible();
      // Only in the header: the page body has none of its own.
      await expect(page.getByRole("main").getByRole("list", { name: "Active filters" })).toHaveCount(0);
      const width = (await tokens.boundingBox())?.width ?? 0;
      expect(width).toBeLessThanOrEqual(isPhone(testInfo.project.name) ? 390 : 530);
      for (const label of ["Producing Properties", "Small", "Mid-Value", "Larger", "United States", "Canada"])
        await expect(
          tokens.getByRole("link", { name: new RegExp(`^${label}\\b.*Remove filter`) }),
        ).toHaveCount(1);
      // Nine tokens and Clear all do not fit: the strip scrolls sideways instead of growing.
      const overflow = await tokens.evaluate((strip) => strip.scrollWidth - strip.clientWidth);
      expect(overflow).toBeGreaterThan(0);
      // The strip scrolls, not the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      const clearAll = tokens.getByRole("link", { name: "Clear all" });
      await clearAll.scrollIntoViewIfNeeded();
      expect(await tokens.evaluate((strip) => strip.scrollLeft)).toBeGreaterThan(0);
      await clearAll.click();
      await expect(page).toHaveURL(/\/deals\/public$/);
      await expect(headerTokens(page)).toHaveCount(0);
    },
  );

  test("removing a token keeps the other filters; other pages show none", async ({ page }) => {
    await visit(page, "/deals/public?type=producing&location=usa");
    await headerTokens(page)
      .getByRole("link", { name: /^Producing Properties.*Remove filter/ })
      .click();
    await expect(page).toHaveURL(/\/deals\/public\?location=usa$/);
    await expect(headerTokens(page).getByRole("link", { name: /^United States/ })).toBeVisible();
    await visit(page, "/team?type=producing");
    await expect(headerTokens(page)).toHaveCount(0);
  });
});

test.describe("loading", () => {
  test("/loading: the header hidden, says what is coming, starts the download and leads back", async ({
    page,
    baseURL,
  }) => {
    await logInByApi(page.context(), baseURL ?? "", ADMIN);
    const deals = (await (await page.request.get("/api/Advisors/GetDeals")).json()) as Array<{
      ListingId: number;
      hasVDR: boolean;
    }>;
    const listingId = deals.find((deal) => deal.hasVDR)?.ListingId;
    expect(listingId).toBeDefined();
    await visit(page, `/deals/${listingId}/data-room`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download all (zip)" }).click();
    await expect(page).toHaveURL(/\/loading\?next=/);
    await expect(page.getByRole("heading", { level: 1, name: "Preparing your download" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      "Your file is being put together. It starts downloading by itself in a moment; a large data room takes longer.",
    );
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("searchbox")).toHaveCount(0);
    expect((await downloading).suggestedFilename()).toMatch(/\.zip$/);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(new RegExp(`/deals/${listingId}/data-room$`));
  });

  test("/loading goes only to this site's pages", async ({ page }) => {
    const response = await page.request.get("/loading?next=https%3A%2F%2Fevil.test%2F&back=%2F%2Fevil.test");
    const html = await response.text();
    expect(html).toContain('http-equiv="refresh" content="0; url=/home"');
    expect(html).not.toContain("evil.test");
  });
});

test.describe("Internet Explorer", () => {
  test.use({ userAgent: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko" });

  test("the old-browser banner, once closed, stays closed on later pages of the visit", {
    tag: "@phone",
  }, async ({ page }) => {
    await visit(page, "/team");
    const banner = page.getByRole("alert").filter({ hasText: OLD_BROWSER });
    await expect(banner).toHaveText(new RegExp(`^${OLD_BROWSER}`));
    await banner.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(banner).toHaveCount(0);
    for (const path of ["/home", "/services/divestiture-advisory", "/team"]) {
      await visit(page, path);
      await expect(page.getByText(OLD_BROWSER)).toHaveCount(0);
    }
  });
});

test("digits-only fields take digits and clean a paste; the server still checks", {
  tag: "@phone",
}, async ({ page }) => {
  await visit(page, "/seller");
  // The filter is the page's script; before it runs, what is typed stays and the server checks it.
  await waitForHydration(page);
  const phone = page.getByRole("textbox", { name: "Phone" });
  await phone.click();
  await phone.pressSequentially("(713) 555-01ab00");
  await expect(phone).toHaveValue("713555010" + "0");
  await phone.press("Backspace");
  await phone.press("ArrowLeft");
  await phone.press("Backspace");
  await expect(phone).toHaveValue("71355500");
  await phone.fill("");
  await phone.evaluate((input: HTMLInputElement) => {
    input.focus();
    const clipboardData = new DataTransfer();
    clipboardData.setData("text/plain", "+1 (432) 555-0199 ext. 7");
    input.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
  });
  await expect(phone).toHaveValue("143255501997");
});

test.describe("signed in", () => {
  test("staff see the environment's name in their menu; buyers do not", async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    await logInByApi(page.context(), base, ADMIN);
    await visit(page, "/home");
    await page.getByRole("banner").getByRole("button", { name: "Avery Administrator" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("Environment: TEST", { exact: true })).toBeVisible();

    const buyer = await browser.newContext({ baseURL: base });
    await buyer.addCookies([{ name: "userAgreed", value: "true", url: base, sameSite: "Strict" }]);
    await logInByApi(buyer, base, BUYER);
    const buyerPage = await buyer.newPage();
    await buyerPage.goto("/home");
    await waitForHydration(buyerPage);
    await buyerPage.getByRole("banner").getByRole("button", { name: BUYER.name }).click();
    await expect(buyerPage.getByRole("menu")).toBeVisible();
    await expect(buyerPage.getByText(/Environment:/)).toHaveCount(0);
    await buyer.close();
  });

  test("a signed-in buyer's PDF download carries their user id to the data layer", async ({
    page,
    baseURL,
  }) => {
    await logInByApi(page.context(), baseURL ?? "", BUYER);
    const me = (await (await page.request.get("/api/Auth/CurrentUser")).json()) as { id: number };
    await visit(page, "/seller");
    const download = page.waitForEvent("download");
    await page.getByRole("link").filter({ hasText: "Buyer Network" }).click();
    await download;
    const events = await page.evaluate(() => (window as { dataLayer?: Record<string, unknown>[] }).dataLayer);
    expect(events).toEqual([expect.objectContaining({ event: "pdf_download", user_id: me.id })]);
  });
});
