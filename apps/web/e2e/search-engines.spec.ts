import { ids, ofType, PAGE_SIZE, pageLabel, publicDeals, studyDeals } from "./deal-book";
import { expect, test } from "./fixtures";

/**
 * What search engines are given: the sitemap, robots.txt, and a filtered table rendered before any JavaScript runs.
 * Expected values come from deal-book.ts: the public API read with the spec's rules.
 */

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
