import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type { Core } from "@aea/core";
import { insertTestAccount, testEngines } from "@aea/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

/** Staff publish a new price of WTI Crude (the seeded item 1, at 71.23 before). */
function publishWtiPrice(core: Core, price: number) {
  const at = "2026-11-03T08:00:00.000Z";
  return core.content.saveItem({
    collection: "energy_prices",
    id: 1,
    status: "published",
    sort: 1,
    data: { name: "WTI Crude", unit: "$/bbl", price, previous_price: 71.23 },
    createdAt: at,
    updatedAt: at,
  });
}

const forbidden = {
  errors: [{ message: "You don't have permission to access this.", extensions: { code: "FORBIDDEN" } }],
};

describe.each(testEngines())("content items API on $name", (engine) => {
  const served = serveTestApp(engine, {}, { withWebApp: false });

  const get = (url: string, headers: Record<string, string> = {}) => served.app.inject({ url, headers });
  const data = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().data;
  };

  it("answers a singleton with an object, expanded as asked, compressed, with an ETag", async () => {
    const response = await get("/items/home_page?fields=*,seo_image.*", { "accept-encoding": "gzip" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("public, no-cache");
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const { data: home } = JSON.parse(gunzipSync(response.rawPayload).toString());
    expect(home).toMatchObject({
      id: 1,
      seo_title: expect.stringContaining("Divestiture Advisory Services"),
      seo_image: { width: 1200, height: 630, type: "image/jpeg", filename_download: "seo-home.jpg" },
    });
    expect(home.tombstone_images).toHaveLength(8);
    const again = await get("/items/home_page?fields=*,seo_image.*", {
      "if-none-match": response.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it("lists a collection in the order asked, with items and item lookups in Directus' shape", async () => {
    const services = await data("/items/service?sort=sort&fields=id,path,title");
    expect(services.map((s: { path: string }) => s.path)).toEqual([
      "divestiture-advisory",
      "premier-packaging",
      "data-room-hosting",
      "aggressive-marketing",
      "unparalleled-outreach",
      "technical-services",
      "minerals-royalties",
    ]);
    expect(await data("/items/service/3?fields=path")).toEqual({ path: "data-room-hosting" });
    expect(await data("/items/home_page/1?fields=id")).toEqual({ id: 1 });
  });

  it("reads bracket and JSON filters, nested relations, meta, deep and fields[]", async () => {
    const byBracket = await get(
      "/items/post?fields=title&filter[tags][post_tag_id][name][_eq]=Permian&filter[author][name][_starts_with]=Car&meta=*",
    );
    expect(byBracket.json()).toEqual({
      data: [{ title: "What Buyers Paid for Permian Non-Op in 2026" }],
      meta: { total_count: 7, filter_count: 1 },
    });
    const json = encodeURIComponent('{"_or":[{"name":{"_eq":"WTI Crude"}},{"price":{"_lt":5}}]}');
    expect(await data(`/items/energy_prices?fields[]=name&fields[]=price&filter=${json}`)).toEqual([
      { name: "WTI Crude", price: 71.23 },
      { name: "Henry Hub Natural Gas", price: 3.12 },
    ]);
    expect(
      await data(
        "/items/energy_prices?fields=name&filter[_or][0][name][_eq]=WTI Crude&filter[_or][1][price][_lt]=5",
      ),
    ).toEqual([{ name: "WTI Crude" }, { name: "Henry Hub Natural Gas" }]);
    const team = await data(
      "/items/team_page?fields=teams.name,teams.members.name&deep[teams][_limit]=1&deep[teams][members][_limit]=2",
    );
    expect(team).toEqual({
      teams: [
        { name: "Transaction Team", members: [{ name: "Caroline Whitfield" }, { name: "Marcus Delacroix" }] },
      ],
    });
    expect(await data("/items/post?fields=id&limit=2&page=2&sort=-id")).toEqual([{ id: 5 }, { id: 4 }]);
    expect(await data("/items/post?fields=title&search=data%20room")).toEqual([
      { title: "Inside a Virtual Data Room" },
    ]);
  });

  it("answers FORBIDDEN, as Directus does, for unknown collections and items", async () => {
    for (const url of [
      "/items/nope",
      "/items/directus_users",
      "/items/post/999",
      "/items/post/abc",
      "/items/hero_slider/6",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(forbidden);
    }
  });

  it("serves one cached answer for the same query written differently", async () => {
    const a = await get("/items/energy_prices?sort=-price&limit=2&fields=name");
    const b = await get("/items/energy_prices?fields=name&limit=2&sort=-price&utm_source=newsletter");
    expect(a.statusCode).toBe(200);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.body).toBe(a.body);
  });

  it("shows an edit at the next request", async () => {
    const before = await data("/items/energy_prices?fields=name,price&filter[name][_eq]=WTI Crude");
    expect(before).toEqual([{ name: "WTI Crude", price: 71.23 }]);
    await publishWtiPrice(served.core, 72.05);
    expect(await data("/items/energy_prices?fields=name,price&filter[name][_eq]=WTI Crude")).toEqual([
      { name: "WTI Crude", price: 72.05 },
    ]);
  });

  it("answers malformed and hostile queries 400 INVALID_QUERY, never 500", async () => {
    const deepJson = `${'{"_and":['.repeat(12)}{"id":{"_eq":1}}${"]}".repeat(12)}`;
    const urls = [
      "/items/post?filter={not json",
      "/items/post?filter=null",
      "/items/post?filter=[]",
      "/items/post?filter=42",
      "/items/post?filter[title][_nope]=1",
      "/items/post?filter[nope][_eq]=1",
      "/items/post?filter[reading_minutes][_gt]=many",
      "/items/post?filter[id][_in]=1,two",
      "/items/post?filter[_or]=x",
      "/items/post?filter[_and][0]=1",
      "/items/post?filter[title][_eq][x]=1",
      "/items/post?filter[title]=x&filter[title][_eq]=y",
      "/items/post?filter[__proto__][polluted]=1",
      "/items/post?filter[constructor][prototype][polluted]=1",
      `/items/post?filter=${encodeURIComponent('{"__proto__":{"polluted":1}}')}`,
      `/items/post?filter=${encodeURIComponent(deepJson)}`,
      `/items/post?filter[a]${"[b]".repeat(11)}=1`,
      `/items/post?search=${"x".repeat(2049)}`,
      `/items/post?${Array.from({ length: 201 }, (_, i) => `x${i}=1`).join("&")}`,
      "/items/post?limit=abc",
      "/items/post?limit=-5",
      "/items/post?limit=1&limit=2",
      "/items/post?offset=-1",
      "/items/post?page=0",
      "/items/post?sort=nope",
      "/items/post?sort=tags",
      "/items/post?fields=nope",
      "/items/post?fields=title..x",
      "/items/post?fields=title.x",
      "/items/post?meta=everything",
      "/items/post?search[]=a&search[]=b",
      "/items/post?deep[nope][_limit]=1",
      "/items/post?deep[tags][_limit]=x",
      "/items/post?deep[tags][_sort]=nope",
      "/items/post?deep=[]",
      "/items/post?aggregate[count]=*",
      "/items/home_page?fields=nope",
      "/items/post/1?fields=nope",
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().errors[0].extensions.code, url).toBe("INVALID_QUERY");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never answers 500 to random combinations of query fragments", async () => {
    const fragments = [
      "fields=*",
      "fields=*.*",
      "fields=image.*",
      "fields=tags.post_tag_id.name",
      "filter[title][_contains]=a",
      "filter[id][_between]=1,3",
      "filter[tags][_some][post_tag_id][name][_eq]=Permian",
      "filter[_or][0][id][_eq]=1",
      "filter[_or][1][id][_gt]=x",
      "filter[image][_null]=true",
      "filter[author][name][_icontains]=a",
      "sort=-date_published",
      "sort=author.name",
      "limit=-1",
      "limit=2",
      "offset=1",
      "page=2",
      "search=gas",
      "meta=*",
      "deep[tags][_limit]=1",
      "deep[tags][_filter][post_tag_id][name][_neq]=x",
      "filter=%7B%22title%22%3A%7B%22_eq%22%3A1%7D%7D",
      "filter[title][_in][]=a",
      "filter[%5F%5Fproto%5F%5F]=1",
      "fields=%00",
      "sort=%E2%80%AE",
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 150; i++) {
      const parts = Array.from({ length: 1 + (next() % 5) }, () => fragments[next() % fragments.length]);
      const url = `/items/post?${parts.join("&")}`;
      const response = await get(url);
      expect([200, 400], `${url}: ${response.body}`).toContain(response.statusCode);
    }
  });
});

describe.each(testEngines())("content items API on $name in production", (engine) => {
  const served = serveTestApp(engine, { NODE_ENV: "production" }, { withWebApp: false });

  it("serves published items only", async () => {
    const slides = (await served.app.inject("/items/hero_slider?fields=status&limit=-1")).json().data;
    expect(slides).toHaveLength(4);
    expect(slides.every((s: { status: string }) => s.status === "published")).toBe(true);
    expect((await served.app.inject("/items/hero_slider/5")).statusCode).toBe(403);
    expect((await served.app.inject("/items/post?meta=total_count&limit=0")).json()).toEqual({
      data: [],
      meta: { total_count: 6 },
    });
  });
});

describe("content items API over HTTP, ahead of Fastify", () => {
  const served = serveTestApp(testEngines()[0], {}, { withWebApp: false });
  const query = "/items/energy_prices?fields=name,price&filter[name][_eq]=WTI Crude";
  let base: string;
  beforeAll(async () => {
    await served.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
  });

  it("answers a query asked before with the same bytes, revalidates by ETag, and shows an edit at once", async () => {
    const first = await fetch(`${base}${query}`);
    const again = await fetch(`${base}${query}`);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("cache-control")).toBe("public, no-cache");
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await again.json()).toEqual(await first.json());
    const revalidated = await fetch(`${base}${query}`, {
      headers: { "if-none-match": first.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(304);

    await publishWtiPrice(served.core, 73.4);
    const edited = (await (await fetch(`${base}${query}`)).json()) as { data: unknown };
    expect(edited.data).toEqual([{ name: "WTI Crude", price: 73.4 }]);
  });

  it("never hands a signed-in reader the shared reply: theirs is private", async () => {
    await fetch(`${base}${query}`);
    const buyer = await insertTestAccount(served.core, { password: "a reader of the content API" });
    const cookie = `aea_session=${await served.core.sessions.startSession(buyer.id, false)}`;
    const signedIn = await fetch(`${base}${query}`, { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });
});
