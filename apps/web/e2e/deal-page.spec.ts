import { PAGE_MISSING } from "@aea/domain";
import {
  type Deal,
  decodeHtml,
  ids,
  isClosing,
  isSold,
  money,
  publicDeals,
  status,
  studyDeals,
} from "./deal-book";
import { cardIds, countLabel, dealsRegion, open, viewLink } from "./deal-pages";
import { expect, test, visit } from "./fixtures";

/**
 * A deal's own page.
 * Expected values come from deal-book.ts: the public API read with the spec's rules.
 */

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
