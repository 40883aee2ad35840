import { ActivityReader, insertTestStaff, testDatabase, testEngines } from "@aea/core/testing";
import {
  IMAGE_TOO_LARGE,
  LISTING_CHANGED_ELSEWHERE,
  type Listing,
  listingFormSchema,
  NOT_AN_IMAGE,
  type SessionUser,
  unknownPlsCode,
} from "@aea/domain";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedTables, databaseState } from "../../testing/database-state.ts";
import { type Role, RoleSessions, roleSessionsEnv } from "../../testing/role-sessions.ts";
import { serveTestApp } from "../../testing/test-app.ts";

const LISTING_ID = 99_301;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

function multipart(bytes: Buffer, field = "file") {
  const boundary = "listing-test";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testEngines())("staff listing APIs on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let sessions: RoleSessions;
  let staff: SessionUser;
  let origin: string;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
    origin = new URL(served.core.config.publicUrl).origin;
    staff = await insertTestStaff(served.core);
    await served.core.listingEditing.create(
      staff,
      listingFormSchema.parse({
        ListingId: String(LISTING_ID),
        Header: "Staff API Test Package",
        PLSCode: "PP",
        status: "ACTIVE",
        locationId: "1",
        latitude: "32",
        longitude: "-101",
        field: "Spraberry",
        whr: "Test WHR",
        wht: "Test WHT",
      }),
      null,
    );
  });
  afterAll(async () => {
    for (const source of ["Cover", "Logo", "Tombstone"])
      await served.core?.listingEditing
        .clearImage(staff, LISTING_ID, source as "Cover", null)
        .catch(() => undefined);
  });

  const send = (role: Role, options: InjectOptions) => {
    const cookie = sessions.cookie(role);
    return served.app.inject({
      ...options,
      headers: { origin, ...(cookie ? { cookie } : {}), ...options.headers },
    });
  };
  const current = async () => (await served.core.listings.findById(LISTING_ID)) as Listing;
  const getDeal = async (): Promise<Listing> => {
    const response = await send("anonymous", { method: "GET", url: "/api/Advisors/GetDeals" });
    return (JSON.parse(response.body) as Listing[]).find((l) => l.ListingId === LISTING_ID) as Listing;
  };

  it("takes a listing as GetDeals returns it, one field changed, and shows it at once everywhere", async () => {
    const read = await getDeal();
    // Warm the caches first: the save must move past them.
    await send("anonymous", { method: "GET", url: "/sitemap.xml" });
    await send("anonymous", { method: "GET", url: "/deals/public?search=Renamed" });
    const response = await send("admin", {
      method: "POST",
      url: `/api/Advisors/UpdateListing?listingId=${LISTING_ID}`,
      payload: { ...read, Header: "Renamed Staff API Package" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({
      ListingId: LISTING_ID,
      Header: "Renamed Staff API Package",
    });
    // Audited with the staff member who sent it and the address it came from.
    const [entry] = await new ActivityReader(testDatabase(served.core).db).forListing(LISTING_ID, 1);
    expect(entry).toMatchObject({
      action: "listing-edited",
      userId: sessions.account("admin").id,
      ipAddress: "127.0.0.1",
    });

    expect((await getDeal()).Header).toBe("Renamed Staff API Package");
    const sitemap = await send("anonymous", { method: "GET", url: "/sitemap.xml" });
    expect(sitemap.body).toContain(`/deals/${LISTING_ID}</loc>`);
    const page = await send("anonymous", { method: "GET", url: `/deals/${LISTING_ID}` });
    expect(page.body).toContain("Renamed Staff API Package");
    const map = await send("anonymous", { method: "GET", url: "/deals/public/map" });
    expect(map.statusCode).toBe(200);
  });

  it("refuses a stale version with 409 and changes nothing", async () => {
    const stale = await getDeal();
    await send("admin", {
      method: "POST",
      url: `/api/Advisors/UpdateListing?listingId=${LISTING_ID}`,
      payload: { updatedDate: stale.updatedDate, wi: "100% WI" },
    });
    const before = await databaseState(served.core);
    const response = await send("management", {
      method: "POST",
      url: `/api/Advisors/UpdateListing?listingId=${LISTING_ID}`,
      payload: { updatedDate: stale.updatedDate, wi: "50% WI" },
    });
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body).message).toBe(LISTING_CHANGED_ELSEWHERE);
    expect(changedTables(before, await databaseState(served.core))).toEqual([]);
    expect((await current()).wi).toBe("100% WI");
  });

  it.each([
    [{ PLSCode: "PP/QQ" }, `PLSCode: ${unknownPlsCode("QQ")}`],
    [{ coordinates: "95,-101" }, "latitude: Latitude must be between -90 and 90"],
    [{ projectedSalePrice: "lots" }, "projectedSalePrice: Projected sale price must be a number"],
    [{}, /^updatedDate is required/],
  ])("refuses bad input %j with a clear message and changes nothing", async (change, message) => {
    const { updatedDate } = await current();
    const before = await databaseState(served.core);
    const payload =
      "PLSCode" in change || "coordinates" in change || "projectedSalePrice" in change
        ? { updatedDate, ...change }
        : change;
    const response = await send("admin", {
      method: "POST",
      url: `/api/Advisors/UpdateListing?listingId=${LISTING_ID}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).message).toMatch(message);
    expect(changedTables(before, await databaseState(served.core))).toEqual([]);
  });

  it("answers 404 for a listing that does not exist", async () => {
    for (const [method, url] of [
      ["POST", "/api/Advisors/UpdateListing?listingId=88888888"],
      ["GET", "/api/Admin/GetAdminDealDetails?listingId=88888888"],
      ["POST", "/api/Advisors/ClearCoverImage?listingId=88888888"],
    ] as const) {
      const response = await send("admin", {
        method,
        url,
        payload: method === "POST" ? { updatedDate: null } : undefined,
      });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it("changes web settings and keeps what was not sent", async () => {
    const response = await send("admin", {
      method: "PUT",
      url: "/api/Admin/UpdateListingWebSettings",
      payload: { listingId: LISTING_ID, webStatus: "Coming Soon", isPreMarketing: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await current()).toMatchObject({ webStatus: "Coming Soon", isPreMarketing: true, wi: "100% WI" });
    const unknown = await send("admin", {
      method: "PUT",
      url: "/api/Admin/UpdateListingWebSettings",
      payload: { listingId: LISTING_ID, RowNumber: 1 },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("replaces and clears pictures; the details and the served file follow", async () => {
    const upload = await send("admin", {
      method: "POST",
      url: `/api/Advisors/UpdateLogoImage?listingId=${LISTING_ID}`,
      ...multipart(PNG),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const details = await send("admin", {
      method: "GET",
      url: `/api/Admin/GetAdminDealDetails?listingId=${LISTING_ID}`,
    });
    const { boxLogoUrl, Header } = JSON.parse(details.body);
    expect(Header).toBe("Renamed Staff API Package");
    expect(boxLogoUrl).toMatch(new RegExp(`^/media/listings/${LISTING_ID}/logo\\.png\\?v=`));
    const served = await send("anonymous", { method: "GET", url: boxLogoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");

    const cleared = await send("admin", {
      method: "POST",
      url: `/api/Advisors/ClearLogoImage?listingId=${LISTING_ID}`,
    });
    expect(JSON.parse(cleared.body).boxLogoUrl).toBeNull();
    expect((await send("anonymous", { method: "GET", url: boxLogoUrl })).statusCode).toBe(404);
  });

  it("refuses a file that is not a picture, a missing file and one over 10 MB", async () => {
    const before = await databaseState(served.core);
    const text = await send("admin", {
      method: "POST",
      url: `/api/Advisors/UpdateCoverImage?listingId=${LISTING_ID}`,
      ...multipart(Buffer.from("just some text, not a picture")),
    });
    expect([text.statusCode, JSON.parse(text.body).message]).toEqual([400, NOT_AN_IMAGE]);
    const missing = await send("admin", {
      method: "POST",
      url: `/api/Advisors/UpdateCoverImage?listingId=${LISTING_ID}`,
      ...multipart(PNG, "other"),
    });
    expect(missing.statusCode).toBe(400);
    const large = await send("admin", {
      method: "POST",
      url: `/api/Advisors/UpdateCoverImage?listingId=${LISTING_ID}`,
      ...multipart(Buffer.alloc(11 * 1024 * 1024, 1)),
    });
    expect([large.statusCode, JSON.parse(large.body).message]).toEqual([413, IMAGE_TOO_LARGE]);
    expect(changedTables(before, await databaseState(served.core))).toEqual([]);
  });
});
