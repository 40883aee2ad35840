import { gunzipSync } from "node:zlib";
import type { Core } from "@aea/core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../../packages/core/src/testing/test-cores.ts";
import { buildApp } from "./app.ts";

describe.each(testEngines())("HTTP API on $name", (engine) => {
  let core: Core;
  let app: FastifyInstance;
  beforeAll(async () => {
    core = await engine.create();
    app = await buildApp({ core, withWebApp: false });
  });
  afterAll(async () => {
    await app.close();
    await core.close();
  });

  it("answers /healthz with 200 while the database answers", async () => {
    const response = await app.inject("/healthz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("GetDeals returns the public listings with the spec's field names, gzip-compressed, with an ETag", async () => {
    const response = await app.inject({
      url: "/api/Advisors/GetDeals",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const deals = JSON.parse(gunzipSync(response.rawPayload).toString());
    expect(deals.length).toBeGreaterThanOrEqual(150);
    for (const field of [
      "ListingId",
      "Header",
      "PLSCode",
      "status",
      "region",
      "basin",
      "coordinates",
      "hasVDR",
    ]) {
      expect(deals[0]).toHaveProperty(field);
    }
    expect(deals.some((d: { isPrivate: boolean }) => d.isPrivate)).toBe(false);
  });

  it("GetDeals answers a conditional request with 304 and no body", async () => {
    const first = await app.inject("/api/Advisors/GetDeals");
    const second = await app.inject({
      url: "/api/Advisors/GetDeals",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const response = await app.inject("/api/Nope/Nothing");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("serves the OpenAPI document generated from the route schemas, and its reference page", async () => {
    const document = (await app.inject("/api/docs/json")).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths["/api/Advisors/GetDeals"].get.summary).toBe("Public deal listings");
    expect(document.paths["/healthz"]).toBeUndefined();
    const page = await app.inject("/api/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });

  it("sends security headers with a per-response script nonce", async () => {
    const a = await app.inject("/healthz");
    const b = await app.inject("/healthz");
    const nonce = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    expect(nonce(a.headers["content-security-policy"])).toBeTruthy();
    expect(nonce(a.headers["content-security-policy"])).not.toBe(nonce(b.headers["content-security-policy"]));
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("serves generated listing images from the media directory", async () => {
    const [withCover] = (await core.listings.publicListings()).filter((l) => l.ImageUrl);
    const response = await app.inject(String(withCover.ImageUrl));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
  });
});
