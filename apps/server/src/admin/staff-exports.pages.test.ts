import { insertTestAccount, insertTestStaff, testEngines } from "@aea/core/testing";
import { isOnPublicMarket, type Listing, listingFormSchema, listingFormValues } from "@aea/domain";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { type Role, RoleSessions, roleSessionsEnv } from "../testing/role-sessions.ts";
import { serveTestApp } from "../testing/test-app.ts";

const origin = "http://localhost:3000";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** What staff's browsers get from the listing and user exports: headers, the CSV's bytes, the workbook. */
describe.each(testEngines())("staff exports on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let roles: RoleSessions;
  let deal: Listing;

  const get = (url: string, role: Role = "admin") =>
    served.app.inject({
      method: "GET",
      url,
      headers: { host: new URL(origin).host, cookie: roles.cookie(role) },
    });
  const rowsOf = async (body: Buffer, sheetName: string) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as never);
    return workbook.getWorksheet(sheetName);
  };

  beforeAll(async () => {
    roles = await RoleSessions.create(served.core);
    const open = (await served.core.listings.publicListings()).find(isOnPublicMarket) as Listing;
    deal = await served.core.listingEditing.update(
      await insertTestStaff(served.core),
      open.ListingId,
      listingFormSchema.parse({ ...listingFormValues(open, undefined), Header: "=HYPERLINK(1)" }),
      null,
    );
  });

  it("gives the listing list as a CSV spreadsheets open as UTF-8, formulas kept as text", async () => {
    const csv = await get(`/admin/listings/export?format=csv&search=${deal.ListingId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="listings.csv"',
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
    const [header, ...rows] = csv.body.trimEnd().split("\r\n");
    expect(header).toMatch(/^\uFEFFListingId,Header,Kind,Status,/);
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`^${deal.ListingId},'=HYPERLINK\\(1\\),Public,`)),
    ]);
  });

  it("gives the same list as a workbook whose rows are the listings, and answers the first address", async () => {
    const xlsx = await get("/admin/listings/export?format=xlsx&kind=private");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toBe(XLSX);
    expect(xlsx.headers["content-disposition"]).toBe('attachment; filename="listings.xlsx"');
    const sheet = await rowsOf(xlsx.rawPayload, "Listings");
    const ids = sheet?.getColumn(1).values.slice(2);
    expect(ids?.toSorted()).toEqual(
      (await served.core.listings.privateListings()).map((l) => l.ListingId).toSorted(),
    );

    const old = await get("/admin/listings/export/xlsx?kind=private");
    expect(old.statusCode).toBe(308);
    expect(old.headers.location).toBe("/admin/listings/export?kind=private&format=xlsx");
    const refused = await get("/admin/listings/export?format=pdf");
    expect([refused.statusCode, refused.body]).toEqual([400, "Choose format=csv or format=xlsx.\n"]);
  });

  it("gives a search's accounts as CSV and as a workbook, a typed formula kept as text", async () => {
    const target = await insertTestAccount(served.core, {
      password: "Right2030",
      firstName: "=cmd|' /C calc'!A0",
      lastName: "Exportee",
    });
    const csv = await get("/admin/users/export?format=csv&search=Exportee");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFId,First name,Last name,Email,Company,Title,Phone,Verified,Roles,Disabled,Registered,Last login",
    );
    expect(lines.slice(1)).toEqual([expect.stringMatching(`^${target.id},'=cmd\\|' /C calc'!A0,Exportee,`)]);

    const xlsx = await get("/admin/users/export?format=xlsx&search=Exportee");
    expect(xlsx.headers["content-disposition"]).toMatch(/filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await rowsOf(xlsx.rawPayload, "Users");
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getCell("B2").value).toBe("=cmd|' /C calc'!A0");
    expect(sheet?.getCell("B2").formula).toBeUndefined();
    expect(sheet?.getCell("D2").value).toBe(target.email);
  });
});
