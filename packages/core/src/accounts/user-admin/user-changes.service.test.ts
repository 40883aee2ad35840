import type { SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../../core.ts";
import { insertTestAccount } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import type { User } from "../user.repository.ts";

const PASSWORD = "Staff2026!";

describe.each(testEngines())("staff changes to an account on $name", (engine) => {
  let core: Core;
  let admin: User;
  let staff: { user: SessionUser; sessionToken: string };

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
    admin = await insertTestAccount(core, { password: PASSWORD, isAdmin: true, firstName: "Ada" });
    const login = await core.logins.login(admin.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    staff = { user: login.user, sessionToken: login.token };
  });
  afterAll(() => core.close());

  const buyer = (fields: Partial<User> = {}) =>
    insertTestAccount(core, { password: PASSWORD, officialCompanyName: null, ...fields });
  const auditFor = async (userId: number) => (await core.userDetail.detail(staff, userId)).activity;

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
});
