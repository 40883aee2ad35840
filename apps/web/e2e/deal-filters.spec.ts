import { EMPTY_SEARCH } from "@aea/domain";
import {
  DEAL_TYPES,
  distinctiveWord,
  ids,
  isSold,
  ofType,
  PAGE_SIZE,
  pageLabel,
  publicDeals,
} from "./deal-book";
import {
  activeFilters,
  cardIds,
  cards,
  countLabel,
  dealsRegion,
  filtersPanel,
  open,
  sizeToggle,
} from "./deal-pages";
import { expect, test, visit, waitForHydration } from "./fixtures";

/**
 * Narrowing the deal list: searching from the header, the filters, and the deal list fetched only when the visitor starts to refine.
 * Expected values come from deal-book.ts: the public API read with the spec's rules.
 */

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
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await royalties.click();
    await expect(page).toHaveURL(/\/deals\/public\?type=royalties$/);
    // The option navigated in the browser: the document that was open is still the one shown.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
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

test.describe("on a first visit, with the terms dialog open", () => {
  test.use({ agreeToTerms: false });

  test("the dialog taking focus, and answering it, fetch no deal list; refining does", async ({ page }) => {
    const listRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/Advisors/GetDeals") listRequests.push(request.url());
    });
    await open(page, "/deals/public");
    const terms = page.getByRole("alertdialog");
    await expect(terms).toBeVisible();
    await page.waitForLoadState("networkidle");
    await terms.getByRole("button", { name: "I Agree" }).click();
    await expect(terms).toBeHidden();
    await page.waitForLoadState("networkidle");
    expect(listRequests).toEqual([]);
    await page.getByPlaceholder("Search Assignments").focus();
    await expect.poll(() => listRequests.length).toBe(1);
  });
});
