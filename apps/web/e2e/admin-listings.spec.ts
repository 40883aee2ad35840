import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, visit, waitForHydration } from "./fixtures";

/**
 * Staff listings (issue 14): an admin creates a listing and finds it on the public list, the map and
 * the sitemap; edits it with the unsaved-changes prompt; replaces and removes each of its pictures.
 */

const adminState = join(tmpdir(), `aea-e2e-admin-listings-${process.env.E2E_PORT ?? 3100}.json`);
const noSession = { cookies: [], origins: [] };

async function signInAsAdmin(browser: Browser, baseURL: string | undefined): Promise<void> {
  const context = await browser.newContext({ baseURL, storageState: noSession });
  await context.addCookies([{ name: "userAgreed", value: "true", url: baseURL ?? "", sameSite: "Strict" }]);
  const page = await context.newPage();
  await page.goto("/login?redirectTo=%2Fadmin%2Flistings");
  await waitForHydration(page);
  const form = page.locator("form", { has: page.locator('input[type="password"]') }).first();
  await form.locator('input[name="email"]').fill("admin@anticline.test");
  await form.locator('input[name="password"]').fill("Admin123!");
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin\/listings$/);
  await context.storageState({ path: adminState });
  await context.close();
}

// A number of its own per run, so the spec passes again on the same data directory.
const listingId = 70_000 + (Date.now() % 20_000);
const header = `Operated Midland Test Package ${listingId}`;

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function chooseAndConfirm(page: Page, source: "Cover" | "Logo" | "Tombstone", bytes: Buffer) {
  const dialog = page.getByRole("dialog");
  await dialog
    .getByRole("tab", {
      name: { Cover: "Change Cover Image", Logo: "Change Box Logo", Tombstone: "Change Tombstone" }[source],
    })
    .click();
  await dialog
    .getByRole("tabpanel")
    .locator('input[type="file"]')
    .setInputFiles({ name: `${source}.png`, mimeType: "image/png", buffer: bytes });
  await expect(dialog.getByRole("img", { name: `${source} chosen for upload (preview)` })).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm Image Upload" }).click();
  await expect(
    dialog.getByRole("status").filter({ hasText: `${source} image has been uploaded successfully!` }),
  ).toBeVisible();
  await expect(dialog.getByRole("img", { name: `${source} as the listing shows it now` })).toBeVisible();
}

test.describe("as an admin", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  test.beforeAll(async ({ browser, baseURL }) => {
    await signInAsAdmin(browser, baseURL);
  });
  test.use({ storageState: adminState });

  test("creates a listing that the public list, the map and the sitemap show", async ({
    page,
    browser,
    baseURL,
  }) => {
    await visit(page, "/admin/listings");
    await page.getByRole("link", { name: "New listing" }).click();
    await expect(page).toHaveURL(/\/admin\/listings\/new$/);
    await waitForHydration(page);
    await page.getByLabel("Listing number", { exact: true }).fill(String(listingId));
    await page.getByLabel("Header", { exact: true }).fill(header);
    await page.getByLabel("PLS code", { exact: true }).fill("PP/DV");
    // The deal types follow the PLS code as it is typed.
    const types = page.getByRole("list", { name: "Deal types from the PLS code" });
    await expect(types.getByText("Development")).toHaveClass(/bg-navy-800/);
    await page.getByLabel("Latitude", { exact: true }).fill("31.95");
    await page.getByLabel("Longitude", { exact: true }).fill("-102.05");
    await page.getByLabel("Basin", { exact: true }).fill("Midland");
    await page.getByLabel("Projected sale price (US$)", { exact: true }).fill("not a price");
    await page.getByRole("button", { name: "Create listing" }).click();
    await expect(page.getByText("Projected sale price must be a number")).toBeVisible();
    await page.getByLabel("Projected sale price (US$)", { exact: true }).fill("12,500,000");
    await page.getByRole("button", { name: "Create listing" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/listings/${listingId}\\?saved=created$`));
    await expect(page.getByRole("status").filter({ hasText: "The listing has been created." })).toBeVisible();

    const visitor = await browser.newContext({ baseURL, storageState: noSession });
    await visitor.addCookies([{ name: "userAgreed", value: "true", url: baseURL ?? "", sameSite: "Strict" }]);
    const other = await visitor.newPage();
    await other.goto(`/deals/public?search=${listingId}`);
    await expect(other.getByRole("link", { name: new RegExp(header) }).first()).toBeVisible();
    const deals = await (await other.request.get("/api/Advisors/GetDeals")).json();
    expect(deals.find((d: { ListingId: number }) => d.ListingId === listingId)?.coordinates).toBe(
      "31.95,-102.05",
    );
    await other.goto("/deals/public/map");
    await expect(other.locator(".maplibregl-canvas")).toBeVisible();
    const sitemap = await (await other.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/deals/${listingId}</loc>`);
    await visitor.close();
  });

  test("a second form with an older version is told and saves nothing", async ({
    page,
    browser,
    baseURL,
  }) => {
    await visit(page, `/admin/listings/${listingId}`);
    // A second member of staff (the same admin in another browser) opens the same listing.
    const otherStaff = await browser.newContext({ baseURL, storageState: adminState });
    await otherStaff.addCookies([
      { name: "userAgreed", value: "true", url: baseURL ?? "", sameSite: "Strict" },
    ]);
    const second = await otherStaff.newPage();
    await second.goto(`/admin/listings/${listingId}`);
    await waitForHydration(second);
    await page.getByLabel("Working interest", { exact: true }).fill("100% WI");
    await page.getByRole("button", { name: "Save listing" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The listing has been saved." })).toBeVisible();
    await second.getByLabel("Working interest", { exact: true }).fill("50% WI");
    await second.getByRole("button", { name: "Save listing" }).click();
    await expect(
      second.getByRole("alert").filter({ hasText: "This listing was changed by someone else" }),
    ).toBeVisible();
    await otherStaff.close();
    await page.reload();
    await expect(page.getByLabel("Working interest", { exact: true })).toHaveValue("100% WI");
  });

  test("leaving an edited form asks first: Stay keeps the edit, Leave goes", async ({ page }) => {
    await visit(page, `/admin/listings/${listingId}`);
    await page.getByLabel("Field", { exact: true }).fill("Spraberry");
    await page.getByRole("link", { name: "All listings" }).click();
    const prompt = page.getByRole("dialog", {
      name: "You have unsaved changes. Are you sure you want to leave?",
    });
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Stay" }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/listings/${listingId}`));
    await expect(page.getByLabel("Field", { exact: true })).toHaveValue("Spraberry");
    await page.getByRole("link", { name: "All listings" }).click();
    await prompt.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/admin\/listings$/);
  });

  test("replaces and removes the cover, logo and tombstone", async ({ page }) => {
    await visit(page, `/admin/listings?search=${listingId}`);
    await page.getByRole("button", { name: `Images of listing ${listingId}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("No Cover Image Uploaded")).toBeVisible();
    await chooseAndConfirm(page, "Cover", await picture(1600, 900, "#336699"));
    await chooseAndConfirm(page, "Logo", await picture(400, 200, "#aa5500"));
    await chooseAndConfirm(page, "Tombstone", await picture(800, 800, "#225522"));

    // A file that is not a picture is refused with a message.
    await dialog.getByRole("tab", { name: "Change Box Logo" }).click();
    await dialog
      .getByRole("tabpanel")
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await dialog.getByRole("button", { name: "Confirm Image Upload" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Oops an error occurred" })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    for (const [tab, source] of [
      ["Change Cover Image", "Cover"],
      ["Change Box Logo", "Logo"],
      ["Change Tombstone", "Tombstone"],
    ] as const) {
      await dialog.getByRole("tab", { name: tab }).click();
      const panel = dialog.getByRole("tabpanel");
      await panel.getByRole("button", { name: `Remove ${source.toLowerCase()} image` }).click();
      await panel.getByRole("button", { name: "Confirm Remove Image" }).click();
      await expect(
        panel.getByRole("status").filter({ hasText: `${source} image has been removed` }),
      ).toBeVisible();
    }
    await dialog.getByRole("tab", { name: "Change Cover Image" }).click();
    await expect(dialog.getByText("No Cover Image Uploaded")).toBeVisible();
  });
});
