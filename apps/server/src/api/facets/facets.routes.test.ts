import { testEngines } from "@aea/core/testing";
import { EMPTY_INTERESTS } from "@aea/domain";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { RoleSessions, roleSessionsEnv } from "../../testing/role-sessions.ts";
import { serveTestApp } from "../../testing/test-app.ts";

describe.each(testEngines())("the facet API on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv, { withWebApp: false });
  let sessions: RoleSessions;
  let origin: string;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
    origin = new URL(served.core.config.publicUrl).origin;
  });

  const ask = (options: InjectOptions, role: "claim" | "admin" | "buyer" = "claim") =>
    served.app.inject({ ...options, headers: { origin, cookie: sessions.cookie(role) ?? "" } });
  const query = (payload: unknown, name = "participant") =>
    ask({ method: "POST", url: `/api/facets/query?name=${name}`, payload: payload as object });

  it("gives a dataset's facet definitions to Claim staff", async () => {
    const response = await ask({ method: "GET", url: "/api/facets?name=listing" });
    expect(response.statusCode).toBe(200);
    const dealTypes = response.json().facets.find((f: { name: string }) => f.name === "dealTypes");
    expect(dealTypes).toMatchObject({ type: "checkbox", field: "dealTypes", display: "Deal type" });
  });

  it("counts the buyer network with the spec's results", async () => {
    const response = await query({ facets: ["verified", "createdAt"], size: 2, changeId: 7 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.queryChangeId).toBe(7);
    expect(body.responseHeader).toMatchObject({ status: 0, params: { size: 2, start: 0 } });
    expect(body.response.docs).toHaveLength(2);
    const verified = body.facets.verified.buckets.reduce((n: number, b: { value: number }) => n + b.value, 0);
    expect(verified).toBe(body.response.numFound);
    expect(body.facets.createdAt.buckets.map((b: { key: string }) => b.key)).toEqual([
      "lastMonth",
      "last6Months",
      "lastYear",
      "older",
    ]);
  });

  it("caps a huge size and says so", async () => {
    const response = await query({ size: 1_000_000 });
    expect(response.statusCode).toBe(200);
    expect(response.json().responseHeader).toMatchObject({
      params: { size: 100 },
      notice: "size 1000000 is over the limit: 100 documents are returned",
    });
  });

  it.each([
    ["an unknown field", { sizes: 3 }, /sizes/],
    [
      "a range without its end",
      { filters: [{ type: "range", field: "downloads", expressions: ["[5 TO]"] }] },
      /^filters\[0\]\.expressions\[0\]: /,
    ],
    [
      "a range that ends before it starts",
      { filters: [{ type: "range", field: "downloads", expressions: ["[9 TO 3]"] }] },
      /^filters\[0\]\.expressions\[0\]: "\[9 TO 3\]" starts after it ends/,
    ],
    [
      "a filter on an unknown field",
      { filters: [{ type: "checkbox", field: "shoeSize", expressions: ["9"] }] },
      /^filters\[0\]\.field: no checkbox facet on "shoeSize"/,
    ],
    [
      "two values in a single-mode facet",
      { filters: [{ type: "single", field: "dealAlerts", expressions: ["off", "daily"] }] },
      /^filters\[0\]\.expressions: /,
    ],
    ["an unknown facet", { facets: ["shoeSize"] }, /^facets\[0\]: no facet named "shoeSize"/],
    ["a negative start", { start: -1 }, /^start: /],
    ["a changeId that is not a number", { changeId: "seven" }, /^changeId: /],
    [
      "a sort on a list field",
      { sorts: [{ sortField: "regions", isAscending: true }] },
      /^sorts\[0\]\.sortField: /,
    ],
  ])("answers 400 naming the field for %s", async (_name, payload, message) => {
    const response = await query(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it("answers 400 for an unknown dataset", async () => {
    const response = await query({}, "wells");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('name: "wells" is not a dataset (participant or listing)');
  });

  it("shows a buyer's new interests in the facets within a second of the save", async () => {
    const alaska = async () => {
      const body = (await query({ facets: ["regions"] })).json();
      return body.facets.regions.buckets.find((b: { key: string }) => b.key === "Alaska")?.value ?? 0;
    };
    const before = await alaska();
    const saved = await ask(
      {
        method: "POST",
        url: "/api/UserInterests/Update",
        payload: { ...EMPTY_INTERESTS, buy_minerals: true, selectedRegions: ["Alaska"] },
      },
      "buyer",
    );
    expect(saved.statusCode).toBe(200);
    const savedAt = performance.now();
    let now = await alaska();
    while (now === before && performance.now() - savedAt < 1000) now = await alaska();
    expect(now).toBe(before + 1);
    expect(performance.now() - savedAt).toBeLessThan(1000);
  });
});
