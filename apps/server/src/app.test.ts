import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { ListingRepository, testDatabase, testEngines } from "@aea/core/testing";
import type { Listing } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "./testing/test-app.ts";

describe.each(testEngines())("HTTP API on $name", (engine) => {
  const served = serveTestApp(engine, {}, { withWebApp: false });

  it("answers /healthz with 200 while the database answers", async () => {
    const response = await served.app.inject("/healthz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("GetDeals returns the public listings with the spec's field names, gzip-compressed, with an ETag", async () => {
    const response = await served.app.inject({
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
    const first = await served.app.inject("/api/Advisors/GetDeals");
    const second = await served.app.inject({
      url: "/api/Advisors/GetDeals",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("GetDeals over the network is answered ahead of the routes and never stale after a listing changes", async () => {
    await served.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}/api/Advisors/GetDeals`;
    const first = await fetch(url);
    const deals = (await first.json()) as { ListingId: number; Header: string }[];
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    // The second request is the prebuilt one: the same bytes, headers and 304 behaviour.
    const second = await fetch(url);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    expect(await second.json()).toEqual(deals);
    expect(
      (await fetch(url, { headers: { "if-none-match": String(first.headers.get("etag")) } })).status,
    ).toBe(304);

    const renamed = `${deals[0].Header} (renamed)`;
    // A write through the repository is all it takes: no cache is told by hand.
    const listings = new ListingRepository(testDatabase(served.core).db);
    const stored = await listings.findById(deals[0].ListingId);
    await listings.replace({ ...(stored as Listing), Header: renamed }, stored?.updatedDate ?? null);
    const afterEdit = await fetch(url);
    expect(afterEdit.headers.get("etag")).not.toBe(first.headers.get("etag"));
    const edited = (await afterEdit.json()) as { ListingId: number; Header: string }[];
    expect(edited.find((deal) => deal.ListingId === deals[0].ListingId)?.Header).toBe(renamed);
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const response = await served.app.inject("/api/Nope/Nothing");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("serves the OpenAPI document generated from the route schemas, and its reference page", async () => {
    const document = (await served.app.inject("/api/docs/json")).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths["/api/Advisors/GetDeals"].get.summary).toBe("Public deal listings");
    expect(document.paths["/healthz"]).toBeUndefined();
    const page = await served.app.inject("/api/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });

  it("sends security headers on every response", async () => {
    const response = await served.app.inject("/api/Advisors/GetCount");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("serves generated listing images from the media directory", async () => {
    const [withCover] = (await served.core.listings.publicListings()).filter((l) => l.ImageUrl);
    const response = await served.app.inject(String(withCover.ImageUrl));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
  });
});

describe.each(testEngines())("deals API on $name", (engine) => {
  const served = serveTestApp(engine, {}, { withWebApp: false });

  it("GetDeals?size=N returns the first N public deals in the site's order", async () => {
    const all = (await served.app.inject("/api/Advisors/GetDeals")).json();
    const five = (await served.app.inject("/api/Advisors/GetDeals?size=5")).json();
    expect(five.map((d: { ListingId: number }) => d.ListingId)).toEqual(
      all.slice(0, 5).map((d: { ListingId: number }) => d.ListingId),
    );
  });

  it.each(["size=0", "size=-3", "size=abc", "isConfidential=maybe"])(
    "GetDeals?%s is a 400 with a message",
    async (q) => {
      const response = await served.app.inject(`/api/Advisors/GetDeals?${q}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION");
      expect(response.json().message).toEqual(expect.any(String));
    },
  );

  it("GetDeals?isConfidential=true needs a signed-in buyer", async () => {
    const response = await served.app.inject("/api/Advisors/GetDeals?isConfidential=true");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: "Login to access this page", code: "1001" });
  });

  it("GetStudyDeals returns only research studies, with an ETag", async () => {
    const response = await served.app.inject("/api/Advisors/GetStudyDeals");
    expect(response.headers.etag).toBeTruthy();
    const studies = response.json();
    expect(studies.length).toBeGreaterThan(0);
    expect(studies.every((d: { isStudy: boolean; isPrivate: boolean }) => d.isStudy && !d.isPrivate)).toBe(
      true,
    );
  });

  it("GetCount counts the public deals and the active ones", async () => {
    const { count, activeCount } = (await served.app.inject("/api/Advisors/GetCount")).json();
    expect(count).toBe((await served.core.listings.publicListings()).length);
    expect(activeCount).toBeGreaterThan(0);
    expect(activeCount).toBeLessThan(count);
  });

  it("TrackDealsWebSearch records the search and rejects an empty one", async () => {
    const ok = await served.app.inject({
      method: "POST",
      url: "/api/Advisors/TrackDealsWebSearch?search=%20Delaware%20basin%20",
    });
    expect(ok.statusCode).toBe(204);
    expect((await served.core.dealSearches.recent(1))[0].searchText).toBe("Delaware basin");
    const empty = await served.app.inject({
      method: "POST",
      url: "/api/Advisors/TrackDealsWebSearch?search=%20",
    });
    expect(empty.statusCode).toBe(400);
    const before = await served.core.dealSearches.recent(10);
    expect(before.length).toBe(1);
  });
});
