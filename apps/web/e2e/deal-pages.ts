import type { Locator, Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

/** The parts of the deal pages a visitor uses: the list, its count, views, filters and cards. */

/** Opens a path and waits for hydration; axe runs on the page each test ends on (fixture) and on `visit`. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export const dealsRegion = (page: Page) => page.getByRole("region", { name: "Deals" });
export const cards = (page: Page) => dealsRegion(page).locator("article");
export const countLabel = (page: Page) =>
  page.getByRole("navigation", { name: "Pages" }).first().locator("p");
export const viewLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Views" }).getByRole("link", { name, exact: true });
export const activeFilters = (page: Page) => page.getByRole("list", { name: "Active filters" });
export const sizeToggle = (page: Page, name: string) =>
  page
    .getByRole("banner")
    .getByRole("list", { name: "Deal size" })
    .getByRole("link", { name: new RegExp(`^${name}`) });

/** The deal ids of the cards on the page, in order. */
export async function cardIds(page: Page): Promise<number[]> {
  return cards(page)
    .locator("h3 a")
    .evaluateAll((links) => links.map((a) => Number(a.getAttribute("href")?.split("/").pop())));
}

/** Each card's id and the status sticker it carries. */
export async function cardStickers(page: Page): Promise<Array<{ id: number; sticker: string | null }>> {
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
export async function cardsInFirstRow(page: Page): Promise<number> {
  return dealsRegion(page)
    .locator("ol > li")
    .evaluateAll((items) => {
      const top = items[0]?.getBoundingClientRect().top ?? 0;
      return items.filter((li) => Math.abs(li.getBoundingClientRect().top - top) < 2).length;
    });
}

/** The Filters panel: the side panel on desktop; on phones a "Filters" disclosure, opened here. */
export async function filtersPanel(page: Page): Promise<Locator> {
  const panel = page.getByRole("complementary", { name: "Filters" });
  const disclosure = panel.locator("details");
  const summary = disclosure.locator("summary", { hasText: "Filters" });
  if ((await summary.isVisible()) && !(await disclosure.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await summary.click();
    await expect(disclosure).toHaveAttribute("open", "");
  }
  return panel;
}
