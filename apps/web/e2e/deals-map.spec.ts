import type { Locator } from "@playwright/test";
import { normalise, pageLabel, publicDeals } from "./deal-book";
import { countLabel, open } from "./deal-pages";
import { expect, test, visit } from "./fixtures";

/**
 * The map of deals: the map page and its markers.
 * Expected values come from deal-book.ts: the public API read with the spec's rules.
 */

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
