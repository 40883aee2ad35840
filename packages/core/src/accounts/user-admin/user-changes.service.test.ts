import { describe, expect, it } from "vitest";
import { STAFF_DESK_PASSWORD, staffDeskForSuite } from "../../testing/test-account-kit.ts";
import { testEngines } from "../../testing/test-cores.ts";

describe.each(testEngines())("staff changes to an account on $name", (engine) => {
  const desk = staffDeskForSuite(engine);
  const { buyer } = desk;
  const auditFor = async (userId: number) => (await desk.core.userDetail.detail(desk.staff, userId)).activity;

  it("disables an account: its sessions end at once, login is refused, re-enabling lets it back in", async () => {
    const target = await buyer();
    const login = await desk.core.logins.login(target.email, STAFF_DESK_PASSWORD, true);
    if (login.status !== "ok") throw new Error(login.status);
    expect(await desk.core.sessions.resolveSession(login.token)).toBeDefined();

    await desk.core.userChanges.disable(desk.staff, target.id);
    expect(await desk.core.sessions.resolveSession(login.token)).toBeUndefined();
    expect((await desk.core.logins.login(target.email, STAFF_DESK_PASSWORD, false)).status).toBe("disabled");
    // The refusal comes after the password: a wrong one still says only that.
    expect((await desk.core.logins.login(target.email, "Wrong123!", false)).status).toBe(
      "incorrect-password",
    );
    expect((await desk.core.userDetail.detail(desk.staff, target.id)).account.disabledAt).not.toBeNull();

    await desk.core.userChanges.enable(desk.staff, target.id);
    expect((await desk.core.logins.login(target.email, STAFF_DESK_PASSWORD, false)).status).toBe("ok");
    const actions = (await auditFor(target.id)).map((a) => [a.action, a.by]);
    expect(actions).toContainEqual(["account-disabled", `Ada ${desk.admin.lastName}`]);
    expect(actions).toContainEqual(["account-enabled", expect.any(String)]);
    await expect(desk.core.userChanges.disable(desk.staff, desk.admin.id)).rejects.toMatchObject({
      status: 400,
    });
  });

  it("grants and revokes roles, audited with the admin; an admin keeps their own role", async () => {
    const target = await buyer();
    await desk.core.userChanges.setRole(desk.staff, target.id, "hasClaimAD", true);
    await desk.core.userChanges.setRole(desk.staff, target.id, "isAdmin", true);
    let detail = await desk.core.userDetail.detail(desk.staff, target.id);
    expect(detail.account).toMatchObject({ hasClaimAD: true, isAdmin: true });
    await desk.core.userChanges.setRole(desk.staff, target.id, "isAdmin", false);
    detail = await desk.core.userDetail.detail(desk.staff, target.id);
    expect(detail.account.isAdmin).toBe(false);
    expect(
      detail.activity.filter((a) => a.action.startsWith("role-")).map((a) => [a.action, a.detail]),
    ).toEqual([
      ["role-revoked", "isAdmin"],
      ["role-granted", "isAdmin"],
      ["role-granted", "hasClaimAD"],
    ]);
    await expect(
      desk.core.userChanges.setRole(desk.staff, desk.admin.id, "isAdmin", false),
    ).rejects.toMatchObject({
      status: 400,
      message: "You cannot remove your own admin role.",
    });
    const unverified = await buyer({ verified: false });
    await expect(
      desk.core.userChanges.setRole(desk.staff, unverified.id, "isAdmin", true),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect((await desk.core.accounts.findUser(unverified.id))?.isAdmin).toBe(false);
  });

  it("edits the profile and verifies the address, each audited", async () => {
    const target = await buyer({ verified: false });
    const profile = await desk.core.profiles.profile(target.id);
    if (!profile) throw new Error("no profile");
    const { email, ...rest } = profile;
    await desk.core.userChanges.updateProfile(desk.staff, target.id, {
      ...rest,
      companyName: "Permian Holdings LLC",
    });
    await desk.core.userChanges.markVerified(desk.staff, target.id);
    const detail = await desk.core.userDetail.detail(desk.staff, target.id);
    expect(detail.profile).toMatchObject({ companyName: "Permian Holdings LLC", email });
    expect(detail.account.verified).toBe(true);
    expect(detail.activity.map((a) => a.action)).toEqual(
      expect.arrayContaining(["profile-edited", "verified-by-staff"]),
    );
  });
});
