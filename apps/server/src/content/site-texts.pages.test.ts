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
  const page = async (url: string, userAgent = CHROME, cookie?: string) => {
    const response = await served.app.inject({
      method: "GET",
      url,
      headers: { host, "user-agent": userAgent, ...(cookie ? { cookie } : {}) },
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

  it("keeps the old-browser banner closed for the rest of the visit once closed, and only for that visit", async () => {
    const OLD_BROWSER_TEXT = "This site is best viewed in Chrome, Firefox, or Microsoft Edge.";
    const closing = await served.app.inject({
      method: "GET",
      url: "/old-browser-banner/close?back=%2Fteam%3Fx%3D1",
      headers: { host, "user-agent": INTERNET_EXPLORER },
    });
    expect(closing.statusCode).toBe(302);
    expect(closing.headers.location).toBe("/team?x=1");
    const setCookie = String(closing.headers["set-cookie"]);
    expect(setCookie).toMatch(/^oldBrowserBannerClosed=1; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = setCookie.split(";")[0];
    // Twice each, so the second answer of each comes from the page cache if it keeps one.
    for (let i = 0; i < 2; i++) {
      expect((await page("/team", INTERNET_EXPLORER, cookie)).text).not.toContain(OLD_BROWSER_TEXT);
      expect((await page("/team", INTERNET_EXPLORER)).text).toContain(OLD_BROWSER_TEXT);
    }
    const elsewhere = await served.app.inject({
      method: "GET",
      url: "/old-browser-banner/close?back=%2F%2Fevil.test",
      headers: { host, "user-agent": INTERNET_EXPLORER },
    });
    expect(elsewhere.headers.location).toBe("/home");
  });
});
