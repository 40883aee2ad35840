import { testEngines } from "@aea/core/testing";
import { REQUEST_REFUSALS } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const login = "/api/Auth/Login";

/**
 * Requests the framework refuses before a route runs answer in the API's own codes and words: no
 * `FST_ERR_…` code or Fastify message reaches a client (issue 20 item 15).
 */
describe.each(testEngines())("framework refusals on $name", (engine) => {
  const served = serveTestApp(engine, {}, { withWebApp: false });
  let address = 0;

  const post = (url: string, headers: Record<string, string>, payload: string) =>
    served.app.inject({ method: "POST", url, headers, payload, remoteAddress: `198.51.100.${++address}` });

  it.each([
    ["JSON that does not parse", { "content-type": "application/json" }, '{"email":', 400],
    ["an empty JSON body", { "content-type": "application/json" }, "", 400],
    ["a poisoned JSON body", { "content-type": "application/json" }, '{"__proto__":{"x":1}}', 400],
    ["a content type the API does not read", { "content-type": "text/csv" }, "email,password", 415],
  ] as const)("answers %s with the API's code and message", async (_name, headers, payload, status) => {
    const response = await post(login, headers, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(REQUEST_REFUSALS[status]);
    expect(response.body).not.toMatch(/FST_|fastify|content-type is set/i);
  });

  it("answers a body over the limit BODY_TOO_LARGE, and keeps its own refusals' codes", async () => {
    const large = await post(
      login,
      { "content-type": "application/json" },
      JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }),
    );
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: "BODY_TOO_LARGE" });
    expect(large.body).not.toContain("FST_");

    const invalid = await post(login, { "content-type": "application/json" }, JSON.stringify({ email: 1 }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe("VALIDATION");
  });
});
