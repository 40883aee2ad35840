import type { Page } from "@playwright/test";
import { expect as baseExpect, test, visit } from "./fixtures";
import { adminStorageState } from "./mailbox";

/**
 * Staff curation: the order of the public deals (admin Reorder Deals) and the similar deals of a deal
 * page (admin Similar Deals). The public pages follow each change at once.
 */

// The pages list every public deal: on a busy machine a save and its re-render take a few seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The deals a part of the page links to, in order, each once. */
async function linkedDeals(page: Page, scope: string): Promise<number[]> {
  const hrefs = await page
    .locator(`${scope} a[href^="/deals/"]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const ids = hrefs.flatMap((href) => (/^\/deals\/(\d+)$/.exec(href) ? [Number(href.slice(7))] : []));
  return ids.filter((id, index) => ids.indexOf(id) === index);
}

const rowIds = (page: Page) =>
  page
    .locator("li[data-listing-id]")
    .evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.listingId)));

test.describe("admin curation", () => {
  test.skip(
    ({ isMobile }) => isMobile,
    "staff tools are checked at desktop here; phone width by screenshots",
  );

  // Each test walks several staff and public pages, each checked by axe.
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ context, browser, baseURL }) => {
    await context.addCookies((await adminStorageState(browser, baseURL ?? "")).cookies);
  });

  test("reorders two deals by keyboard, the public list follows, and Undo puts them back", async ({
    page,
  }) => {
    await visit(page, "/deals/public");
    const [first, second, third] = await linkedDeals(page, "main");

    await visit(page, "/admin/reorder-deals");
    await expect(page.getByRole("heading", { name: "Reorder Deals", level: 1 })).toBeVisible();
    expect((await rowIds(page)).slice(0, 3)).toEqual([first, second, third]);

    // The Move up button, from the keyboard: focus stays with the deal that moved.
    const secondRow = page.locator(`li[data-listing-id="${second}"]`);
    await secondRow.getByRole("button", { name: /up$/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "The new order is saved" })).toBeVisible();
    await expect.poll(async () => (await rowIds(page)).slice(0, 3)).toEqual([second, first, third]);
    await expect(secondRow.getByRole("button", { name: /down$/ })).toBeFocused();

    // dnd-kit's keyboard sensor: pick the third deal up with Space, move it up, drop it. Each key waits
    // for what a screen reader hears, so none lands before the list has taken the one before it.
    const announced = (text: RegExp) => page.getByRole("status").filter({ hasText: text });
    const handle = page.getByRole("button", { name: /^Drag to reorder/ }).nth(2);
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(announced(/ is over position 3 of \d+\.$/)).toBeAttached();
    await page.keyboard.press("ArrowUp");
    await expect(announced(/ is over position 2 of \d+\.$/)).toBeAttached();
    await page.keyboard.press("Space");
    await expect.poll(async () => (await rowIds(page)).slice(0, 3)).toEqual([second, third, first]);
    await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();

    await visit(page, "/deals/public");
    expect((await linkedDeals(page, "main")).slice(0, 3)).toEqual([second, third, first]);

    // Undo the last move (the drag) only.
    await visit(page, "/admin/reorder-deals");
    await expect(page.getByRole("button", { name: "Undo" })).toHaveCount(0);
    const handleOfFirst = page.locator(`li[data-listing-id="${first}"]`).getByRole("button", { name: /up$/ });
    await handleOfFirst.click();
    await expect.poll(async () => (await rowIds(page)).slice(0, 3)).toEqual([second, first, third]);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The last move is undone" })).toBeVisible();
    await expect.poll(async () => (await rowIds(page)).slice(0, 3)).toEqual([second, third, first]);

    await visit(page, "/deals/public");
    expect((await linkedDeals(page, "main")).slice(0, 3)).toEqual([second, third, first]);
  });

  test("a change made on a stale list is refused and the fresh order shown", async ({
    page,
    browser,
    baseURL,
  }) => {
    await visit(page, "/admin/reorder-deals");
    const before = await rowIds(page);
    // Another admin moves a deal meanwhile.
    const other = await browser.newContext({
      baseURL,
      storageState: await adminStorageState(browser, baseURL ?? ""),
    });
    const otherPage = await other.newPage();
    await visit(otherPage, "/admin/reorder-deals");
    await otherPage
      .locator(`li[data-listing-id="${before[1]}"]`)
      .getByRole("button", { name: /up$/ })
      .click();
    await expect(otherPage.getByRole("status").filter({ hasText: "The new order is saved" })).toBeVisible();
    await other.close();

    await page.locator(`li[data-listing-id="${before[3]}"]`).getByRole("button", { name: /up$/ }).click();
    await expect(page.getByRole("alert")).toContainText("Someone else reordered the deals meanwhile");
    await expect
      .poll(async () => (await rowIds(page)).slice(0, 4))
      .toEqual([before[1], before[0], before[2], before[3]]);
  });

  test("pins and hides a similar deal, and the deal page follows", async ({ page }) => {
    await visit(page, "/admin/similar-deals");
    const select = page.getByLabel("Listing");
    const dealId = Number(await select.locator("option").nth(5).getAttribute("value"));
    await select.selectOption(String(dealId));
    await page.getByRole("button", { name: "Show similar deals" }).click();
    await expect(page).toHaveURL(new RegExp(`listingId=${dealId}$`));
    await expect(page.getByRole("table")).toBeVisible();

    const ranked = await linkedDeals(page, "table tbody");
    await visit(page, `/deals/${dealId}`);
    const shown = await linkedDeals(page, 'section[aria-labelledby="similar-title"]');
    expect(shown).toEqual(ranked.slice(0, 4));

    await visit(page, `/admin/similar-deals?listingId=${dealId}`);
    const pin = ranked[6];
    const hide = ranked[0];
    await page.locator("tbody tr").nth(6).getByRole("button", { name: /^Pin:/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "is pinned first" })).toBeVisible();
    await expect(page.locator("tbody tr").first()).toContainText("Pinned");
    await page
      .locator("tbody tr", { has: page.locator(`a[href="/deals/${hide}"]`) })
      .getByRole("button", { name: /^Hide:/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "is hidden" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Hidden from this deal's page" })).toBeVisible();

    await visit(page, `/deals/${dealId}`);
    const after = await linkedDeals(page, 'section[aria-labelledby="similar-title"]');
    expect(after[0]).toBe(pin);
    expect(after).not.toContain(hide);

    // Showing it again puts it back where the ranking has it.
    await visit(page, `/admin/similar-deals?listingId=${dealId}`);
    await page.getByRole("button", { name: /^Show again:/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "follows the ranking again" })).toBeVisible();
    await visit(page, `/deals/${dealId}`);
    expect(await linkedDeals(page, 'section[aria-labelledby="similar-title"]')).toContain(hide);
  });
});
