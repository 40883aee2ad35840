import { DEAL_TYPE_MENU, HIDDEN_HOME_HEADING, OLD_BROWSER, PAGE_MISSING } from "@aea/domain";
import { expect, test, visit, waitForHydration } from "./fixtures";

test("the site root redirects to /home, which shows the firm's shell rendered on the server", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle(/^Anticline Energy Advisors \| /);
  await expect(page.getByRole("heading", { level: 1, name: HIDDEN_HOME_HEADING })).toBeAttached();
  await expect(page.getByRole("search").getByPlaceholder("Search Assignments")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  await expect(page.getByText("Oil and gas investments are speculative").first()).toBeAttached();
});

test("server-rendered HTML carries the shell before any JavaScript runs", async ({ request }) => {
  const response = await request.get("/home");
  const html = await response.text();
  expect(html).toContain(HIDDEN_HOME_HEADING);
  expect(html).toContain('placeholder="Search Assignments"');
  expect(html).toContain("Disclaimer");
  expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
});

test("a page loads and paints before its scripts start, then hydrates (decision 010)", async ({ page }) => {
  for (const path of ["/home", "/deals/public"]) {
    // The first visit warms the server's image cache, so `load` is not held up past the 3 s deadline.
    await visit(page, path);
    await page.reload();
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.match(/^\/_app\/.+\.js$/));
      return {
        loadEnd: navigation.loadEventEnd,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timing.scripts, `${path} loads its scripts`).toBeGreaterThan(3);
    expect(timing.firstScript, `${path}: no script before the load event`).toBeGreaterThanOrEqual(
      timing.loadEnd,
    );
  }
});

test.describe("before the scripts run", () => {
  test.use({ javaScriptEnabled: false });

  test("the header search is a plain form that lists the matching deals", async ({ page }) => {
    await page.goto("/home");
    await page.getByPlaceholder("Search Assignments").fill("permian");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/deals\/public\?search=permian$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+-\d+ of \d+/).first()).toBeVisible();
  });

  test("the header search refuses an empty search and its button looks disabled until there is text", async ({
    page,
  }) => {
    await page.goto("/deals/public");
    const button = page.getByRole("search").getByRole("button", { name: "Search" });
    await expect(button).toHaveCSS("cursor", "not-allowed");
    await button.click();
    await expect(page).toHaveURL(/\/deals\/public$/);
    await page.getByPlaceholder("Search Assignments").fill("permian");
    await expect(button).not.toHaveCSS("cursor", "not-allowed");
  });
});

test("text typed in the header search before the page is interactive is kept and searched", {
  tag: "@phone",
}, async ({ page }) => {
  for (const path of ["/home", "/deals/public"]) {
    await page.goto(path, { waitUntil: "commit" });
    const box = page.getByPlaceholder("Search Assignments");
    await box.fill("permian");
    await waitForHydration(page);
    await expect(box).toHaveValue("permian");
    await expect(page.getByRole("search").getByRole("button", { name: "Search" })).toBeEnabled();
    await box.press("Enter");
    await expect(page).toHaveURL(/\/deals\/public\?search=permian$/);
  }
});

test("the search button is disabled until there is text", async ({ page }) => {
  await visit(page, "/home");
  const button = page.getByRole("search").getByRole("button", { name: "Search" });
  await expect(button).toBeDisabled();
  await page.getByPlaceholder("Search Assignments").fill("permian");
  await expect(button).toBeEnabled();
});

test("the home page's deal-type links spell the type one way, as the deals page writes it", async ({
  page,
}) => {
  await visit(page, "/home");
  const types = await page
    .locator('a[href^="/deals/public?type="]')
    .evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get("type")),
    );
  expect(types.length).toBeGreaterThan(5);
  expect(types.filter((type) => !DEAL_TYPE_MENU.some((menu) => menu.queryValue === type))).toEqual([]);
});

test("an empty search shows the spec's dialog", async ({ page }) => {
  await visit(page, "/home");
  const box = page.getByPlaceholder("Search Assignments");
  await box.fill("   ");
  await box.press("Enter");
  await expect(page.getByRole("dialog")).toContainText("Please provide a valid search text.");
  await page.getByRole("button", { name: "Ok" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("unknown paths answer 404 with the page-missing screen", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: PAGE_MISSING })).toBeVisible();
});

test("flipbooks and anything below redirect to the products-and-services pitchbook", async ({ request }) => {
  for (const path of ["/flipbooks", "/flipbooks/2024/brochure"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/pitchbooks/products-services");
  }
});

test("the back button is disabled on the first page and goes back after a navigation", async ({ page }) => {
  await visit(page, "/home");
  const back = page.getByRole("button", { name: "Go back" });
  await expect(back).toBeDisabled();
  await page.getByRole("contentinfo").getByRole("link", { name: "Our Team" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(back).toBeEnabled();
  await back.click();
  await expect(page).toHaveURL(/\/home$/);
});

test.describe("terms dialog", () => {
  test.use({ agreeToTerms: false });

  test("I Agree stores the userAgreed cookie for 365 days, path /, SameSite Strict", async ({
    page,
    context,
  }) => {
    await visit(page, "/home");
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("sophisticated investor");
    // It takes the keyboard's focus, and Escape does not put it away: the visitor answers.
    await expect(dialog.getByRole("button", { name: "I Disagree" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "I Agree" }).click();
    await expect(dialog).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === "userAgreed");
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Strict");
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    await page.reload();
    await expect(page.getByRole("alertdialog")).toBeHidden();
  });

  test("I Disagree closes the dialog and goes home without storing consent", async ({ page, context }) => {
    await page.goto("/no-such-page");
    await waitForHydration(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "I Disagree" }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect((await context.cookies()).some((c) => c.name === "userAgreed")).toBe(false);
  });
});

test.describe("Internet Explorer", () => {
  test.use({ userAgent: "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko" });

  test("sees the old-browser banner and can close it", { tag: "@phone" }, async ({ page }) => {
    await visit(page, "/home");
    const banner = page.getByRole("alert").filter({ hasText: OLD_BROWSER });
    await expect(banner).toBeVisible();
    await banner.getByRole("link", { name: "Close" }).click();
    await expect(banner).toBeHidden();
  });
});

test("below 1186 px the side menu slides in with the spec's sections and closes before navigating", {
  tag: "@phone",
}, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/home");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog");
  for (const section of [
    "Current Assignments",
    "About",
    "Pitchbooks",
    "Profile",
    "Services",
    "Prior Research and Tools",
  ]) {
    await expect(menu.getByRole("heading", { name: section })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Log in" })).toBeVisible();
  await menu.getByRole("link", { name: "Our Team" }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/team$/);
});

test("at 1366 px the top menu shows every item and the Assignments list of deal types", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await visit(page, "/home");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const item of [
    "Home",
    "Research",
    "Assignments",
    "Services",
    "Pitchbooks",
    "Resources",
    "iBuy",
    "iSell",
    "Contact",
  ]) {
    await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await nav.getByRole("button", { name: "Assignments menu" }).click();
  const menu = page.getByRole("menu");
  for (const type of [
    "Producing Properties",
    "Acreage & Leasehold",
    "Drilling Prospects",
    "Minerals for Sale",
    "Royalties & Overrides",
    "Properties w/ Development",
    "Undeveloped Discovery",
    "Wanted Opportunities",
    "Salt Water Disposal",
  ]) {
    await expect(menu.getByRole("menuitem", { name: type })).toBeVisible();
  }
  await page.keyboard.press("Escape");
});
