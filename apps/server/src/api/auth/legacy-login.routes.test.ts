import { insertTestAccount, insertTestStaff, testEngines } from "@aea/core/testing";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { pageFormPost, serveTestApp } from "../../testing/test-app.ts";

const PASSWORD = "Right2030";
const origin = "http://localhost:3000";
const json = { "content-type": "application/json" };

/**
 * The older login (spec §3, §7, §8; issue 26): `/api/login` answers a real session token and
 * `isValidPassword` from the account, whose password staff may mark for reset on the user's page; its
 * refusals are the new login's, under the same lockout. (The shared per-address limit is in
 * plugins/rate-limits.test.ts.)
 */
describe.each(testEngines())("the older login on $name", (engine) => {
  const served = serveTestApp(engine);
  let address = 0;
  /** Each request from its own address, so the per-address limits stay out of these tests. */
  const inject = (options: InjectOptions) =>
    served.app.inject({ ...options, remoteAddress: `10.26.${Math.floor(++address / 250)}.${address % 250}` });
  const legacyLogin = (username: string, password: string) =>
    inject({ method: "POST", url: "/api/login", headers: json, payload: { username, password } });
  const currentUser = (cookie: string) =>
    inject({ method: "GET", url: "/api/Auth/CurrentUser", headers: { cookie } });
  const adminCookie = async () => {
    const admin = await insertTestAccount(served.core, { password: PASSWORD, isAdmin: true });
    return `aea_session=${(await legacyLogin(admin.email, PASSWORD)).json().token}`;
  };
  const markForReset = async (userId: number, required: boolean, cookie: string) =>
    inject(
      pageFormPost(
        origin,
        `/admin/users/${userId}`,
        { intent: "require-password-reset", required: String(required) },
        cookie,
      ),
    );

  it("answers a real session token and isValidPassword 'Y' for an account in good standing", async () => {
    const buyer = await insertTestAccount(served.core, { password: PASSWORD });
    const response = await legacyLogin(buyer.email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^[\w-]{40,}$/),
      message: "Success",
      user: { type: "buyer", userId: buyer.id, username: buyer.email, isValidPassword: "Y" },
    });
    // The token is the session the cookie carries: a client sending it back is signed in.
    expect(response.cookies.find((c) => c.name === "aea_session")?.value).toBe(body.token);
    const me = await currentUser(`aea_session=${body.token}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: buyer.id, passwordResetRequired: false });
    // Logging out ends it like any session.
    await inject({
      method: "POST",
      url: "/api/Auth/Logout",
      headers: { cookie: `aea_session=${body.token}`, origin },
    });
    expect((await currentUser(`aea_session=${body.token}`)).json().code).toBe("1001");
  });

  it("refuses a wrong password and an unknown email with the new login's words, and no session", async () => {
    const buyer = await insertTestAccount(served.core, { password: PASSWORD });
    const wrong = await legacyLogin(buyer.email, "Wrong2030");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Incorrect password.", code: "INCORRECT_PASSWORD" });
    expect(wrong.cookies.find((c) => c.name === "aea_session")).toBeUndefined();
    const unknown = await legacyLogin(`nobody.${Date.now()}@example.test`, PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: "Email is not associated with AEA", code: "UNKNOWN_EMAIL" });
  });

  it("shares the lockout: failures on the new login lock the older one, and the right password waits", async () => {
    const buyer = await insertTestAccount(served.core, { password: PASSWORD });
    for (let i = 0; i < 10; i++) {
      const failed = await inject({
        method: "POST",
        url: "/api/Auth/Login",
        headers: json,
        payload: { email: buyer.email, password: `Wrong${i}2030`, rememberMe: false, applicationName: "web" },
      });
      expect(failed.statusCode).toBe(i < 9 ? 401 : 429);
    }
    const locked = await legacyLogin(buyer.email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: "Too many failed logins. This account is locked for 10 minutes.",
      code: "ACCOUNT_LOCKED",
    });
    expect(locked.cookies.find((c) => c.name === "aea_session")).toBeUndefined();
  });

  it("answers isValidPassword 'N' once staff mark the password for reset, and 'Y' after the holder sets a new one", async () => {
    const buyer = await insertTestAccount(served.core, { password: PASSWORD });
    const admin = await adminCookie();
    const marked = await markForReset(buyer.id, true, admin);
    expect(marked.statusCode).toBe(200);
    expect(marked.body).toContain("The password is marked for reset");

    const login = await legacyLogin(buyer.email, PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.isValidPassword).toBe("N");
    // Still a working session: the holder is asked to choose a new password, not shut out.
    const cookie = `aea_session=${login.json().token}`;
    expect((await currentUser(cookie)).json().passwordResetRequired).toBe(true);

    const changed = await inject({
      method: "POST",
      url: "/api/Auth/UpdatePassword",
      headers: { ...json, cookie, origin },
      payload: { password: "Fresh2031" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await legacyLogin(buyer.email, "Fresh2031")).json().user.isValidPassword).toBe("Y");

    const staff = { user: await insertTestStaff(served.core) };
    const detail = await served.core.userDetail.detail(staff, buyer.id);
    expect(detail.account.passwordResetRequestedAt).toBeNull();
    // Audited with the admin who marked it; the holder's change follows.
    const actions = detail.activity.map((entry) => entry.action);
    expect(actions.indexOf("password-changed")).toBeLessThan(actions.indexOf("password-reset-required"));
    expect(detail.activity.find((entry) => entry.action === "password-reset-required")?.by).toMatch(/^Pat /);
  });

  it("lets staff withdraw the mark before the holder logs in", async () => {
    const buyer = await insertTestAccount(served.core, { password: PASSWORD });
    const admin = await adminCookie();
    await markForReset(buyer.id, true, admin);
    const withdrawn = await markForReset(buyer.id, false, admin);
    expect(withdrawn.body).toContain("The password reset mark was withdrawn.");
    expect((await legacyLogin(buyer.email, PASSWORD)).json().user.isValidPassword).toBe("Y");
  });
});
