import type { SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { insertTestAccount } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import type { User } from "../user.repository.ts";

const PASSWORD = "Staff2026!";
const clock = new ManualClock();

describe.each(testEngines())("starting and stopping View as on $name", (engine) => {
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
  const auditFor = async (userId: number) => (await core.userDetail.detail(staff, userId)).activity;

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
