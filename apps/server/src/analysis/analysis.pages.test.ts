import { testEngines } from "@aea/core/testing";
import { QUERY_NOT_FOUND } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { RoleSessions, roleSessionsEnv } from "../testing/role-sessions.ts";
import { serveTestApp } from "../testing/test-app.ts";

/** Issue 22: the analysis page answers admins and Claim holders; the guard answers everyone else. */
describe.each(testEngines())("the analysis page on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let sessions: RoleSessions;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
  });

  const open = (url: string, role?: "buyer" | "claim" | "admin") =>
    served.app.inject({ url, headers: role ? { cookie: sessions.cookie(role) as string } : {} });

  it("sends an anonymous visitor to log in and come back to the same query", async () => {
    const page = await open("/participant?QueryUUID=6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(
      "/login?redirectTo=%2Fparticipant%3FQueryUUID%3D6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10",
    );
  });

  it("sends a buyer home with 'You are not authorized to access this page'", async () => {
    const page = await open("/participant", "buyer");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/home?notice=not-authorized");
  });

  it("shows a Claim holder and an admin the buyers, and the listings on the switch", async () => {
    for (const role of ["claim", "admin"] as const) {
      const buyers = await open("/participant", role);
      expect(buyers.statusCode).toBe(200);
      expect(buyers.body).toMatch(/aria-current="page"[^>]*>Buyers</);
      const listings = await open("/participant?dataset=listing&open=kind", role);
      expect(listings.statusCode).toBe(200);
      expect(listings.body).toMatch(/aria-current="page"[^>]*>Listings</);
      expect(listings.body).toMatch(/role="checkbox"/);
    }
  });

  it("says so when a QueryUUID does not exist, a hand-typed filter is refused or a range is typed", async () => {
    const missing = await open("/participant?QueryUUID=6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10", "claim");
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain(QUERY_NOT_FOUND);
    const malformed = await open("/participant?f=agreementsSigned:%5B5%20TO%5D", "claim");
    expect(malformed.statusCode).toBe(200);
    expect(malformed.body).toContain("is not a range like [a TO b]");
    const typed = await open("/participant?open=downloads&range=downloads&min=2&max=", "claim");
    expect(typed.statusCode).toBe(302);
    expect(typed.headers.location).toBe("/participant?f=downloads%3A%5B2+TO+*%5D&open=downloads");
  });
});
