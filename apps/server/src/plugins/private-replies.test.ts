import type { AddressInfo } from "node:net";
import { testEngines } from "@aea/core/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const privateNoStore = "private, no-store";

describe.each(testEngines())("no private reply in a shared cache on $name", (engine) => {
  const served = serveTestApp(engine);
  let management: string;
  let dealId: number;
  beforeAll(async () => {
    const login = await served.core.logins.login("mgmt1@anticline.test", "Mgmt123!", false);
    if (login.status !== "ok") throw new Error(login.status);
    management = `aea_session=${login.token}`;
    dealId = (await served.core.listings.publicListings())[0].ListingId;
  });

  const origin = () => served.core.config.publicUrl;

  it("marks every page a signed-in user is sent private, no-store, the cacheable public ones included", async () => {
    const pages = [
      "/buyer/profile",
      "/deals/private",
      "/admin/users",
      "/admin/outbox",
      "/admin/dashboard",
      "/deals/public",
      "/home",
      `/deals/${dealId}`,
      "/home.data",
    ];
    for (const url of pages) {
      const response = await served.app.inject({ url, headers: { cookie: management } });
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect([url, response.headers["cache-control"]]).toEqual([url, privateNoStore]);
    }
  });

  it("keeps the public, briefly cacheable header on an anonymous visitor's /home", async () => {
    const response = await served.app.inject("/home");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=10, stale-while-revalidate=30",
    );
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("marks the auth API's replies private, no-store: CurrentUser, GetProfile, Login (Set-Cookie) and Logout", async () => {
    for (const url of ["/api/Auth/CurrentUser", "/api/Auth/GetProfile"]) {
      const response = await served.app.inject({ url, headers: { cookie: management } });
      expect([url, response.statusCode, response.headers["cache-control"]]).toEqual([
        url,
        200,
        privateNoStore,
      ]);
    }
    const login = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      payload: { email: "buyer@anticline.test", password: "Buyer123!", rememberMe: false },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers["set-cookie"]).toBeDefined();
    expect(login.headers["cache-control"]).toBe(privateNoStore);
    const cookie = String(login.headers["set-cookie"]).split(";")[0];
    const logout = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Logout",
      headers: { cookie, origin: origin() },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect(logout.headers["cache-control"]).toBe(privateNoStore);
  });

  it("marks a reply that clears a dead session's cookie private, no-store, even on a cacheable page", async () => {
    const response = await served.app.inject({
      url: "/deals/public",
      headers: { cookie: "aea_session=expired" },
    });
    expect(response.headers["set-cookie"]).toBeDefined();
    expect(response.headers["cache-control"]).toBe(privateNoStore);
  });

  it("never answers a signed-in user from the fast paths ahead of Fastify (public deal list, cached pages)", async () => {
    await served.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
    for (const path of ["/api/Advisors/GetDeals", "/deals/public?view=4x"]) {
      // The anonymous request primes the fast path; the signed-in one must not be served from it.
      const anonymous = await fetch(base + path);
      await anonymous.arrayBuffer();
      expect(anonymous.headers.get("cache-control")).toMatch(/^public/);
      const signedIn = await fetch(base + path, { headers: { cookie: management } });
      await signedIn.arrayBuffer();
      expect([path, signedIn.headers.get("cache-control")]).toEqual([path, privateNoStore]);
    }
  });
});
