import { EMPTY_SEARCH, PAGE_MISSING } from "@aea/domain";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousAxeViolations, test, visit, waitForHydration } from "./fixtures";
import { BUYER, logInByApi, newAgreedContext } from "./mailbox";

/**
 * The public deal marketplace, walked as a buyer would. Expected values are worked out here from the
 * public API (GET /api/Advisors/GetDeals) with the spec's rules, never with the app's own helpers.
 */

interface Deal {
  ListingId: number;
  Header: string;
  PLSCode: string | null;
  status: string | null;
  sold?: boolean;
  location: string | null;
  wi: string | null;
  small: boolean;
  medium: boolean;
  large: boolean;
  usa: boolean;
  canada: boolean;
  international: boolean;
  hasVDR: boolean;
  buyNow: boolean;
  projectedSalePrice: number | null;
  tombstoneUrl: string | null;
  agentName: string | null;
  agentEmail: string | null;
  agentPhone: string | null;
  agentDirectPhone: string | null;
  [field: string]: unknown;
}

const PAGE_SIZE = 14; // §9

let publicCache: Deal[] | undefined;
let studyCache: Deal[] | undefined;

async function publicDeals(request: APIRequestContext): Promise<Deal[]> {
  if (!publicCache) {
    const response = await request.get("/api/Advisors/GetDeals");
    expect(response.ok()).toBe(true);
    publicCache = (await response.json()) as Deal[];
  }
  return publicCache;
}

async function studyDeals(request: APIRequestContext): Promise<Deal[]> {
  if (!studyCache) {
    const response = await request.get("/api/Advisors/GetStudyDeals");
    expect(response.ok()).toBe(true);
    studyCache = (await response.json()) as Deal[];
  }
  return studyCache;
}

// --- The spec's rules (§3 derived values, §4 status, §5 search and pagination) -----------------------

const codes = (pls: string | null) =>
  new Set(
    (pls ?? "")
      .toUpperCase()
      .split(/[^A-Z]+/)
      .filter(Boolean),
  );
const status = (deal: Deal) => (deal.status ?? "").trim().toUpperCase();
const isSold = (deal: Deal) => deal.sold === true || status(deal) === "SOLD";
const isClosing = (deal: Deal) => !isSold(deal) && status(deal) === "CLOSING";

/** The deal-type menu of §2 with the flag rules of §3. */
const DEAL_TYPES: ReadonlyArray<{ value: string; title: string; test(c: Set<string>): boolean }> = [
  { value: "producing", title: "Producing Properties", test: (c) => c.has("PP") },
  { value: "leasehold", title: "Acreage & Leasehold", test: (c) => c.has("L") || c.has("FO") },
  { value: "prospects", title: "Drilling Prospects", test: (c) => c.has("DV") },
  { value: "minerals", title: "Minerals for Sale", test: (c) => c.has("M") },
  { value: "royalties", title: "Royalties & Overrides", test: (c) => c.has("RR") },
  { value: "development", title: "Properties w/ Development", test: (c) => c.has("PP") && c.has("DV") },
  { value: "discovery", title: "Undeveloped Discovery", test: (c) => c.has("DS") },
  { value: "wanted", title: "Wanted Opportunities", test: (c) => c.has("W") && !c.has("SWD") },
  { value: "saltwater", title: "Salt Water Disposal", test: (c) => c.has("SWD") },
];

function ofType(deals: readonly Deal[], value: string): Deal[] {
  const type = DEAL_TYPES.find((t) => t.value === value);
  if (!type) throw new Error(`no deal type ${value}`);
  return deals.filter((deal) => type.test(codes(deal.PLSCode)));
}

/** Lower-cased, letters and digits only (§5). */
const normalise = (text: unknown) =>
  String(text)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "");

/**
 * A word from a real deal header that finds between 2 and 14 deals, and finds exactly the same deals
 * whether one searches every field of a deal or the headers only, so the expected count does not hang on
 * which fields the search text is built from.
 */
function distinctiveWord(deals: readonly Deal[]): { word: string; matches: Deal[] } {
  const fieldTexts = new Map(
    deals.map((deal) => [
      deal,
      Object.values(deal)
        .filter((v) => v !== null && v !== undefined && typeof v !== "boolean")
        .map(normalise),
    ]),
  );
  for (const deal of deals) {
    for (const word of deal.Header.split(/[^A-Za-z]+/)) {
      if (word.length < 6) continue;
      const needle = normalise(word);
      const inAnyField = deals.filter((d) => fieldTexts.get(d)?.some((t) => t.includes(needle)));
      const inHeader = deals.filter((d) => normalise(d.Header).includes(needle));
      if (inAnyField.length === inHeader.length && inAnyField.length >= 2 && inAnyField.length <= PAGE_SIZE) {
        return { word, matches: inAnyField };
      }
    }
  }
  throw new Error("no distinctive header word in the demo data");
}

/** "X-Y of total" for a page, with §5's clamp of the start row into [1, total − 14 + 1]. */
function pageLabel(total: number, page = 1): string {
  if (total === 0) return "0-0 of 0";
  const start = Math.max(1, Math.min((page - 1) * PAGE_SIZE + 1, total - PAGE_SIZE + 1));
  return `${start}-${Math.min(total, start + PAGE_SIZE - 1)} of ${total}`;
}

const ids = (deals: readonly Deal[]) => deals.map((d) => d.ListingId).sort((a, b) => a - b);

const money = (amount: number) => `$${amount.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;

const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Opens a path and waits for hydration; axe runs on the page each test ends on (fixture) and on `visit`. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

// --- Page parts --------------------------------------------------------------------------------------

const dealsRegion = (page: Page) => page.getByRole("region", { name: "Deals" });
const cards = (page: Page) => dealsRegion(page).locator("article");
const countLabel = (page: Page) => page.getByRole("navigation", { name: "Pages" }).first().locator("p");
const viewLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Views" }).getByRole("link", { name, exact: true });
const activeFilters = (page: Page) => page.getByRole("list", { name: "Active filters" });
const sizeToggle = (page: Page, name: string) =>
  page
    .getByRole("banner")
    .getByRole("list", { name: "Deal size" })
    .getByRole("link", { name: new RegExp(`^${name}`) });

/** The deal ids of the cards on the page, in order. */
async function cardIds(page: Page): Promise<number[]> {
  return cards(page)
    .locator("h3 a")
    .evaluateAll((links) => links.map((a) => Number(a.getAttribute("href")?.split("/").pop())));
}

/** Each card's id and the status sticker it carries. */
async function cardStickers(page: Page): Promise<Array<{ id: number; sticker: string | null }>> {
  return cards(page).evaluateAll((articles) =>
    articles.map((article) => ({
      id: Number(article.querySelector("h3 a")?.getAttribute("href")?.split("/").pop()),
      sticker:
        Array.from(article.querySelectorAll("span"))
          .map((s) => s.textContent?.trim() ?? "")
          .find((t) => t === "Sold" || t === "Closing") ?? null,
    })),
  );
}

/** How many grid cells share the first row. */
async function cardsInFirstRow(page: Page): Promise<number> {
  return dealsRegion(page)
    .locator("ol > li")
    .evaluateAll((items) => {
      const top = items[0]?.getBoundingClientRect().top ?? 0;
      return items.filter((li) => Math.abs(li.getBoundingClientRect().top - top) < 2).length;
    });
}

/** The Filters panel: the side panel on desktop, the "Filters" disclosure (opened here) on phones. */
async function filtersPanel(page: Page): Promise<Locator> {
  const aside = page.getByRole("complementary", { name: "Filters" });
  if (await aside.isVisible()) return aside;
  const details = page.locator("details").filter({ has: page.locator("summary", { hasText: "Filters" }) });
  await expect(details).toBeVisible();
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await details.locator("summary").click();
  }
  await expect(details).toHaveAttribute("open", "");
  return details;
}

// --- Tests -------------------------------------------------------------------------------------------

test.describe("searching from the header", () => {
  test("a word from a deal header typed on /home, then Enter, lands on exactly the matching deals; an empty search shows the dialog", {
    tag: "@phone",
  }, async ({ page, request }) => {
    const { word, matches } = distinctiveWord(await publicDeals(request));
    await open(page, "/home");
    const box = page.getByRole("search").getByPlaceholder("Search Assignments");
    await box.fill(word);
    // §7: the search is reported with POST /api/Advisors/TrackDealsWebSearch?search={text}.
    const tracked = page.waitForRequest(
      (r) => r.method() === "POST" && r.url().endsWith(`/api/Advisors/TrackDealsWebSearch?search=${word}`),
    );
    await box.press("Enter");
    await tracked;
    await expect(page).toHaveURL(new RegExp(`/deals/public\\?search=${word}$`));
    await waitForHydration(page);
    await expect(countLabel(page)).toHaveText(`1-${matches.length} of ${matches.length}`);
    await expect.poll(async () => (await cardIds(page)).sort((a, b) => a - b)).toEqual(ids(matches));
    await expect(
      dealsRegion(page).getByRole("link", { name: matches[0]?.Header ?? "", exact: true }),
    ).toBeVisible();
    await expect(box).toHaveValue(word);
    await expect(activeFilters(page)).toContainText(word);

    // An empty search on the deals page shows the spec's dialog (the box filters as one types, so
    // emptying it shows every deal again).
    await box.fill("  ");
    await box.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(EMPTY_SEARCH);
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/deals\/public(\?|$)/);
  });
});

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

test.describe("filters", () => {
  test("type, deal size and location from the URL; tokens remove one filter or clear all", async ({
    page,
    request,
  }) => {
    const deals = await publicDeals(request);
    const expected = ofType(deals, "producing").filter((d) => (d.small || d.medium) && d.usa);
    expect(expected.length).toBeGreaterThan(0);
    await visit(page, "/deals/public?type=producing&dealSize=small+medium&location=usa");
    await expect(countLabel(page)).toHaveText(pageLabel(expected.length));
    await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, expected.length));
    const shown = await cardIds(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((id) => expected.some((d) => d.ListingId === id))).toBe(true);

    const tokens = activeFilters(page);
    // §2: the strip of filter tokens is at most 530 px wide.
    expect((await tokens.boundingBox())?.width ?? 0).toBeLessThanOrEqual(530);
    for (const label of ["Producing Properties", "Small", "Mid-Value", "United States"]) {
      await expect(
        tokens.getByRole("link", { name: new RegExp(`^${label}\\b.*Remove filter`) }),
      ).toBeVisible();
    }

    // Removing the type token keeps the other filters.
    const withoutType = deals.filter((d) => (d.small || d.medium) && d.usa);
    await tokens.getByRole("link", { name: /^Producing Properties.*Remove filter/ }).click();
    await expect(page).toHaveURL(/\/deals\/public\?dealSize=small\+medium&location=usa$/);
    await expect(countLabel(page)).toHaveText(pageLabel(withoutType.length));
    await expect(tokens.getByRole("link", { name: /^Producing Properties/ })).toHaveCount(0);

    await tokens.getByRole("link", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await expect(countLabel(page)).toHaveText(pageLabel(deals.length));
    await expect(activeFilters(page)).toHaveCount(0);
  });

  test("clicking a deal type in the Filters panel filters by it; options show counts without sold deals", {
    tag: "@phone",
  }, async ({ page, request }) => {
    const deals = await publicDeals(request);
    await open(page, "/deals/public");
    const panel = await filtersPanel(page);
    for (const type of DEAL_TYPES) {
      const unsold = ofType(deals, type.value).filter((d) => !isSold(d)).length;
      await expect(panel.getByRole("link", { name: new RegExp(`^${type.title}`) }), type.title).toHaveText(
        new RegExp(`^\\s*${type.title}\\s*${unsold}\\s*$`),
      );
    }
    const royalties = panel.getByRole("link", { name: /^Royalties & Overrides/ });
    await royalties.click();
    await expect(page).toHaveURL(/\/deals\/public\?type=royalties$/);
    const all = ofType(deals, "royalties");
    await expect(countLabel(page)).toHaveText(pageLabel(all.length));
    await expect(royalties).toHaveAttribute("aria-current", "true");
    await expect(activeFilters(page).getByRole("link", { name: /^Royalties & Overrides/ })).toBeVisible();
    const shown = await cardIds(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((id) => all.some((d) => d.ListingId === id))).toBe(true);

    await royalties.click();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await expect(countLabel(page)).toHaveText(pageLabel(deals.length));
  });

  test("the header's deal-size toggles add and remove dealSize and show which are on", {
    tag: "@phone",
  }, async ({ page, request }) => {
    const deals = await publicDeals(request);
    await open(page, "/home");
    await sizeToggle(page, "Small").click();
    await expect(page).toHaveURL(/\/deals\/public\?dealSize=small$/);
    await expect(sizeToggle(page, "Small")).toHaveAttribute("aria-current", "true");
    await expect(sizeToggle(page, "Mid-Value")).not.toHaveAttribute("aria-current", "true");
    await expect(countLabel(page)).toHaveText(pageLabel(deals.filter((d) => d.small).length));

    await sizeToggle(page, "Mid-Value").click();
    await expect(page).toHaveURL(/\/deals\/public\?dealSize=small\+medium$/);
    await expect(sizeToggle(page, "Mid-Value")).toHaveAttribute("aria-current", "true");
    await expect(countLabel(page)).toHaveText(pageLabel(deals.filter((d) => d.small || d.medium).length));

    await sizeToggle(page, "Small").click();
    await expect(page).toHaveURL(/\/deals\/public\?dealSize=medium$/);
    await expect(sizeToggle(page, "Small")).not.toHaveAttribute("aria-current", "true");
    await sizeToggle(page, "Mid-Value").click();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await expect(countLabel(page)).toHaveText(pageLabel(deals.length));
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

test.describe("the map page", () => {
  test("shows every public deal on the map and links back to the list", async ({ page, request }) => {
    const deals = await publicDeals(request);
    await visit(page, "/deals/public/map");
    await expect(page.getByRole("heading", { level: 1, name: "Assignments on the Map" })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${deals.length} deals\\b`))).toBeVisible();
    const map = page.getByRole("region", { name: "Map of deals" });
    await expect(map).toBeVisible({ timeout: 20_000 });
    await expect(map.locator("canvas").first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole("link", { name: "Show as a list" }).click();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await expect(countLabel(page)).toHaveText(pageLabel(deals.length));
  });
});

/** Where a deal sits when the map has framed it alone: the middle of the area left by the map's fit padding (40 px left, 64 px right). */
async function framedDealPoint(map: Locator): Promise<{ x: number; y: number }> {
  const box = await map.boundingBox();
  if (!box) throw new Error("the map has no box");
  return { x: box.x + (40 + box.width - 64) / 2, y: box.y + box.height / 2 };
}

test.describe("the map's markers", () => {
  test("dense deals are drawn as clusters with their counts; the first view shows where most deals are", {
    tag: "@phone",
  }, async ({ page, request }) => {
    // On a phone the deals on several continents cannot all fit: the map then frames the busiest area.
    const mapped = (await publicDeals(request)).filter((d) => typeof d.coordinates === "string");
    await visit(page, "/deals/public/map");
    const map = page.getByRole("region", { name: "Map of deals" });
    const counts = map.locator(".maplibregl-marker");
    await expect(counts.first()).toBeVisible({ timeout: 20_000 });
    const numbers = (await counts.allTextContents()).map(Number);
    expect(numbers.every((n) => Number.isInteger(n) && n >= 2)).toBe(true);
    const clustered = numbers.reduce((sum, n) => sum + n, 0);
    expect(clustered).toBeLessThanOrEqual(mapped.length);
    expect(clustered, "deals in the clusters on screen").toBeGreaterThanOrEqual(mapped.length * 0.6);
  });

  test(
    "a search frames the one matching deal; its marker opens a popup that leads to the deal page",
    { tag: "@phone" },
    async ({ page, request }, testInfo) => {
      const deals = await publicDeals(request);
      const texts = new Map(deals.map((d) => [d, normalise(Object.values(d).join(" "))]));
      const deal = deals.find(
        (d) =>
          typeof d.coordinates === "string" &&
          /\d/.test(d.coordinates) &&
          deals.filter((other) => texts.get(other)?.includes(normalise(d.Header))).length === 1,
      );
      if (!deal) throw new Error("no deal on the map with a header of its own");
      await open(page, `/deals/public?view=map&search=${encodeURIComponent(deal.Header)}`);
      const map = page.getByRole("region", { name: "Map of deals" });
      await expect(map.locator("canvas").first()).toBeVisible({ timeout: 20_000 });
      const { x, y } = await framedDealPoint(map);
      const popup = page.locator(".maplibregl-popup");
      // The marker layer exists once the basemap style has loaded: tap until it answers.
      await expect(async () => {
        if (testInfo.project.name === "phone") await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
        await expect(popup).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(popup).toContainText(deal.Header);
      await popup.getByRole("link", { name: "View deal" }).click();
      await expect(page).toHaveURL(new RegExp(`/deals/${deal.ListingId}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(deal.Header);
    },
  );
});

test.describe("the deal page", () => {
  test("opens from the list with its facts, agent and similar deals; Back returns to the same list", {
    tag: "@phone",
  }, async ({ page, request }) => {
    const deals = await publicDeals(request);
    const byId = new Map(deals.map((d) => [d.ListingId, d]));
    const listPath = "/deals/public?type=producing&view=2x&page=2";
    await open(page, listPath);
    const listUrl = page.url();
    const label = await countLabel(page).textContent();
    const onPage = await cardIds(page);
    const id = onPage.find((i) => byId.get(i)?.wi && byId.get(i)?.location && byId.get(i)?.agentEmail);
    expect(id, "a deal on the page with a working interest, location and agent").toBeDefined();
    const deal = byId.get(id as number) as Deal;

    await dealsRegion(page).getByRole("link", { name: deal.Header, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/deals/${deal.ListingId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(deal.Header);

    const facts = page.getByRole("region", { name: "Deal facts" });
    const fact = (name: string) =>
      facts
        .locator("div")
        .filter({ has: page.locator("dt", { hasText: new RegExp(`^${name}$`) }) })
        .locator("dd");
    await expect(fact("Location")).toHaveText(deal.location ?? "");
    await expect(fact("Working interest")).toHaveText(deal.wi ?? "");

    const agent = page.getByRole("region", { name: "Your contact for this deal" });
    await expect(agent).toContainText(deal.agentName ?? "");
    await expect(agent.locator('a[href^="tel:"]').first()).toHaveAttribute("href", /^tel:\+?\d{7,}$/);
    await expect(agent.locator('a[href^="mailto:"]')).toHaveAttribute("href", `mailto:${deal.agentEmail}`);

    const similar = page.getByRole("region", { name: "Similar deals" });
    const similarIds = await similar
      .locator("article h3 a")
      .evaluateAll((links) => links.map((a) => Number(a.getAttribute("href")?.split("/").pop())));
    expect(similarIds.length).toBeGreaterThan(0);
    expect(similarIds.length).toBeLessThanOrEqual(4);
    expect(similarIds).not.toContain(deal.ListingId);
    expect(similarIds.every((i) => byId.has(i))).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(listUrl);
    await expect(countLabel(page)).toHaveText(label ?? "");
    await expect(viewLink(page, "2 per row view")).toHaveAttribute("aria-current", "page");

    await page.goForward();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(deal.Header);
    await page.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL(listUrl);
    await expect.poll(() => cardIds(page)).toEqual(onPage);
  });

  test("a Buy Now deal shows its price", async ({ page, request }) => {
    const deals = await publicDeals(request);
    const deal = deals.find(
      (d) =>
        d.hasVDR && d.buyNow && d.projectedSalePrice && !isSold(d) && !isClosing(d) && status(d) === "ACTIVE",
    );
    expect(deal, "an active deal with a data room and Buy Now").toBeDefined();
    const { ListingId, Header, projectedSalePrice } = deal as Deal;
    await open(page, `/deals/${ListingId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(Header);
    await expect(page.getByRole("link", { name: "Buy Now" })).toBeVisible();
    const price = money(projectedSalePrice as number);
    expect(price).toMatch(/^\$\d{1,3}(,\d{3})+$/);
    await expect(page.getByText(price, { exact: true })).toBeVisible();
  });

  test("a sold deal shows its Sold sticker and tombstone; a closing deal its Closing sticker", async ({
    page,
    request,
  }) => {
    const deals = await publicDeals(request);
    const sold = deals.find((d) => isSold(d) && d.tombstoneUrl);
    const closing = deals.find(isClosing);
    expect(sold && closing).toBeTruthy();
    await visit(page, `/deals/${sold?.ListingId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sold?.Header ?? "");
    await expect(page.locator("article header").getByText("Sold", { exact: true })).toBeVisible();
    const tombstone = page.getByRole("region", { name: "Tombstone" });
    await expect(tombstone).toBeVisible();
    await expect(tombstone.getByRole("img")).toHaveAttribute("src", /.+/);
    await expect(page.getByRole("link", { name: "Buy Now" })).toHaveCount(0);

    await open(page, `/deals/${closing?.ListingId}`);
    await expect(page.locator("article header").getByText("Closing", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Tombstone" })).toHaveCount(0);
  });

  test("unknown, malformed and private deal ids answer 404 with the page-missing screen", async ({
    page,
    request,
  }) => {
    const known = new Set([...ids(await publicDeals(request)), ...ids(await studyDeals(request))]);
    const privateId = Array.from({ length: 245 }, (_, i) => 1001 + i).find((id) => !known.has(id));
    expect(privateId, "a private deal id in 1001-1245").toBeDefined();
    for (const path of ["/deals/999999", "/deals/abc", `/deals/${privateId}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: PAGE_MISSING })).toBeVisible();
      // §9: every page title starts with the product name and a bar.
      await expect.soft(page, `title of ${path}`).toHaveTitle(/^Anticline Energy Advisors \| /);
    }
  });

  test("the server's HTML carries title, description, Open Graph, canonical link and JSON-LD", async ({
    request,
    baseURL,
  }) => {
    const deals = await publicDeals(request);
    // A header with characters that need escaping, if there is one.
    const deal = deals.find((d) => /[&'"]/.test(d.Header)) ?? (deals[0] as Deal);
    const response = await request.get(`/deals/${deal.ListingId}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(decodeHtml(title ?? "")).toContain(deal.Header);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    expect(description?.trim().length ?? 0).toBeGreaterThan(0);
    const ogTitle = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
    expect(decodeHtml(ogTitle ?? "")).toBe(deal.Header);
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
    expect(canonical).toBe(`${baseURL}/deals/${deal.ListingId}`);
    const ldJson = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(ldJson, "a JSON-LD script").toBeDefined();
    const data = JSON.parse(ldJson ?? "{}") as { "@type"?: string; name?: string };
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe(deal.Header);
  });
});

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

test.describe("search engines", () => {
  test("sitemap.xml lists home, the deals list and every public deal by absolute URL", async ({
    request,
    baseURL,
  }) => {
    const deals = await publicDeals(request);
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    const locs = new Set(Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (m) => m[1]));
    expect(locs.has(`${baseURL}/home`)).toBe(true);
    expect(locs.has(`${baseURL}/deals/public`)).toBe(true);
    expect(deals.length).toBeGreaterThan(0);
    const missing = deals.map((d) => `${baseURL}/deals/${d.ListingId}`).filter((url) => !locs.has(url));
    expect(missing).toEqual([]);
    const known = new Set([...ids(deals), ...ids(await studyDeals(request))]);
    const listed = Array.from(locs, (url) => /\/deals\/(\d+)$/.exec(url ?? "")?.[1])
      .filter(Boolean)
      .map(Number);
    expect(listed.length).toBeGreaterThan(0);
    expect(
      listed.filter((id) => !known.has(id)),
      "private deals in the sitemap",
    ).toEqual([]);
  });

  test("robots.txt points to the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, "m"));
  });

  test("the server renders a filtered table before any JavaScript runs", async ({ request }) => {
    const deals = await publicDeals(request);
    const producing = ofType(deals, "producing");
    const response = await request.get("/deals/public?type=producing&view=table");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const table = /<table[\s\S]*?<\/table>/.exec(html)?.[0];
    expect(table, "a table in the HTML").toBeDefined();
    expect(table).toContain("<th");
    const body = /<tbody[\s\S]*?<\/tbody>/.exec(table ?? "")?.[0] ?? "";
    const rows = Array.from(body.matchAll(/href="\/deals\/(\d+)"/g), (m) => Number(m[1]));
    expect(rows.length).toBe(Math.min(PAGE_SIZE, producing.length));
    const producingIds = new Set(ids(producing));
    expect(
      rows.filter((id) => !producingIds.has(id)),
      "non-producing rows",
    ).toEqual([]);
    expect(html).toContain(pageLabel(producing.length));
  });
});

test("the whole deal list is fetched when the visitor starts to refine, not for reading the page", async ({
  page,
}) => {
  const listRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/Advisors/GetDeals") listRequests.push(request.url());
  });
  await open(page, "/deals/public");
  await page.waitForLoadState("networkidle");
  expect(listRequests).toEqual([]);
  await page.getByPlaceholder("Search Assignments").focus();
  await expect.poll(() => listRequests.length).toBe(1);
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
