import {
  type Deal,
  ids,
  isClosing,
  isSold,
  ofType,
  PAGE_SIZE,
  pageLabel,
  publicDeals,
  studyDeals,
} from "./deal-book";
import {
  cardIds,
  cardStickers,
  cards,
  cardsInFirstRow,
  countLabel,
  dealsRegion,
  open,
  viewLink,
} from "./deal-pages";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The deal list as a buyer reads it: its views, pages, status stickers, the research studies, and small screens.
 * Expected values come from deal-book.ts: the public API read with the spec's rules.
 */

test.describe("deal views", () => {
  test("every view opens by URL and marks its view link as current", async ({ page }) => {
    const views: Array<[string, string]> = [
      ["print", "Print view"],
      ["map", "Map view"],
      ["list", "List view"],
      ["table", "Table view"],
      ["2x", "2 per row view"],
      ["3x", "3 per row view"],
      ["4x", "4 per row view"],
      ["1x", "1 per row view"],
    ];
    for (const [view, name] of views) {
      await page.goto(`/deals/public?view=${view}`);
      await waitForHydration(page);
      await expect(viewLink(page, name), view).toHaveAttribute("aria-current", "page");
      for (const [, other] of views.filter(([v]) => v !== view)) {
        await expect(viewLink(page, other)).not.toHaveAttribute("aria-current", "page");
      }
    }
  });

  test("list by default; clicking the grid links shows 14 deals in 1, 2, 3 and 4 columns", {
    tag: "@phone",
  }, async ({ page, isMobile }) => {
    await open(page, "/deals/public");
    await expect(viewLink(page, "List view")).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect.poll(() => cardsInFirstRow(page)).toBe(1);
    const wide = (page.viewportSize()?.width ?? 0) >= 1200;
    for (const [view, name, columns] of [
      ["1x", "1 per row view", 1],
      ["2x", "2 per row view", 2],
      ["3x", "3 per row view", 3],
      ["4x", "4 per row view", 4],
    ] as const) {
      await viewLink(page, name).click();
      await expect(page).toHaveURL(new RegExp(`/deals/public\\?view=${view}$`));
      await expect(viewLink(page, name)).toHaveAttribute("aria-current", "page");
      await expect(cards(page)).toHaveCount(PAGE_SIZE);
      await expect(countLabel(page)).toHaveText(/^1-14 of \d+$/);
      // A phone has room for one column whatever the view.
      await expect.poll(() => cardsInFirstRow(page), `${view} columns`).toBe(wide && !isMobile ? columns : 1);
    }
    await viewLink(page, "List view").click();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test("a card's name opens its deal in the browser, and Back returns to the list", async ({ page }) => {
    await open(page, "/deals/public");
    const link = cards(page).first().getByRole("heading").getByRole("link");
    const name = ((await link.textContent()) ?? "").trim();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await link.click();
    await expect(page).toHaveURL(/\/deals\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    // Opened without loading a new document, as every link of the site's own pages is.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await expect(cards(page).first().getByRole("heading")).toHaveText(name);
  });

  test("the table view has column headers and sorts by deal name A-Z, then Z-A", async ({ page }) => {
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    await open(page, "/deals/public");
    await viewLink(page, "Table view").click();
    await expect(page).toHaveURL(/\/deals\/public\?view=table$/);
    const table = dealsRegion(page).getByRole("table");
    await expect(table).toBeVisible();
    for (const column of ["#", "Deal", "Type", "Region", "Basin / play", "Location", "Status", "Listed"]) {
      await expect(table.getByRole("columnheader", { name: new RegExp(`^${column}`) })).toBeVisible();
    }
    await expect(table.locator("tbody tr")).toHaveCount(PAGE_SIZE);
    const dealHeader = table.getByRole("columnheader", { name: /^Deal/ });
    await expect(dealHeader).toHaveAttribute("aria-sort", "none");
    const headers = () => table.locator("tbody tr td:nth-child(2) a").allTextContents();
    const inOrder = (names: string[], direction: 1 | -1) =>
      names.every((name, i) => i === 0 || collator.compare(names[i - 1] ?? "", name) * direction <= 0);

    await dealHeader.getByRole("link").click();
    await expect(page).toHaveURL(/\/deals\/public\?sort=header&view=table$/);
    await expect(countLabel(page)).toHaveText(/^1-14 of /);
    await expect.poll(async () => inOrder(await headers(), 1), "rows A-Z").toBe(true);
    const firstAtoZ = (await headers())[0];
    await expect(dealHeader).toHaveAttribute("aria-sort", "ascending");

    await dealHeader.getByRole("link").click();
    await expect(page).toHaveURL(/\/deals\/public\?sort=header&reverse=true&view=table$/);
    await expect.poll(async () => inOrder(await headers(), -1), "rows Z-A").toBe(true);
    await expect.poll(async () => (await headers())[0]).not.toBe(firstAtoZ);
    await expect(dealHeader).toHaveAttribute("aria-sort", "descending");
  });

  test("the map view shows the map of deals with a MapLibre canvas and no paging", { tag: "@phone" }, async ({
    page,
  }) => {
    await open(page, "/deals/public");
    await viewLink(page, "Map view").click();
    await expect(page).toHaveURL(/\/deals\/public\?view=map$/);
    const map = page.getByRole("region", { name: "Map of deals" });
    await expect(map).toBeVisible({ timeout: 20_000 });
    await expect(map.locator("canvas").first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  });

  test("the print view lists every matching deal, not one page, with a Print button", async ({
    page,
    request,
  }) => {
    const deals = await publicDeals(request);
    await open(page, "/deals/public?view=print");
    const printable = page.getByRole("region", { name: "Printable list" });
    await expect(printable.locator("ol > li")).toHaveCount(deals.length);
    await expect(printable).toContainText(`${deals.length} deals`);
    await expect(printable.getByRole("button", { name: "Print" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

    const producing = ofType(deals, "producing");
    expect(producing.length).toBeGreaterThan(PAGE_SIZE);
    await page.goto("/deals/public?type=producing&view=print");
    await waitForHydration(page);
    await expect(printable.locator("ol > li")).toHaveCount(producing.length);
    const printed = await printable
      .locator("ol > li > p:first-child")
      .allTextContents()
      .then((lines) => lines.map((line) => Number(/^#(\d+)/.exec(line.trim())?.[1])));
    expect(printed.sort((a, b) => a - b)).toEqual(ids(producing));
  });
});

test.describe("pagination", () => {
  test("14 a page with Previous and Next, and the last page clamped to a full page", async ({
    page,
    request,
  }) => {
    const total = (await publicDeals(request)).length;
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
    await open(page, "/deals/public");
    const pages = page.getByRole("navigation", { name: "Pages" }).first();
    await expect(countLabel(page)).toHaveText(`1-14 of ${total}`);
    await expect(pages.locator('[aria-disabled="true"]', { hasText: "Previous" })).toBeVisible();
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    const first = await cardIds(page);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/deals\/public\?page=2$/);
    await expect(countLabel(page)).toHaveText(`15-28 of ${total}`);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const second = await cardIds(page);
    expect(second.filter((id) => first.includes(id))).toEqual([]);

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await expect(countLabel(page)).toHaveText(`1-14 of ${total}`);

    const lastPage = Math.ceil(total / PAGE_SIZE);
    const lastLabel = `${total - PAGE_SIZE + 1}-${total} of ${total}`; // §5: start ≤ total − 14 + 1
    expect(pageLabel(total, lastPage)).toBe(lastLabel);
    await page.goto(`/deals/public?page=${lastPage}`);
    await waitForHydration(page);
    await expect(countLabel(page)).toHaveText(lastLabel);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(pages.locator('[aria-disabled="true"]', { hasText: "Next" })).toBeVisible();
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);

    await open(page, "/deals/public?page=999");
    await expect(countLabel(page)).toHaveText(lastLabel);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });
});

test.describe("deal status", () => {
  test("paging through every deal: sold deals carry 'Sold' and come after all others; closing deals carry 'Closing'", async ({
    page,
    request,
  }) => {
    const deals = await publicDeals(request);
    const byId = new Map(deals.map((d) => [d.ListingId, d]));
    await open(page, "/deals/public");
    const pageCount = Math.ceil(deals.length / PAGE_SIZE);
    const seen: Array<{ id: number; sticker: string | null }> = [];
    for (let p = 1; p <= pageCount; p++) {
      if (p > 1) {
        await page
          .getByRole("navigation", { name: "Pages" })
          .first()
          .getByRole("link", { name: "Next" })
          .click();
      }
      await expect(countLabel(page)).toHaveText(pageLabel(deals.length, p));
      const onPage = await cardStickers(page);
      if (p === 1)
        expect(
          onPage.filter((c) => c.sticker === "Sold"),
          "sold on page 1",
        ).toEqual([]);
      if (p === pageCount)
        expect(
          onPage.some((c) => c.sticker === "Sold"),
          "sold on the last page",
        ).toBe(true);
      for (const card of onPage) if (!seen.some((s) => s.id === card.id)) seen.push(card);
    }
    expect(seen.map((c) => c.id).sort((a, b) => a - b)).toEqual(ids(deals));
    for (const card of seen) {
      const deal = byId.get(card.id) as Deal;
      const expected = isSold(deal) ? "Sold" : isClosing(deal) ? "Closing" : null;
      expect(card.sticker, `sticker of #${card.id} (${deal.status})`).toBe(expected);
    }
    const lastUnsold = seen.findLastIndex((c) => !isSold(byId.get(c.id) as Deal));
    const firstSold = seen.findIndex((c) => isSold(byId.get(c.id) as Deal));
    expect(firstSold).toBeGreaterThan(lastUnsold);
    expect(seen.some((c) => c.sticker === "Closing")).toBe(true);
  });
});

test.describe("research", () => {
  test("/deals/research lists the research studies and none of the public deals", async ({
    page,
    request,
  }) => {
    const studies = await studyDeals(request);
    const publicIds = new Set(ids(await publicDeals(request)));
    expect(studies.length).toBeGreaterThan(0);
    expect(studies.filter((s) => publicIds.has(s.ListingId))).toEqual([]);
    await open(page, "/deals/research");
    await expect(page.getByRole("heading", { level: 1, name: "Research" })).toBeVisible();
    await expect(countLabel(page)).toHaveText(pageLabel(studies.length));
    const shown = await cardIds(page);
    expect(shown.length).toBe(Math.min(PAGE_SIZE, studies.length));
    expect(shown.every((id) => studies.some((s) => s.ListingId === id))).toBe(true);

    await page.goto("/deals/research?view=print");
    await waitForHydration(page);
    const printed = await page
      .getByRole("region", { name: "Printable list" })
      .locator("ol > li > p:first-child")
      .allTextContents()
      .then((lines) => lines.map((line) => Number(/^#(\d+)/.exec(line.trim())?.[1])));
    expect(printed.sort((a, b) => a - b)).toEqual(ids(studies));
  });
});

test.describe("small screens", () => {
  test("a deal page with its similar deals fits the screen's width", { tag: "@phone" }, async ({
    page,
    request,
  }) => {
    // A phone zooms out to fit content wider than the screen, so innerWidth grows with it: compare
    // with the viewport the test set, not with innerWidth.
    const [deal] = await publicDeals(request);
    await open(page, `/deals/${deal.ListingId}`);
    await expect(page.getByRole("heading", { name: "Similar deals" })).toBeVisible();
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  test("the list never scrolls sideways; the table scrolls inside its own box", { tag: "@phone" }, async ({
    page,
  }) => {
    const narrow = (page.viewportSize()?.width ?? 0) < 600;
    const pageOverflow = () =>
      page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
    await open(page, "/deals/public");
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    // The deal's name gets most of the card's width, never a sliver beside its cover.
    const title = await cards(page).first().getByRole("heading").boundingBox();
    expect(title?.width ?? 0).toBeGreaterThan((page.viewportSize()?.width ?? 0) * 0.5);

    await page.goto("/deals/public?view=table");
    await waitForHydration(page);
    const table = dealsRegion(page).getByRole("table");
    await expect(table).toBeVisible();
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    if (narrow) {
      const box = table.locator("xpath=..");
      const sizes = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      await box.evaluate((el) => el.scrollBy({ left: 200 }));
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(await pageOverflow()).toBeLessThanOrEqual(0);
    }
  });
});
