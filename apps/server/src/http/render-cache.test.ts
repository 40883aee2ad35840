import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DataVersion } from "@aea/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newScriptNonce } from "../plugins/security-headers.ts";
import { PrebuiltResponses } from "./prebuilt-responses.ts";
import { RenderCache, type RenderedPage } from "./render-cache.ts";

/**
 * A front door as the web app has it: cached pages are answered ahead, every other request "renders"
 * (here: waits until the test lets it finish) and fills the cache.
 */
async function frontDoor(
  options: { ttlMs: number; graceMs: number; renewableForMs?: number },
  renderedPage = (edition: number, _nonce: string): Pick<RenderedPage, "status" | "location" | "html"> => ({
    status: 200,
    html: Buffer.from(`<p>edition ${edition}</p>`),
  }),
  /** The nonce each render is given. */
  nonceOfRender: () => string = newScriptNonce,
) {
  const dataVersion = new DataVersion();
  const cache = new RenderCache({
    cacheable: (path) => path.startsWith("/deals"),
    personalCookies: ["session"],
    dataVersion,
    dependsOn: ["listings"],
    cacheControl: "public, max-age=0",
    ...options,
  });
  const prebuilt = new PrebuiltResponses({});
  let edition = 0;
  let nonce = "";
  let finishRender = () => {};
  let renders = 0;
  const server: Server = createServer((request, response) => {
    if (cache.tryServeAhead(request, response, prebuilt)) return;
    renders += 1;
    const released = new Promise<void>((resolve) => {
      finishRender = resolve;
    });
    const key = cache.keyFor(request) as string;
    void cache
      .fill(key, async () => {
        await released;
        edition += 1;
        nonce = nonceOfRender();
        return {
          ...renderedPage(edition, nonce),
          contentType: "text/html; charset=utf-8",
          contentSecurityPolicy: `script-src 'nonce-${nonce}'`,
          nonce,
        };
      })
      .then((body) => {
        const { status, location } = renderedPage(edition, nonce);
        response.writeHead(status, location ? { location } : {}).end(body?.identity);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/deals/public`;
  /** Asks for the page and lets its render finish once it has started. */
  const render = async () => {
    const before = renders;
    const answer = fetch(url, { redirect: "manual" }).then((response) => response.text());
    while (renders === before) await new Promise((resolve) => setTimeout(resolve, 5));
    return { finish: finishRender, text: answer };
  };
  return {
    dataVersion,
    server,
    renders: () => renders,
    /** The nonce of the last render. */
    nonce: () => nonce,
    get: async () => {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      return {
        status: response.status,
        location: response.headers.get("location"),
        text: await response.text(),
        csp: response.headers.get("content-security-policy"),
      };
    },
    render,
    /** A first visitor's request, rendered and answered: the page is in the cache. */
    renderedOnce: async () => {
      const first = await render();
      first.finish();
      await first.text;
    },
  };
}

/**
 * Pages age on the test's clock, not the machine's: on a loaded machine more than a page's time can pass
 * between two requests, and a page the test means to be fresh would then expire under it.
 */
const pageTimePasses = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe("the render cache", () => {
  let server: Server | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        vi.useRealTimers();
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  it("sends an expired page to others while one visitor's request renders it again, and only then", async () => {
    const door = await frontDoor({ ttlMs: 100, graceMs: 5_000, renewableForMs: 0 });
    server = door.server;
    const first = await door.render();
    first.finish();
    expect(await first.text).toBe("<p>edition 1</p>");
    const firstNonce = door.nonce();
    expect((await door.get()).text).toBe("<p>edition 1</p>");

    pageTimePasses(120);
    const refill = await door.render();
    // Meanwhile another visitor gets the page that just expired, with the policy its nonce belongs to.
    expect(await door.get()).toMatchObject({
      status: 200,
      text: "<p>edition 1</p>",
      csp: `script-src 'nonce-${firstNonce}'`,
    });
    refill.finish();
    expect(await refill.text).toBe("<p>edition 2</p>");
    expect((await door.get()).text).toBe("<p>edition 2</p>");
  });

  it("never sends a page of data that changed, expired or not", async () => {
    const door = await frontDoor({ ttlMs: 100, graceMs: 5_000 });
    server = door.server;
    await door.renderedOnce();
    pageTimePasses(120);
    door.dataVersion.publish([{ dataset: "listings", ids: [1245] }]);
    const refill = await door.render();
    // The second visitor does not get edition 1: it waits for a render of its own.
    const second = await door.render();
    refill.finish();
    second.finish();
    expect(await refill.text).toBe("<p>edition 2</p>");
    expect(await second.text).not.toBe("<p>edition 1</p>");
  });

  it("lets an expired page go once its grace has passed, rendering it for the next visitor", async () => {
    const door = await frontDoor({ ttlMs: 50, graceMs: 50 });
    server = door.server;
    await door.renderedOnce();
    pageTimePasses(120);
    const next = await door.render();
    next.finish();
    expect(await next.text).toBe("<p>edition 2</p>");
  });

  it("keeps a redirect that is the same for every visitor, with its Location", async () => {
    const door = await frontDoor({ ttlMs: 30_000, graceMs: 0 }, () => ({
      status: 302,
      location: "/services/divestiture-advisory",
      html: Buffer.alloc(0),
    }));
    server = door.server;
    await door.renderedOnce();
    expect(await door.get()).toMatchObject({
      status: 302,
      location: "/services/divestiture-advisory",
      text: "",
    });
    expect(door.renders()).toBe(1);
  });

  it("renews an expired page of unchanged data with a fresh nonce instead of rendering it again", async () => {
    const page = (edition: number, nonce: string) => ({
      status: 200,
      html: Buffer.from(
        `<script nonce="${nonce}">start()</script><p>edition ${edition}</p><a nonce="${nonce}"></a>`,
      ),
    });
    const door = await frontDoor({ ttlMs: 100, graceMs: 5_000, renewableForMs: 1_000 }, page);
    server = door.server;
    await door.renderedOnce();
    const renderedNonce = door.nonce();

    pageTimePasses(120);
    const renewed = await door.get();
    const nonce = /nonce="([^"]+)"/.exec(renewed.text)?.[1] ?? "";
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(nonce).not.toBe(renderedNonce);
    expect(renewed).toMatchObject({
      status: 200,
      text: page(1, nonce).html.toString(),
      csp: `script-src 'nonce-${nonce}'`,
    });
    expect(door.renders()).toBe(1);
    // Renewed, the page is fresh again: the next visitor gets the same one.
    expect((await door.get()).text).toBe(renewed.text);

    // Once the page is too old to renew, the next visitor's request renders it again.
    pageTimePasses(1_000);
    const again = await door.render();
    again.finish();
    expect(await again.text).toBe(page(2, door.nonce()).html.toString());
    expect(door.renders()).toBe(2);
  });

  it("renders an expired page without a nonce again rather than renewing it", async () => {
    const door = await frontDoor({ ttlMs: 100, graceMs: 5_000 }, undefined, () => "");
    server = door.server;
    await door.renderedOnce();
    pageTimePasses(120);
    const again = await door.render();
    again.finish();
    expect(await again.text).toBe("<p>edition 2</p>");
    expect(door.renders()).toBe(2);
  });
});
