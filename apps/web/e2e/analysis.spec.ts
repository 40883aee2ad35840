import { LISTING_SEND_EXCLUSIONS, LISTING_SEND_TEXTS, SAVED_QUERY_TEXTS } from "@aea/domain";
import type { Page } from "@playwright/test";
import { expect as baseExpect, test, visit, waitForHydration } from "./fixtures";
import { adminStorageState } from "./mailbox";

/**
 * The analysis page (issue 22): an admin narrows the buyer network facet by facet (a range by its
 * slider, with the keyboard and the mouse), draws a chart, sends a listing to the buyers found, saves
 * the question in a new directory, opens its QueryUUID link in another browser and deletes it.
 */

// Each step re-runs the query on the server and re-renders 20 rows and the open facets.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The total of "X-Y of total" under the results. */
async function numFound(page: Page): Promise<number> {
  const text = await page
    .getByRole("navigation", { name: /Pages of/ })
    .locator("p")
    .innerText();
  const match = /of ([\d,]+)/.exec(text);
  if (!match) throw new Error(`No total in "${text}"`);
  return Number((match[1] as string).replaceAll(",", ""));
}

/** Waits until the total differs from `before`, and answers it. */
async function totalAfter(page: Page, before: number): Promise<number> {
  await expect.poll(() => numFound(page)).not.toBe(before);
  return numFound(page);
}

const facets = (page: Page) => page.getByRole("complementary", { name: "Facets" });
const chips = (page: Page) => page.getByRole("region", { name: "Chosen filters" });

test.describe("analysis", () => {
  test.describe.configure({ timeout: 180_000 });

  test.beforeEach(async ({ context, browser, baseURL }) => {
    await context.addCookies((await adminStorageState(browser, baseURL ?? "")).cookies);
  });

  test("narrows the buyers, pages, saves into a new directory, reopens the link elsewhere and deletes it", async ({
    page,
    browser,
    baseURL,
    isMobile,
  }) => {
    test.skip(isMobile, "the phone's drawer has its own test");
    await visit(page, "/participant");
    const everyone = await numFound(page);
    expect(everyone).toBeGreaterThan(2000);

    // A closed facet shows no values until opened.
    await expect(facets(page).getByRole("checkbox", { name: /Minerals/ })).toHaveCount(0);
    await facets(page).getByRole("link", { name: "Buys", exact: true }).click();
    await facets(page)
      .getByRole("checkbox", { name: /^Minerals/ })
      .click();
    await expect(facets(page).getByRole("checkbox", { name: /^Minerals/ })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    const minerals = await totalAfter(page, everyone);
    expect(minerals).toBeLessThan(everyone);

    // Ctrl-click excludes a value: a NOT chip.
    await facets(page)
      .getByRole("checkbox", { name: /^Acreage & leasehold/ })
      .click({ modifiers: ["Control"] });
    await expect(chips(page).getByText("Acreage & leasehold")).toBeVisible();
    await expect(chips(page).getByText("NOT")).toHaveCount(1);
    const withoutAcreage = await totalAfter(page, minerals);

    // The keyboard way: the value's Exclude button.
    const exclude = facets(page).getByRole("link", { name: "Exclude Salt water disposal" });
    await exclude.focus();
    await page.keyboard.press("Enter");
    await expect(chips(page).getByText("NOT")).toHaveCount(2);
    const withoutSaltWater = await totalAfter(page, withoutAcreage);

    // A range facet's slider: the keyboard moves its lower thumb one band, the mouse drags its upper one.
    await facets(page).getByRole("link", { name: "Agreements signed", exact: true }).click();
    const lowest = facets(page).getByRole("slider", { name: "Lowest Agreements signed" });
    await lowest.focus();
    await page.keyboard.press("ArrowRight");
    // One band up from the lowest value: an open upper end.
    const lowerChip = chips(page).getByText(/^\[\d+ TO \*\]$/);
    await expect(lowerChip).toBeVisible();
    const low = ((await lowerChip.innerText()).match(/\d+/) ?? [""])[0];
    const fromLow = await totalAfter(page, withoutSaltWater);
    const highest = facets(page).getByRole("slider", { name: "Highest Agreements signed" });
    const track = await highest.boundingBox();
    if (!track) throw new Error("the slider is not drawn");
    const y = track.y + track.height / 2;
    await page.mouse.move(track.x + track.width - 8, y);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width * 0.3, y, { steps: 8 });
    await page.mouse.up();
    await expect(chips(page).getByText(new RegExp(`^\\[${low} TO \\d+\\]$`))).toBeVisible();
    expect(new URL(page.url()).searchParams.getAll("f")).toContainEqual(
      expect.stringMatching(new RegExp(`^agreementsSigned:\\[${low} TO \\d+\\]$`)),
    );
    const filtered = await totalAfter(page, fromLow);
    expect(filtered).toBeGreaterThan(20);

    // The next page of 20.
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByRole("navigation", { name: /Pages of/ })).toContainText(
      `21-${Math.min(40, filtered)} of ${filtered.toLocaleString("en-US")}`,
    );
    expect(new URL(page.url()).searchParams.get("start")).toBe("20");

    // A pie chart of Buys beside the results, drawn by the server.
    await page.getByText("Chart", { exact: true }).click();
    await page.getByLabel("Type of chart").selectOption("pie");
    await page.getByLabel("Of", { exact: true }).selectOption({ label: "Buys" });
    await page.getByRole("button", { name: "Draw chart" }).click();
    const chart = page.getByRole("figure", { name: "Buys — Count" });
    // Each kind of buyer with its count (the chart draws a facet's counts as its list in the sidebar does).
    await expect(
      chart.getByRole("img", { name: /^Buys — Count\. (.+: \d+; )*Minerals: \d+(; .+: \d+)*$/ }),
    ).toBeVisible();
    expect(new URL(page.url()).searchParams.get("chart")).toBe("pie:buys");

    // Acting on the answer: preview sending a listing to these buyers, send it, and it is not sent twice.
    await page.getByText(LISTING_SEND_TEXTS.title, { exact: true }).click();
    const listingChoice = page.getByLabel("Listing", { exact: true });
    const listingHeader = (await listingChoice.locator("option").nth(1).innerText()).trim();
    await listingChoice.selectOption({ label: listingHeader });
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("region", { name: `Sending ${listingHeader}` });
    await expect(preview.getByText(/^[\d,]+ buyers? will get it\.$/)).toBeVisible();
    await expect(preview.getByText(`A deal for you: ${listingHeader}`)).toBeVisible();
    const recipients = Number(
      ((await preview.getByText(/will get it/).innerText()).match(/[\d,]+/)?.[0] ?? "").replaceAll(",", ""),
    );
    await preview.getByRole("button", { name: LISTING_SEND_TEXTS.sendTo(recipients) }).click();
    await expect(page.getByText(LISTING_SEND_TEXTS.sent(recipients), { exact: true })).toBeVisible();
    await page.getByText(LISTING_SEND_TEXTS.title, { exact: true }).click();
    await page.getByLabel("Listing", { exact: true }).selectOption({ label: listingHeader });
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByText(LISTING_SEND_TEXTS.nobody, { exact: true })).toBeVisible();
    await expect(
      page.getByText(new RegExp(`^${LISTING_SEND_EXCLUSIONS.alreadySent}: ${recipients}$`)),
    ).toBeVisible();

    // Save into a new directory.
    const stamp = Date.now();
    const queryName = `Mineral buyers with an agreement ${stamp}`;
    await page.getByRole("button", { name: "Save query" }).click();
    const dialog = page.getByRole("dialog", { name: "Save query" });
    const save = dialog.getByRole("button", { name: "Save", exact: true });
    await dialog.getByLabel("Query name").fill(queryName);
    await expect(save).toBeDisabled();
    await dialog.getByLabel("New directory").fill(`E2E ${stamp}`);
    await dialog.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText(SAVED_QUERY_TEXTS.directoryCreated, { exact: true })).toBeVisible();
    await expect(dialog.getByText(`E2E ${stamp}`)).toBeVisible();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page).toHaveURL(/QueryUUID=[0-9a-f-]{36}/);
    // The saved query's own link: its QueryUUID alone brings its filters and its chart.
    const link = `/participant?QueryUUID=${new URL(page.url()).searchParams.get("QueryUUID")}`;
    await expect(page.getByText(queryName, { exact: true })).toBeVisible();

    // The link in another browser: the same filters and total.
    const other = await browser.newContext({
      baseURL,
      storageState: await adminStorageState(browser, baseURL ?? ""),
    });
    const elsewhere = await other.newPage();
    await elsewhere.goto(link);
    await waitForHydration(elsewhere);
    expect(await numFound(elsewhere)).toBe(filtered);
    await expect(chips(elsewhere).getByText("NOT")).toHaveCount(2);
    await expect(elsewhere.getByRole("figure", { name: "Buys — Count" })).toBeVisible();
    await other.close();

    // Delete it from the saved queries.
    await page.getByRole("button", { name: "Saved queries" }).click();
    const manager = page.getByRole("dialog", { name: "Saved queries" });
    await manager.getByRole("button", { name: `Delete query ${queryName}` }).click();
    await expect(page.getByText(SAVED_QUERY_TEXTS.queryDeleted, { exact: true })).toBeVisible();
    await expect(manager.getByText(SAVED_QUERY_TEXTS.noQueries).first()).toBeVisible();
  });

  test("on a phone the facets sit in a drawer with a count of filters and See N results", {
    tag: "@phone",
  }, async ({ page, isMobile }) => {
    test.skip(!isMobile, "the drawer is the phone's");
    await visit(page, "/participant");
    await expect(facets(page)).toBeHidden();
    await page.getByRole("link", { name: /^Filters/ }).click();
    await expect(facets(page)).toBeVisible();
    await facets(page).getByRole("link", { name: "Verified", exact: true }).click();
    await facets(page)
      .getByRole("checkbox", { name: /^Verified/ })
      .click();
    // The router writes the address first and renders the narrowed answer in a transition after it;
    // the ticked box is drawn in the same render as the count, so the count is read once it shows.
    await expect(page).toHaveURL(/[?&]f=/);
    await expect(facets(page).getByRole("checkbox", { name: /^Verified/ })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    const seeResults = facets(page).getByRole("link", { name: /^See [\d,]+ results$/ });
    await expect(seeResults).toBeVisible();
    const shown = Number(((await seeResults.innerText()).match(/[\d,]+/)?.[0] ?? "").replaceAll(",", ""));
    await seeResults.click();
    await expect(facets(page)).toBeHidden();
    await expect(page.getByRole("link", { name: /^Filters/ })).toContainText("1");
    expect(await numFound(page)).toBe(shown);
  });
});
