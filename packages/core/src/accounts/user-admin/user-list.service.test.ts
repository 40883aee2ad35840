import { userListQuerySchema } from "@aea/domain";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { staffDeskForSuite } from "../../testing/test-account-kit.ts";
import { testEngines } from "../../testing/test-cores.ts";

describe.each(testEngines())("the staff list of accounts on $name", (engine) => {
  const desk = staffDeskForSuite(engine);
  const { buyer } = desk;
  const query = (fields: Record<string, string>) => userListQuerySchema.parse(fields);

  it("finds accounts by name, email or company, sorts and pages them 20 at a time", async () => {
    const tag = `zq${process.pid}`;
    for (let i = 0; i < 23; i++) await buyer({ lastName: `${tag}-${String(i).padStart(2, "0")}` });
    const byCompany = await buyer({ firstName: "Cora", officialCompanyName: `Basin ${tag} Partners` });

    const first = await desk.core.userList.search(
      desk.staff,
      query({ search: tag, sort: "name", direction: "asc" }),
    );
    expect(first.pagination).toMatchObject({ total: 24, start: 1, end: 20 });
    expect(first.entries).toHaveLength(20);
    const second = await desk.core.userList.search(
      desk.staff,
      query({ search: tag, sort: "name", direction: "asc", page: "2" }),
    );
    // The last page is kept full, as the spec pages lists: rows 5-24.
    expect(second.pagination).toMatchObject({ start: 5, end: 24 });
    expect(second.entries).toHaveLength(20);
    const names = [...first.entries, ...second.entries.slice(-4)].map((e) => e.lastName);
    expect(new Set(names).size).toBe(24);
    expect(names.filter((n) => n.startsWith(tag))).toEqual(
      [...names.filter((n) => n.startsWith(tag))].sort(),
    );

    const company = await desk.core.userList.search(desk.staff, query({ search: `basin ${tag}` }));
    expect(company.entries.map((e) => e.id)).toEqual([byCompany.id]);
    expect(company.entries[0]?.company).toBe(`Basin ${tag} Partners`);
  });

  it("refuses anyone but an admin acting as themself", async () => {
    const someone = await buyer();
    const asBuyer = { user: desk.core.sessions.sessionUser(someone) };
    await expect(desk.core.userList.search(asBuyer, query({}))).rejects.toMatchObject({ status: 403 });
    await expect(desk.core.userChanges.disable(asBuyer, desk.admin.id)).rejects.toMatchObject({
      status: 403,
    });
    const impersonating = { user: { ...desk.staff.user, impersonatorId: 1 } };
    await expect(desk.core.userChanges.endSessions(impersonating, someone.id)).rejects.toMatchObject({
      status: 403,
    });
  });

  it("exports the search as CSV (formulas kept as text) and as XLSX", async () => {
    const target = await buyer({ firstName: "=HYPERLINK(1)", lastName: `Export${process.pid}` });
    const csv = await desk.core.userList.export(desk.staff, query({ search: `Export${process.pid}` }), "csv");
    const lines = String(csv.body).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFId,First name,Last name,Email,Company,Title,Phone,Verified,Roles,Disabled,Registered,Last login",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${target.id},'=HYPERLINK(1),Export${process.pid},${target.email}`);

    const xlsx = await desk.core.userList.export(
      desk.staff,
      query({ search: `Export${process.pid}` }),
      "xlsx",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as never);
    const sheet = workbook.getWorksheet("Users");
    expect(sheet?.getRow(2).getCell(2).value).toBe("=HYPERLINK(1)");
    expect(sheet?.getRow(2).getCell(2).formula).toBeUndefined();
    expect(sheet?.getRow(2).getCell(4).value).toBe(target.email);
  });
});
