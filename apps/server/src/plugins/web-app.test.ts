import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { SESSION_COOKIE, STAFF_SESSION_COOKIE } from "@aea/core";
import { ContentRepository, SimilarDealChoiceRepository, testDatabase, testEngines } from "@aea/core/testing";
import type { Listing } from "@aea/domain";
import { describe, expect, it, vi } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const [sqlite] = testEngines();

// `npm test` builds the web app before the unit tests; without a fresh build these fail (requireFreshWebBuild).
describe("server-rendered pages", () => {
  const served = serveTestApp(sqlite);

  const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
  /** The cookies of a demo buyer's fresh login. */
  const buyerCookie = async () => {
    const login = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      headers: { origin: served.core.config.publicUrl },
      payload: { email: "buyer@anticline.test", password: "Buyer123!", rememberMe: false },
    });
    return login.cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
  };

  it("gives each rendered page a fresh CSP nonce that its scripts carry", async () => {
    const other = await served.app.inject("/definitely/not/here");
    const page = await served.app.inject("/definitely/not/here");
    expect(nonceOf(page.headers["content-security-policy"])).not.toBe(
      nonceOf(other.headers["content-security-policy"]),
    );
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.body).toContain(`nonce="${nonceOf(page.headers["content-security-policy"])}"`);
  });

  it("redirects the root to /home and renders /home with the script nonce of its CSP", async () => {
    expect((await served.app.inject("/")).headers.location).toBe("/home");
    const home = await served.app.inject("/home");
    expect(home.statusCode).toBe(200);
    const nonce = nonceOf(home.headers["content-security-policy"]);
    expect(home.body).toContain(`nonce="${nonce}"`);
  });

  it("answers unknown pages with 404 and the page-missing screen", async () => {
    const response = await served.app.inject("/definitely/not/here");
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("404: page missing");
  });

  it("serves an anonymous deals page from its render cache, with the matching CSP, and 304 on revalidation", async () => {
    const url = "/deals/public?type=producing&view=table";
    const first = await served.app.inject({ url, headers: { "accept-encoding": "identity" } });
    const second = await served.app.inject({ url, headers: { "accept-encoding": "identity" } });
    expect(second.body).toBe(first.body);
    expect(nonceOf(second.headers["content-security-policy"])).toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
    expect(second.body).toContain(`nonce="${nonceOf(second.headers["content-security-policy"])}"`);
    const revalidated = await served.app.inject({
      url,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it("renders a page once for a burst of anonymous visitors who all missed the cache", async () => {
    const url = "/deals/public?view=list&burst=1";
    const pages = await Promise.all(
      Array.from({ length: 8 }, () => served.app.inject({ url, headers: { "accept-encoding": "br" } })),
    );
    expect(pages.map((page) => page.statusCode)).toEqual(Array(8).fill(200));
    expect(pages.map((page) => page.headers["content-encoding"])).toEqual(Array(8).fill("br"));
    // One render: one nonce, one set of bytes.
    expect(new Set(pages.map((page) => nonceOf(page.headers["content-security-policy"]))).size).toBe(1);
    expect(new Set(pages.map((page) => page.rawPayload.toString("base64"))).size).toBe(1);
  });

  it("caches the marketing pages for anonymous visitors too, and renders again after a content edit", async () => {
    const render = () => served.app.inject({ url: "/team", headers: { "accept-encoding": "identity" } });
    const first = await render();
    expect(first.statusCode).toBe(200);
    expect(nonceOf((await render()).headers["content-security-policy"])).toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
    // Saving an item through the content repository is all it takes: no cache is told by hand.
    const content = new ContentRepository(testDatabase(served.core).db);
    const [member] = await content.findItems("team");
    await content.save({ ...member, updatedAt: new Date().toISOString() });
    expect(nonceOf((await render()).headers["content-security-policy"])).not.toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
  });

  it("keeps the redirect of /services to its first service like a page, and follows a content edit", async () => {
    const visit = () => served.app.inject({ url: "/services" });
    const first = await visit();
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toMatch(/^\/services\/[a-z0-9-]+$/);
    const second = await visit();
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe(first.headers.location);
    expect(nonceOf(second.headers["content-security-policy"])).toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
    const content = new ContentRepository(testDatabase(served.core).db);
    const [service] = await content.findItems("service");
    await content.save({ ...service, updatedAt: new Date().toISOString() });
    expect(nonceOf((await visit()).headers["content-security-policy"])).not.toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
  });

  it("renders a deal page again after staff pin a similar deal, with no cache told by hand", async () => {
    const [deal, ...others] = await served.core.listings.publicListings();
    const shown = new Set(
      (await served.core.similarDeals.shownWith(deal)).map((similar) => similar.ListingId),
    );
    const pinned = others.find((other) => !shown.has(other.ListingId)) as Listing;
    const render = () =>
      served.app.inject({ url: `/deals/${deal.ListingId}`, headers: { "accept-encoding": "identity" } });
    const first = await render();
    expect(first.statusCode).toBe(200);
    expect(nonceOf((await render()).headers["content-security-policy"])).toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
    await new SimilarDealChoiceRepository(testDatabase(served.core).db).insert({
      ListingId: deal.ListingId,
      similarListingId: pinned.ListingId,
      choice: "pinned",
      position: 1,
      updatedBy: null,
      updatedAt: new Date().toISOString(),
    });
    const after = await render();
    expect(nonceOf(after.headers["content-security-policy"])).not.toBe(
      nonceOf(first.headers["content-security-policy"]),
    );
    expect(first.body).not.toContain(`href="/deals/${pinned.ListingId}"`);
    expect(after.body).toContain(`href="/deals/${pinned.ListingId}"`);
  });

  /** The app's address on the network, where cached pages are answered ahead of Fastify. */
  const networkOrigin = async () => {
    if (!served.app.server.listening) await served.app.listen({ port: 0, host: "127.0.0.1" });
    return `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
  };

  it("answers cached pages over the network ahead of the framework, with their CSP, never to a signed-in visitor", async () => {
    const url = `${await networkOrigin()}/deals/public?view=3x`;
    const first = await fetch(url);
    const second = await fetch(url);
    const nonce = nonceOf(String(first.headers.get("content-security-policy")));
    expect(nonceOf(String(second.headers.get("content-security-policy")))).toBe(nonce);
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(second.headers.get("vary")).toBe("accept-encoding, cookie");
    expect(await second.text()).toContain(`nonce="${nonce}"`);
    const signedIn = await fetch(url, { headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(nonceOf(String(signedIn.headers.get("content-security-policy")))).not.toBe(nonce);
  });

  it("renews an expired cached page with a fresh nonce in every place its render put one", async () => {
    const url = `${await networkOrigin()}/home?renewed=1`;
    const first = await fetch(url);
    const firstNonce = String(nonceOf(first.headers.get("content-security-policy")));
    const firstPage = await first.text();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Past the render cache's 30 s, well within the time a page may be renewed for.
      vi.setSystemTime(Date.now() + 31_000);
      const renewed = await fetch(url);
      const nonce = String(nonceOf(renewed.headers.get("content-security-policy")));
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(nonce).not.toBe(firstNonce);
      const page = await renewed.text();
      expect(page).not.toContain(firstNonce);
      expect(page.split(nonce).length).toBe(firstPage.split(firstNonce).length);
      expect(page.replaceAll(nonce, firstNonce)).toBe(firstPage);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never serves a cached page to a signed-in visitor", async () => {
    const url = "/deals/public?view=2x";
    const anonymous = await served.app.inject(url);
    const signedIn = await served.app.inject({ url, headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(nonceOf(signedIn.headers["content-security-policy"])).not.toBe(
      nonceOf(anonymous.headers["content-security-policy"]),
    );
  });

  it("draws a liked deal's heart pressed in the page the server sends, on the list and on the deal page", async () => {
    const cookie = await buyerCookie();
    const [deal] = await served.core.listings.publicListings();
    const like = await served.app.inject({
      method: "POST",
      url: `/api/Advisors/LikeDeal?listingId=${deal.ListingId}&liked=true`,
      headers: { cookie, origin: served.core.config.publicUrl },
    });
    expect(like.statusCode).toBe(200);
    // Before any script runs: the heart must not fill in only once the page has hydrated.
    const pressedLikes = (html: string) => html.match(/aria-pressed="true"[^>]*title="Liked"/g) ?? [];
    const list = await served.app.inject({ url: "/deals/public?liked=true", headers: { cookie } });
    expect(pressedLikes(list.body)).toHaveLength(1);
    const page = await served.app.inject({ url: `/deals/${deal.ListingId}`, headers: { cookie } });
    expect(pressedLikes(page.body).length).toBeGreaterThanOrEqual(1);
    await served.app.inject({
      method: "POST",
      url: `/api/Advisors/LikeDeal?listingId=${deal.ListingId}&liked=false`,
      headers: { cookie, origin: served.core.config.publicUrl },
    });
    const after = await served.app.inject({ url: `/deals/${deal.ListingId}`, headers: { cookie } });
    expect(pressedLikes(after.body)).toHaveLength(0);
  });

  it("writes the stylesheet into anonymous pages and links it, cached for a year, from signed-in ones", async () => {
    const anonymous = await served.app.inject("/deals/public?view=stylesheet");
    const inline = /<style id="site-stylesheet" nonce="[^"]+">([\s\S]*?)<\/style>/.exec(anonymous.body)?.[1];
    expect(inline).toContain("tailwindcss");
    expect(anonymous.body).not.toContain('<link id="site-stylesheet"');

    const cookie = await buyerCookie();
    const signedIn = await served.app.inject({ url: "/deals/public?view=stylesheet", headers: { cookie } });
    expect(signedIn.body).toContain("buyer@anticline.test");
    expect(signedIn.body).not.toContain('<style id="site-stylesheet"');
    const href = /<link id="site-stylesheet" rel="stylesheet" href="(\/_app\/app-[\w-]+\.css)"/.exec(
      signedIn.body,
    )?.[1];
    const stylesheet = await served.app.inject({
      url: String(href),
      headers: { "accept-encoding": "identity" },
    });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers["content-type"]).toMatch(/^text\/css/);
    expect(stylesheet.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The very rules anonymous visitors get inline.
    expect(stylesheet.body.trim()).toBe(inline?.trim());
  });

  it("sends a page rendered for one visitor whole and compressed for their browser, with its cookies", async () => {
    const cookie = await buyerCookie();
    const url = "/deals/public?view=whole";
    const ask = (acceptEncoding: string) =>
      served.app.inject({ url, headers: { cookie, "accept-encoding": acceptEncoding } });
    // Chromium's Accept-Encoding: zstd, cheapest to make at this size.
    const zstd = await ask("gzip, deflate, br, zstd");
    expect(zstd.headers["content-encoding"]).toBe("zstd");
    expect(zstd.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(zstd.headers["content-length"])).toBe(zstd.rawPayload.length);
    const page = zstdDecompressSync(zstd.rawPayload).toString();
    expect(page).toContain("buyer@anticline.test");
    // Compressed in one pass into room for the whole frame: all of the page, to its last tag.
    expect(page.trimEnd()).toMatch(/<\/html>$/);

    const brotli = await ask("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.rawPayload.length);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain("buyer@anticline.test");

    const gzip = await ask("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toContain("buyer@anticline.test");

    const plain = await ask("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("buyer@anticline.test");

    // A client that refuses an encoding with q=0 never gets it; its highest q-value wins.
    for (const [acceptEncoding, sent] of [
      ["zstd;q=0, br;q=0, gzip", "gzip"],
      ["gzip;q=0, br;q=0", undefined],
      ["zstd;q=0.5, br", "br"],
    ] as const) {
      expect((await ask(acceptEncoding)).headers["content-encoding"], acceptEncoding).toBe(sent);
    }

    // A client-side navigation's data is made for the visitor too.
    const data = await served.app.inject({
      url: "/deals/public.data?view=whole",
      headers: { cookie, "accept-encoding": "br" },
    });
    expect(data.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(data.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(data.rawPayload).length).toBeGreaterThan(data.rawPayload.length);

    // A session that has ended, met on a client-side navigation: the data sends the browser home and
    // clears both of its session cookies in the same answer.
    const ended = await served.app.inject({
      url: "/deals/public.data",
      headers: { cookie: `${SESSION_COOKIE}=abc`, "accept-encoding": "br" },
    });
    expect(ended.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(ended.body).toContain("session-ended");
    expect(new Set(ended.cookies.filter(({ value }) => value === "").map(({ name }) => name))).toEqual(
      new Set([SESSION_COOKIE, STAFF_SESSION_COOKIE]),
    );
  });

  it("lets go of a page rendered for one visitor once it is sent, with no timer holding it for seconds", async () => {
    // Under load every render a pending timer held stayed in memory until the timer fired: some 500
    // pages, their loader data and React trees, in the load bench (decision 037).
    const cookie = await buyerCookie();
    const render = () => served.app.inject({ url: "/deals/public?view=whole", headers: { cookie } });
    // React's own zero-delay timers (early preloads) fire a moment after the page is sent; a timer that
    // still holds a render some milliseconds later is one that would hold it for seconds.
    const timersLeft = async () => {
      await delay(20);
      return process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
    };
    expect((await render()).statusCode).toBe(200);
    const afterOne = await timersLeft();
    for (let i = 0; i < 5; i++) expect((await render()).statusCode).toBe(200);
    expect(await timersLeft()).toBeLessThanOrEqual(afterOne);
  });

  it("serves fingerprinted assets precompressed and immutable", async () => {
    const home = await served.app.inject("/home");
    // The page's module preloads are parked until it has loaded (docs/decisions/010).
    expect(home.body).not.toMatch(/<link rel="modulepreload"/);
    const script = /<link rel="aea-modulepreload" href="(\/_app\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(script).toBeTruthy();
    const asset = await served.app.inject({ url: String(script), headers: { "accept-encoding": "br" } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("publishes a sitemap with every public deal and a robots.txt that points to it", async () => {
    const sitemap = await served.app.inject("/sitemap.xml");
    expect(sitemap.headers["content-type"]).toMatch(/application\/xml/);
    const deals = await served.core.listings.publicListings();
    expect(deals.length).toBeGreaterThan(0);
    for (const deal of deals) {
      expect(sitemap.body).toContain(`<loc>${served.core.config.publicUrl}/deals/${deal.ListingId}</loc>`);
    }
    const robots = await served.app.inject("/robots.txt");
    expect(robots.body).toContain(`Sitemap: ${served.core.config.publicUrl}/sitemap.xml`);
  });

  it("limits the account forms' page actions like the API: 10 a minute per address", async () => {
    const post = () =>
      served.app.inject({
        method: "POST",
        url: "/forgot-password",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "email=ghost%40anticline.test",
        remoteAddress: "192.0.2.44",
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post()).statusCode);
    expect(statuses.slice(0, 10).includes(429)).toBe(false);
    expect(statuses[10]).toBe(429);
  });

  it("limits the contact and seller forms' page actions like the mail API, one count for both pages", async () => {
    const post = (url: string) =>
      served.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "email=",
        remoteAddress: "192.0.2.45",
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post("/contact-us")).statusCode);
    expect(statuses.slice(0, 10).includes(429)).toBe(false);
    expect(statuses[10]).toBe(429);
    expect((await post("/seller")).statusCode).toBe(429);
  });
});
