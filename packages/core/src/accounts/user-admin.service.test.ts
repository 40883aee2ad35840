import { type SessionUser, userListQuerySchema } from "@aea/domain";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import type { User } from "./user.repository.ts";

const PASSWORD = "Staff2026!";
const clock = new ManualClock();

describe.each(testEngines())("staff user administration on $name", (engine) => {
  let core: Core;
  let admin: User;
  let staff: { user: SessionUser; sessionToken: string };
  let adminToken: string;

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    admin = await insertTestAccount(core, { password: PASSWORD, isAdmin: true, firstName: "Ada" });
    const login = await core.logins.login(admin.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    adminToken = login.token;
    staff = { user: login.user, sessionToken: login.token };
  });
  afterAll(() => core.close());

  const buyer = (fields: Partial<User> = {}) =>
    insertTestAccount(core, { password: PASSWORD, officialCompanyName: null, ...fields });
  const query = (fields: Record<string, string>) => userListQuerySchema.parse(fields);
  const auditFor = async (userId: number) => (await core.userDetail.detail(staff, userId)).activity;

  it("finds accounts by name, email or company, sorts and pages them 20 at a time", async () => {
    const tag = `zq${process.pid}`;
    for (let i = 0; i < 23; i++) await buyer({ lastName: `${tag}-${String(i).padStart(2, "0")}` });
    const byCompany = await buyer({ firstName: "Cora", officialCompanyName: `Basin ${tag} Partners` });

    const first = await core.userList.search(staff, query({ search: tag, sort: "name", direction: "asc" }));
    expect(first.pagination).toMatchObject({ total: 24, start: 1, end: 20 });
    expect(first.entries).toHaveLength(20);
    const second = await core.userList.search(
      staff,
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

    const company = await core.userList.search(staff, query({ search: `basin ${tag}` }));
    expect(company.entries.map((e) => e.id)).toEqual([byCompany.id]);
    expect(company.entries[0]?.company).toBe(`Basin ${tag} Partners`);
  });

  it("refuses anyone but an admin acting as themself", async () => {
    const someone = await buyer();
    const asBuyer = { user: core.sessions.sessionUser(someone) };
    await expect(core.userList.search(asBuyer, query({}))).rejects.toMatchObject({ status: 403 });
    await expect(core.userChanges.disable(asBuyer, admin.id)).rejects.toMatchObject({ status: 403 });
    const impersonating = { user: { ...staff.user, impersonatorId: 1 } };
    await expect(core.userChanges.endSessions(impersonating, someone.id)).rejects.toMatchObject({
      status: 403,
    });
  });

  it("disables an account: its sessions end at once, login is refused, re-enabling lets it back in", async () => {
    const target = await buyer();
    const login = await core.logins.login(target.email, PASSWORD, true);
    if (login.status !== "ok") throw new Error(login.status);
    expect(await core.sessions.resolveSession(login.token)).toBeDefined();

    await core.userChanges.disable(staff, target.id);
    expect(await core.sessions.resolveSession(login.token)).toBeUndefined();
    expect((await core.logins.login(target.email, PASSWORD, false)).status).toBe("disabled");
    // The refusal comes after the password: a wrong one still says only that.
    expect((await core.logins.login(target.email, "Wrong123!", false)).status).toBe("incorrect-password");
    expect((await core.userDetail.detail(staff, target.id)).account.disabledAt).not.toBeNull();

    await core.userChanges.enable(staff, target.id);
    expect((await core.logins.login(target.email, PASSWORD, false)).status).toBe("ok");
    const actions = (await auditFor(target.id)).map((a) => [a.action, a.by]);
    expect(actions).toContainEqual(["account-disabled", `Ada ${admin.lastName}`]);
    expect(actions).toContainEqual(["account-enabled", expect.any(String)]);
    await expect(core.userChanges.disable(staff, admin.id)).rejects.toMatchObject({ status: 400 });
  });

  it("grants and revokes roles, audited with the admin; an admin keeps their own role", async () => {
    const target = await buyer();
    await core.userChanges.setRole(staff, target.id, "hasClaimAD", true);
    await core.userChanges.setRole(staff, target.id, "isAdmin", true);
    let detail = await core.userDetail.detail(staff, target.id);
    expect(detail.account).toMatchObject({ hasClaimAD: true, isAdmin: true });
    await core.userChanges.setRole(staff, target.id, "isAdmin", false);
    detail = await core.userDetail.detail(staff, target.id);
    expect(detail.account.isAdmin).toBe(false);
    expect(
      detail.activity.filter((a) => a.action.startsWith("role-")).map((a) => [a.action, a.detail]),
    ).toEqual([
      ["role-revoked", "isAdmin"],
      ["role-granted", "isAdmin"],
      ["role-granted", "hasClaimAD"],
    ]);
    await expect(core.userChanges.setRole(staff, admin.id, "isAdmin", false)).rejects.toMatchObject({
      status: 400,
      message: "You cannot remove your own admin role.",
    });
    const unverified = await buyer({ verified: false });
    await expect(core.userChanges.setRole(staff, unverified.id, "isAdmin", true)).rejects.toMatchObject({
      status: 400,
    });
    expect((await core.accounts.findUser(unverified.id))?.isAdmin).toBe(false);
  });

  it("edits the profile and verifies the address, each audited", async () => {
    const target = await buyer({ verified: false });
    const profile = await core.profiles.profile(target.id);
    if (!profile) throw new Error("no profile");
    const { email, ...rest } = profile;
    await core.userChanges.updateProfile(staff, target.id, { ...rest, companyName: "Permian Holdings LLC" });
    await core.userChanges.markVerified(staff, target.id);
    const detail = await core.userDetail.detail(staff, target.id);
    expect(detail.profile).toMatchObject({ companyName: "Permian Holdings LLC", email });
    expect(detail.account.verified).toBe(true);
    expect(detail.activity.map((a) => a.action)).toEqual(
      expect.arrayContaining(["profile-edited", "verified-by-staff"]),
    );
  });

  describe("viewing the site as a buyer", () => {
    it("starts a session marked with the admin, refuses changes of password and email in it, and stops", async () => {
      const target = await buyer({ firstName: "Vera" });
      const token = await core.impersonation.start(staff, target.id, adminToken);
      const seen = await core.sessions.resolveSession(token);
      expect(seen).toMatchObject({ id: target.id, impersonatorId: admin.id, isAdmin: false });

      const actor = { userId: target.id, sessionToken: token };
      await expect(
        core.passwords.changePassword(actor, { newPassword: "Another123!", currentPassword: PASSWORD }),
      ).rejects.toMatchObject({ status: 403, code: "IMPERSONATING" });
      await expect(
        core.emailChange.requestEmailChange(actor, {
          userId: target.id,
          newEmail: "elsewhere@example.test",
          currentPassword: PASSWORD,
        }),
      ).rejects.toMatchObject({ status: 403, code: "IMPERSONATING" });
      const sessions = (await core.userDetail.detail(staff, target.id)).sessions;
      expect(sessions.map((s) => s.impersonatedBy)).toContain(`Ada ${admin.lastName}`);

      const stopped = await core.impersonation.stop(token, adminToken);
      expect(stopped).toEqual({ userId: target.id, staffSession: { remember: false } });
      // Requests already on their way finish quietly; a few seconds later the session is gone.
      clock.advance(16_000);
      expect(await core.sessions.resolveSession(token)).toBeUndefined();
      expect((await auditFor(target.id)).map((a) => a.action)).toEqual(
        expect.arrayContaining(["impersonation-started", "impersonation-stopped"]),
      );
    });

    it("never gives back a session that is not the impersonating admin's", async () => {
      const target = await buyer();
      const other = await buyer();
      const otherLogin = await core.logins.login(other.email, PASSWORD, false);
      if (otherLogin.status !== "ok") throw new Error(otherLogin.status);
      const token = await core.impersonation.start(staff, target.id, adminToken);
      const stopped = await core.impersonation.stop(token, otherLogin.token);
      expect(stopped.staffSession).toBeNull();
    });

    it("refuses to view as an admin, as oneself or as a disabled account", async () => {
      const otherAdmin = await buyer({ isAdmin: true });
      await expect(core.impersonation.start(staff, otherAdmin.id, adminToken)).rejects.toMatchObject({
        status: 400,
        message: "An administrator cannot be viewed as: only buyers can.",
      });
      await expect(core.impersonation.start(staff, admin.id, adminToken)).rejects.toMatchObject({
        status: 400,
      });
      const disabled = await buyer();
      await core.userChanges.disable(staff, disabled.id);
      await expect(core.impersonation.start(staff, disabled.id, adminToken)).rejects.toMatchObject({
        status: 400,
      });
      expect((await core.userDetail.detail(staff, otherAdmin.id)).sessions).toEqual([]);
    });
  });

  it("exports the search as CSV (formulas kept as text) and as XLSX", async () => {
    const target = await buyer({ firstName: "=HYPERLINK(1)", lastName: `Export${process.pid}` });
    const csv = await core.userList.export(staff, query({ search: `Export${process.pid}` }), "csv");
    expect(typeof csv).toBe("string");
    const lines = String(csv).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Id,First name,Last name,Email,Company,Title,Phone,Verified,Roles,Disabled,Registered,Last login",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${target.id},'=HYPERLINK(1),Export${process.pid},${target.email}`);

    const xlsx = await core.userList.export(staff, query({ search: `Export${process.pid}` }), "xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as Buffer as never);
    const sheet = workbook.getWorksheet("Users");
    expect(sheet?.getRow(2).getCell(2).value).toBe("=HYPERLINK(1)");
    expect(sheet?.getRow(2).getCell(2).formula).toBeUndefined();
    expect(sheet?.getRow(2).getCell(4).value).toBe(target.email);
  });
});
