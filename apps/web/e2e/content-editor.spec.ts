import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test, visit, waitForHydration } from "./fixtures";

/**
 * The staff content editor: an admin changes content and the public site (pages and the content API,
 * which the e2e server runs in production mode: published items only) shows it at once.
 */

// One sign-in per project, kept as storage state: the login rate limit allows 10 a minute per address.
const adminState = join(tmpdir(), `aea-e2e-content-editor-${process.env.E2E_PORT ?? 3100}.json`);

async function signInAsAdmin(browser: Browser, baseURL: string | undefined): Promise<void> {
  const context = await browser.newContext({ baseURL, storageState: noSession });
  await context.addCookies([{ name: "userAgreed", value: "true", url: baseURL ?? "", sameSite: "Strict" }]);
  const page = await context.newPage();
  await page.goto("/login?redirectTo=%2Fadmin%2Fcontent");
  await waitForHydration(page);
  const form = page.locator("form", { has: page.locator('input[type="password"]') }).first();
  await form.locator('input[name="email"]').fill("admin@anticline.test");
  await form.locator('input[name="password"]').fill("Admin123!");
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin\/content$/);
  await context.storageState({ path: adminState });
  await context.close();
}

// Contexts made in a test inherit the admin's storage state unless told otherwise.
const noSession = { cookies: [], origins: [] };

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** The content API as any visitor's client gets it: no session cookie. */
async function itemsOf(
  page: Page,
  collection: string,
  fields = "id,title",
): Promise<Record<string, unknown>[]> {
  const url = new URL(`/items/${collection}?fields=${fields}&limit=-1`, page.url());
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

async function visitorPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, storageState: noSession });
  await context.addCookies([{ name: "userAgreed", value: "true", url: baseURL ?? "", sameSite: "Strict" }]);
  return { page: await context.newPage(), close: () => context.close() };
}

test("anonymous visitors are sent to log in before the content editor", async ({ page }) => {
  await page.goto("/admin/content/service");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fcontent%2Fservice$/);
});

test.describe("as an admin", () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    await signInAsAdmin(browser, baseURL);
  });
  test.use({ storageState: adminState });

  test("lists the collections with their counts and opens a singleton straight in its form", async ({
    page,
  }) => {
    await visit(page, "/admin/content");
    await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Hero slides \d+ items/ })).toBeVisible();
    await page.getByRole("link", { name: /Team page/ }).click();
    await expect(page).toHaveURL(/\/admin\/content\/team_page\/1$/);
    await waitForHydration(page);
    await expect(page.getByRole("group", { name: /Teams/ }).first()).toBeVisible();
    // Members fold; opening one shows its nested experiences.
    const member = page.getByRole("button", { name: /^Member 1: / }).first();
    await member.click();
    await expect(member).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("group", { name: /Experience/ }).first()).toBeVisible();
  });

  test("an edited service title shows on the public page and in the API at once", async ({
    page,
    browser,
    baseURL,
  }) => {
    await visit(page, "/admin/content/service");
    await page.getByRole("main").locator("ol > li a").first().click();
    await waitForHydration(page);
    const path = await page.getByLabel("Path").inputValue();
    const title = unique("Asset Sales Advisory");
    await page.getByLabel("Title *", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(page.getByLabel("Title *", { exact: true })).toHaveValue(title);

    const services = await itemsOf(page, "service", "path,title");
    expect(services.find((s) => s.path === path)?.title).toBe(title);

    // A visitor (no session) sees the new title on the service's page.
    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.goto(`/services/${path}`);
    await expect(visitor.page.getByRole("heading", { level: 1 })).toHaveText(title);
    await visitor.close();
  });

  test("refuses bad input with messages and saves nothing", async ({ page }) => {
    await visit(page, "/admin/content/hero_slider/1");
    const before = await page.getByLabel("Title *", { exact: true }).inputValue();
    await page.getByLabel("Title *", { exact: true }).fill("");
    await page.getByLabel("Click URL").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save" }).first().click();
    const summary = page.getByRole("alert").filter({ hasText: "Nothing was saved" });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText("Title is required.");
    await expect(summary).toContainText("Click URL must start with");
    const slides = await itemsOf(page, "hero_slider");
    expect(slides.find((s) => s.id === 1)?.title).toBe(before);
  });

  test("unpublishing removes an item from the production API; publishing brings it back", async ({
    page,
  }) => {
    await visit(page, "/admin/content/press_release");
    const published = (await itemsOf(page, "press_release")).map((r) => r.title);
    const title = String(published[0]);
    const row = page.getByRole("main").locator("ol > li").filter({ hasText: title });
    await row.getByRole("button", { name: `Unpublish “${title}”` }).click();
    await expect(row.getByText("Draft", { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await itemsOf(page, "press_release")).map((r) => r.title))
      .not.toContain(title);
    await row.getByRole("button", { name: `Publish “${title}”` }).click();
    await expect(row.getByText("Published", { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await itemsOf(page, "press_release")).map((r) => r.title))
      .toContain(title);
  });

  test("reorders with the keyboard (drag handle) and with the arrow buttons", async ({ page }) => {
    await visit(page, "/admin/content/energy_prices");
    const names = async () => (await itemsOf(page, "energy_prices", "name")).map((r) => r.name);
    const before = await names();
    // Keyboard drag: Space picks the first item up, the down arrow moves it, Space drops it.
    await page.getByRole("button", { name: `Drag to reorder “${before[0]}”` }).focus();
    // Each step waits for the screen-reader announcement that it happened.
    await page.keyboard.press("Space");
    await expect(page.getByText(`${before[0]} is over position 1 of`)).toBeAttached();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByText(`${before[0]} is over position 2 of`)).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText(`${before[0]} dropped at position 2.`)).toBeAttached();
    await expect.poll(names).toEqual([before[1], before[0], ...before.slice(2)]);
    // And back with the button.
    await page.getByRole("button", { name: `Move “${before[0]}” up` }).click();
    await expect.poll(names).toEqual(before);
  });

  test("a new draft service, with an uploaded banner, shows in the admin's preview only", async ({
    page,
    browser,
    baseURL,
  }) => {
    await visit(page, "/admin/content/service/new");
    const path = `e2e-${Date.now().toString(36)}`;
    const title = unique("Draft Service");
    await page.getByLabel("Path").fill(path);
    await page.getByLabel("Title *", { exact: true }).fill(title);
    const body = page.getByRole("textbox", { name: "Body", exact: true });
    await body.click();
    await page.keyboard.type("A service still in draft.");
    // A real 16×9 PNG uploads at once and shows a preview through /assets.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAIAAAC0SDtlAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWNQ9KwlCTGMavAcDKEEAL+ygfHiaIZcAAAAAElFTkSuQmCC",
      "base64",
    );
    const banner = page.getByRole("group", { name: "Banner" });
    await banner
      .locator('input[type="file"]')
      .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: png });
    await expect(banner.getByRole("img", { name: "banner" })).toHaveAttribute(
      "src",
      /^\/assets\/[0-9a-f-]{36}\?/,
    );
    // A text file that claims to be a JPEG is refused by its content.
    await banner.locator('input[type="file"]').setInputFiles({
      name: "fake.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not really a picture"),
    });
    await expect(banner).toContainText("not an image");
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/service\/\d+\?saved=1$/);

    const preview = page.getByRole("link", { name: /Preview/ });
    await expect(preview).toHaveAttribute("href", `/services/${path}?preview=1`);
    await page.goto(`/services/${path}?preview=1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    expect((await itemsOf(page, "service", "path")).map((s) => s.path)).not.toContain(path);
    // A visitor's `?preview` changes nothing: an unknown path goes to the first published service.
    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.goto(`/services/${path}?preview=1`);
    await expect(visitor.page).not.toHaveURL(new RegExp(path));
    await expect(visitor.page.getByRole("heading", { level: 1 })).not.toHaveText(title);
    await visitor.close();
  });
});
