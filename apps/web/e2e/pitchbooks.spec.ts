import { readFile } from "node:fs/promises";
import { PAGE_MISSING } from "@aea/domain";
import { expect, test, visit } from "./fixtures";
import { type Deal, type Item, items, servicesInOrder, singleton } from "./marketing-content";

/**
 * The pitchbooks (spec §2 pitchbooks).
 * Texts and links come from the spec; content-driven parts are compared with what the content API
 * (`/items/…`) answers (marketing-content.ts), never with the app's own helpers.
 */

// The first visits of a fresh server render every picture size with sharp; give them room.
test.describe.configure({ timeout: 60_000 });

test.describe("pitchbooks", () => {
  test("/pitchbooks opens products and services; each pitchbook shows its title, description and cover", async ({
    page,
    request,
  }) => {
    const books = await items(request, "flipbook?fields=path,title,description,pdf&limit=-1");
    await visit(page, "/pitchbooks");
    await expect(page).toHaveURL(/\/pitchbooks\/products-services$/);

    for (const path of ["products-services", "capabilities-pitchbook"]) {
      const book = books.find((b) => b.path === path) as Item;
      await visit(page, `/pitchbooks/${path}`);
      await expect(page.getByRole("heading", { level: 1, name: String(book.title) })).toBeVisible();
      await expect(page.getByText(String(book.description))).toBeVisible();
      await expect(page.getByRole("img", { name: `Cover of ${book.title}` })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Pitchbooks", exact: true });
      await expect(tabs.getByRole("link", { name: String(book.title) })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // The download link is there exactly when the pitchbook has a PDF.
      await expect(page.getByRole("link", { name: /Download PDF/ })).toHaveCount(book.pdf ? 1 : 0);
    }
  });

  test("Download PDF hands over the pitchbook's PDF, and the download is the one analytics event", async ({
    page,
    request,
  }) => {
    const [book] = await items(
      request,
      "flipbook?fields=title,pdf.id,pdf.filename_download&filter[path][_eq]=tombstones",
    );
    const pdf = book.pdf as { id: string; filename_download: string };
    await visit(page, "/pitchbooks/tombstones");
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? [])).toEqual([]);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Download PDF/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(pdf.filename_download);
    expect(pdf.filename_download).toBe("anticline-tombstones.pdf");
    const bytes = await readFile((await file.path()) ?? "");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const events = await page.evaluate(
      () => (window as { dataLayer?: { event: string; file_url: string }[] }).dataLayer,
    );
    expect(events).toEqual([
      expect.objectContaining({ event: "pdf_download", file_url: `/assets/${pdf.id}?download=true` }),
    ]);
  });

  test("products and services lists every service", async ({ page, request }) => {
    const services = await servicesInOrder(request);
    await visit(page, "/pitchbooks/products-services");
    const list = page.locator("section", {
      has: page.getByRole("heading", { name: "What we do for sellers" }),
    });
    for (const service of services) {
      await expect(list.getByRole("link", { name: new RegExp(`^${service.title}`) })).toHaveAttribute(
        "href",
        `/services/${service.path}`,
      );
    }
  });

  test("tombstones shows the home page's tombstones and those of sold deals", async ({ page, request }) => {
    const home = await singleton(request, "home_page?fields=tombstone_images.directus_files_id.title");
    const picked = (home.tombstone_images as { directus_files_id: { title: string } }[]).map(
      (t) => t.directus_files_id.title,
    );
    const deals = (await (await request.get("/api/Advisors/GetDeals")).json()) as Deal[];
    const sold = deals.filter((d) => d.tombstoneUrl && (d.sold || d.status?.toUpperCase() === "SOLD"));
    await visit(page, "/pitchbooks/tombstones");
    await expect(page.getByRole("heading", { level: 1, name: "Tombstones" })).toBeVisible();
    const grid = page.getByRole("region", { name: "Closed transactions" });
    const images = grid.getByRole("img");
    for (const title of picked)
      await expect(grid.getByRole("img", { name: title, exact: true })).toBeAttached();
    // Each sold deal appears once: by its own tombstone, or by a picked one titled after it.
    expect(await images.count()).toBeGreaterThanOrEqual(sold.length);
    expect(await images.count()).toBeLessThanOrEqual(sold.length + picked.length);
    const first = images.first();
    await expect(first).toHaveAttribute("width", "600");
    await expect(first).toHaveAttribute("height", "600");
    await expect(images.last()).toHaveAttribute("loading", "lazy");
  });

  test("any other pitchbook path is the page-missing screen", async ({ page }) => {
    const response = await page.goto("/pitchbooks/brochure-2019");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: PAGE_MISSING })).toBeVisible();
  });

  test("the sitemap lists the team and pitchbook pages", async ({ request, baseURL }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of [
      "/team",
      "/pitchbooks/products-services",
      "/pitchbooks/tombstones",
      "/pitchbooks/capabilities-pitchbook",
    ]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
  });
});
