import { testEngines } from "@aea/core/testing";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const host = "localhost:3000";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const INTERNET_EXPLORER = "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko";

/** The text between tags, entities decoded as a browser shows them (enough for the spec's texts). */
const visibleText = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

/** The spec's screen texts (§2) where visitors meet them: the home page, its menus and the 404 page. */
describe.each(testEngines().slice(0, 1))("the site's texts on $name", (engine) => {
  const served = serveTestApp(engine, { SEED_DEMO_ACCOUNTS: "false" });
  const page = async (url: string, userAgent = CHROME) => {
    const response = await served.app.inject({
      method: "GET",
      url,
      headers: { host, "user-agent": userAgent },
    });
    return { status: response.statusCode, html: response.body, text: visibleText(response.body) };
  };

  it("gives the home page its hidden heading, menu, deal-type row and key items", async () => {
    const home = await page("/home");
    expect(home.status).toBe(200);
    expect(home.html).toMatch(/<h1[^>]*>Oil and Gas Acquisitions and Divestiture Advisory Services<\/h1>/);
    expect(home.html).toContain('placeholder="Search Assignments"');
    for (const label of [
      "Home",
      "Research",
      "Assignments",
      "Services",
      "Pitchbooks",
      "Resources",
      "iBuy",
      "iSell",
      "Contact",
    ])
      expect(home.text, label).toContain(` ${label} `);
    // The home page's row of deal types (§2): PP, DV, L, RR, M, each with its code.
    expect(home.text).toContain(
      "PP – Producing Properties DV – Drilling Prospects L – Acreage & Leasehold RR – Royalties & Overrides M – Minerals for Sale",
    );
    expect(home.text).toContain("Four Decades Successfully Marketing Oil & Gas Properties");
    for (const href of ["/pitchbooks/products-services", "/team", "/pitchbooks/tombstones", "/buyer/signup"])
      expect(home.html).toContain(`href="${href}"`);
    expect(home.text).not.toContain("This site is best viewed in Chrome");
  });

  it("tells Internet Explorer the site is best viewed elsewhere, and a lost visitor the page is missing", async () => {
    const old = await page("/home", INTERNET_EXPLORER);
    expect(old.text).toContain(
      "This site is best viewed in Chrome, Firefox, or Microsoft Edge. Your browser may be unsupported and out of date.",
    );
    const missing = await page("/no-such-page-at-all");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("404: page missing");
  });
});
