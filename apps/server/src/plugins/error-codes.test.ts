import { testEngines } from "@aea/core/testing";
import { LISTING_NOT_FOUND, LOGIN_TO_ACCESS, NO_IMAGE_FILE, NOT_AUTHORIZED } from "@aea/domain";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { type Role, RoleSessions, roleSessionsEnv } from "../testing/role-sessions.ts";
import { serveTestApp } from "../testing/test-app.ts";

/**
 * The codes API clients test (decision 028): one catalogue spells them inside, and what clients
 * receive stays the spec's and the API's own — "1001" on which a client logs out, NOT_FOUND,
 * FORBIDDEN, and Directus's shape on the content door.
 */
describe.each(testEngines())("error codes API clients see on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv, { withWebApp: false });
  let sessions: RoleSessions;
  let origin: string;
  let listingId: number;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
    origin = new URL(served.core.config.publicUrl).origin;
    [{ ListingId: listingId }] = await served.core.listings.publicListings();
  });

  const send = (role: Role, options: InjectOptions) => {
    const cookie = sessions.cookie(role);
    return served.app.inject({
      ...options,
      headers: { origin, ...(cookie ? { cookie } : {}), ...options.headers },
    });
  };
  const answer = async (role: Role, options: InjectOptions) => {
    const response = await send(role, options);
    return { status: response.statusCode, body: response.json() as unknown };
  };

  it("answers a request without a session 401 with the spec's 1001", async () => {
    expect(await answer("anonymous", { method: "GET", url: "/api/Auth/CurrentUser" })).toEqual({
      status: 401,
      body: { message: LOGIN_TO_ACCESS, code: "1001" },
    });
  });

  it("answers a buyer at a staff door FORBIDDEN, and staff asking for a missing listing NOT_FOUND", async () => {
    const save = (role: Role, id: number) =>
      answer(role, { method: "POST", url: `/api/Advisors/UpdateListing?listingId=${id}`, payload: {} });
    expect(await save("buyer", listingId)).toEqual({
      status: 403,
      body: { message: NOT_AUTHORIZED, code: "FORBIDDEN" },
    });
    expect(await save("admin", 987_654)).toEqual({
      status: 404,
      body: { message: LISTING_NOT_FOUND, code: "NOT_FOUND" },
    });
  });

  it("answers a picture upload without a file NO_FILE, and an unknown API path NOT_FOUND", async () => {
    expect(
      await answer("admin", { method: "POST", url: `/api/Advisors/UpdateLogoImage?listingId=${listingId}` }),
    ).toEqual({ status: 400, body: { message: NO_IMAGE_FILE, code: "NO_FILE" } });
    expect(await answer("anonymous", { method: "GET", url: "/api/NoSuchThing" })).toEqual({
      status: 404,
      body: { message: "No API route GET /api/NoSuchThing", code: "NOT_FOUND" },
    });
  });

  it("answers an unknown content collection in Directus's shape with FORBIDDEN", async () => {
    const { status, body } = await answer("anonymous", { method: "GET", url: "/items/no_such_collection" });
    expect(status).toBe(403);
    expect(body).toEqual({
      errors: [{ message: "You don't have permission to access this.", extensions: { code: "FORBIDDEN" } }],
    });
  });
});
