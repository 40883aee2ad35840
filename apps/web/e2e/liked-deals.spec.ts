import type { Locator } from "@playwright/test";
import { activeFilters, cardIds, cards, open } from "./deal-pages";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "./fixtures";
import { BUYER, logInByApi, newAgreedContext } from "./mailbox";

/**
 * Liking deals and finding them under Liked.
 * Expected values come from deal-book.ts: the public API read with the spec's rules.
 */

test.describe("liked deals", () => {
  /** The heart sits on the card's cover, whole and clickable, not pushed out of sight. */
  async function expectOnCover(card: Locator, heart: Locator): Promise<void> {
    const cover = await card.locator("div").first().boundingBox();
    const box = await heart.boundingBox();
    expect(cover && box).toBeTruthy();
    if (!cover || !box) return;
    expect(box.x).toBeGreaterThanOrEqual(cover.x);
    expect(box.y).toBeGreaterThanOrEqual(cover.y);
    expect(box.x + box.width).toBeLessThanOrEqual(cover.x + cover.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(cover.y + cover.height + 0.5);
  }

  test("an anonymous visitor's heart on a card asks to log in, keeping the list to return to", async ({
    page,
  }) => {
    await open(page, "/deals/public?sort=newest");
    const card = cards(page).first();
    const heart = card.getByRole("link", { name: "Log in to like this deal" });
    await expectOnCover(card, heart);
    await heart.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdeals%2Fpublic%3Fsort%3Dnewest$/);
  });

  test("a buyer likes a deal on its card, finds it under Liked, and unlikes it", { tag: "@phone" }, async ({
    browser,
    baseURL,
  }) => {
    const context = await newAgreedContext(browser, baseURL ?? "");
    await logInByApi(context, baseURL ?? "", BUYER);
    const page = await context.newPage();
    try {
      await open(page, "/deals/public");
      const card = cards(page).nth(2);
      const [id] = (await cardIds(page)).slice(2, 3);
      const heart = card.getByRole("button", { name: "Like this deal" });
      await expectOnCover(card, heart);
      if ((await heart.getAttribute("aria-pressed")) === "true") {
        await heart.click();
        await expect(heart).toHaveAttribute("aria-pressed", "false");
      }
      await heart.click();
      await expect(heart).toHaveAttribute("aria-pressed", "true");

      await open(page, "/deals/public?liked=true");
      expect(await cardIds(page)).toContain(id);
      await expect(activeFilters(page).getByText("Liked")).toBeVisible();

      await cards(page)
        .filter({ has: page.locator(`a[href="/deals/${id}"]`) })
        .getByRole("button", { name: "Like this deal" })
        .click();
      await page.reload();
      await waitForHydration(page);
      expect(await cardIds(page)).not.toContain(id);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});
