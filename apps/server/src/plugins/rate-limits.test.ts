import { testDatabase, testEngines } from "@aea/core/testing";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const json = { "content-type": "application/json" };
// Unknown addresses: no account gets locked, so a 429 can only come from the per-address limit.
const wrongLogin = (n: number) => ({
  email: `ghost${n}@example.com`,
  password: "Wrong123!",
  rememberMe: false,
});

describe.each(testEngines())("per-address limits on $name", (engine) => {
  const served = serveTestApp(engine, {}, { withWebApp: false });

  it("counts logins by the connection's address: rotating X-Forwarded-For gets 429 after 10 like anyone", async () => {
    const outcomes: string[] = [];
    for (let i = 1; i <= 14; i++) {
      const response = await served.app.inject({
        method: "POST",
        url: "/api/Auth/Login",
        headers: { ...json, "x-forwarded-for": `198.18.0.${i}` },
        payload: wrongLogin(i),
        remoteAddress: "203.0.113.50",
      });
      outcomes.push(`${response.statusCode} ${response.json().code}`);
    }
    expect(outcomes.slice(0, 10)).toEqual(Array(10).fill("401 UNKNOWN_EMAIL"));
    expect(outcomes.slice(10)).toEqual(Array(4).fill("429 RATE_LIMITED"));
  });

  it("counts /api/Auth/Login and /api/login in one login bucket: 10 on one door, the 11th on the other is 429", async () => {
    const login = (url: string, n: number) =>
      served.app.inject({
        method: "POST",
        url,
        headers: json,
        payload:
          url === "/api/login" ? { username: `ghost${n}@example.com`, password: "Wrong123!" } : wrongLogin(n),
        remoteAddress: "203.0.113.60",
      });
    for (let i = 1; i <= 10; i++) expect((await login("/api/Auth/Login", i)).statusCode).toBe(401);
    const legacy = await login("/api/login", 11);
    expect(legacy.statusCode).toBe(429);
    expect(legacy.json().code).toBe("RATE_LIMITED");
    // A login's second step is guessed like a password: it counts in the same bucket.
    const secondStep = await served.app.inject({
      method: "POST",
      url: "/api/Auth/LoginSecondFactor",
      headers: json,
      payload: { pendingLogin: "x".repeat(43), code: "123456" },
      remoteAddress: "203.0.113.60",
    });
    expect(secondStep.statusCode).toBe(429);
    expect(secondStep.json().code).toBe("RATE_LIMITED");
  });

  it("answers CheckEmailAvailability 30 times a minute per address, then 429 RATE_LIMITED", async () => {
    const check = (remoteAddress: string) =>
      served.app.inject({
        url: "/api/Auth/CheckEmailAvailability?email=someone%40example.com",
        remoteAddress,
      });
    for (let i = 0; i < 30; i++) expect((await check("203.0.113.51")).statusCode).toBe(200);
    const limited = await check("203.0.113.51");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect((await check("203.0.113.52")).statusCode).toBe(200);
  });

  it("records 60 deal searches a minute per address; the 61st is refused and not recorded", async () => {
    const searches = async () =>
      Number(
        (
          await testDatabase(served.core)
            .db.selectFrom("deal_web_searches")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const track = () =>
      served.app.inject({
        method: "POST",
        url: "/api/Advisors/TrackDealsWebSearch?search=permian",
        remoteAddress: "203.0.113.53",
      });
    for (let i = 0; i < 60; i++) expect((await track()).statusCode).toBe(204);
    const before = await searches();
    const limited = await track();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect(await searches()).toBe(before);
  });

  it("limits push subscriptions to 10 a minute per address", async () => {
    const subscribe = () =>
      served.app.inject({
        method: "POST",
        url: "/api/Push/Subscribe",
        headers: json,
        payload: {},
        remoteAddress: "203.0.113.54",
      });
    for (let i = 0; i < 10; i++) expect((await subscribe()).statusCode).not.toBe(429);
    expect((await subscribe()).statusCode).toBe(429);
  });
});

describe("per-address limits behind a trusted proxy (TRUST_PROXY=1)", () => {
  const served = serveTestApp(testEngines()[0], { TRUST_PROXY: "1" }, { withWebApp: false });

  it("counts each forwarded client address on its own, all arriving from the one proxy", async () => {
    let n = 0;
    const login = async (client: string) => {
      const response = await served.app.inject({
        method: "POST",
        url: "/api/Auth/Login",
        headers: { ...json, "x-forwarded-for": client },
        payload: wrongLogin(++n),
        remoteAddress: "10.0.0.2",
      });
      return `${response.statusCode} ${response.json().code}`;
    };
    for (let i = 0; i < 10; i++) expect(await login("198.51.100.1")).toBe("401 UNKNOWN_EMAIL");
    expect(await login("198.51.100.1")).toBe("429 RATE_LIMITED");
    expect(await login("198.51.100.2")).toBe("401 UNKNOWN_EMAIL");
  });
});
