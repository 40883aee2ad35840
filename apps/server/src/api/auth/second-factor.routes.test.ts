import {
  authenticatorCode,
  enrolTestAuthenticator,
  insertTestAccount,
  ManualClock,
  testEngines,
} from "@aea/core/testing";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../../testing/test-app.ts";

const MINUTE = 60_000;
const PASSWORD = "Right2030";
const origin = "http://localhost:3000";
const json = { "content-type": "application/json" };

/**
 * Second factors at the doors (issue 20): the login API, the legacy login and the /login form ask an
 * account with a second factor for its code before any session exists; bad codes are refused with a
 * clear message and change nothing; staff without a factor reach only the enrolment page
 * (STAFF_MFA=required, the default off a loopback host; set here since the test site is on localhost).
 */
describe.each(testEngines())("second factors through the API and pages on $name", (engine) => {
  const clock = new ManualClock();
  let address = 0;

  const served = serveTestApp(
    engine,
    { STAFF_MFA: "required", MANAGEMENT_EMAILS: "chief@aea.example,m2@aea.example,m3@aea.example" },
    { core: { clock } },
  );

  /** Each request from its own address, so the per-address limits stay out of these tests. */
  const send = (
    method: "GET" | "POST",
    url: string,
    { cookie, body, form }: { cookie?: string; body?: unknown; form?: Record<string, string> } = {},
  ) =>
    served.app.inject({
      method,
      url,
      headers: {
        origin,
        host: new URL(origin).host,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : json),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      payload: form
        ? new URLSearchParams(form).toString()
        : body === undefined
          ? undefined
          : JSON.stringify(body),
      remoteAddress: `10.2.${Math.floor(++address / 250)}.${address % 250}`,
    });
  const sessionCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
    const session = response.cookies.find((c) => c.name === "aea_session" && c.value);
    return session ? `aea_session=${session.value}` : undefined;
  };
  const enrolled = async (fields: { isAdmin?: boolean } = {}) => {
    const user = await insertTestAccount(served.core, { password: PASSWORD, ...fields });
    const enrolment = await enrolTestAuthenticator(served.core, user, clock.now());
    clock.advance(30_000);
    return { user, ...enrolment };
  };
  const stepOne = async (email: string) => {
    const response = await send("POST", "/api/Auth/Login", { body: { email, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const codeNow = (secret: string) => authenticatorCode(secret, clock.now());

  it("answers the right password of an account with a factor with a pending login, and no session", async () => {
    const { user, secret } = await enrolled();
    const first = await stepOne(user.email);
    expect(sessionCookieOf(first)).toBeUndefined();
    const body = first.json();
    expect(body).toMatchObject({
      msg: "Second factor required",
      code: "SECOND_FACTOR_REQUIRED",
      factors: { totp: true, recoveryCodesLeft: 10, passkeys: 0 },
    });
    expect(body.pendingLogin).toMatch(/^[\w-]{43}$/);
    expect(body.user).toBeUndefined();

    const second = await send("POST", "/api/Auth/LoginSecondFactor", {
      body: { pendingLogin: body.pendingLogin, code: codeNow(secret) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ msg: "Success", user: { email: user.email } });
    const cookie = sessionCookieOf(second);
    expect(second.cookies.map((c) => c.name)).toContain("aea_browser");
    expect((await send("GET", "/api/Auth/CurrentUser", { cookie })).json()).toMatchObject({ id: user.id });
  });

  it("refuses a reused code, a 5-minute-old code and a recovery code used twice, each with its own message, and opens no session", async () => {
    const { user, secret, recoveryCodes } = await enrolled();
    const code = codeNow(secret);
    const ok = await send("POST", "/api/Auth/LoginSecondFactor", {
      body: { pendingLogin: (await stepOne(user.email)).json().pendingLogin, code },
    });
    expect(ok.statusCode).toBe(200);

    const pendingLogin = (await stepOne(user.email)).json().pendingLogin;
    const attempt = (attemptCode: string) =>
      send("POST", "/api/Auth/LoginSecondFactor", { body: { pendingLogin, code: attemptCode } });
    const reused = await attempt(code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      message:
        "That code was already used. Wait for your authenticator app to show a new code, then enter it.",
      code: "CODE_REUSED",
    });
    expect(sessionCookieOf(reused)).toBeUndefined();
    const old = await attempt(authenticatorCode(secret, clock.now() - 5 * MINUTE));
    expect(old.json()).toEqual({
      message: "That code is not right. Check your authenticator app and try again.",
      code: "WRONG_CODE",
    });
    expect((await attempt(recoveryCodes[0])).statusCode).toBe(200);
    const again = await send("POST", "/api/Auth/LoginSecondFactor", {
      body: { pendingLogin: (await stepOne(user.email)).json().pendingLogin, code: recoveryCodes[0] },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      message: "That recovery code was already used. Each recovery code works once.",
      code: "RECOVERY_CODE_USED",
    });
    expect(sessionCookieOf(again)).toBeUndefined();
    const malformed = await send("POST", "/api/Auth/LoginSecondFactor", {
      body: { pendingLogin, code: "12ab" },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("locks the account at the 10th wrong code, then refuses even the right password and code", async () => {
    const { user, secret } = await enrolled();
    const pendingLogin = (await stepOne(user.email)).json().pendingLogin;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await send("POST", "/api/Auth/LoginSecondFactor", {
        body: { pendingLogin, code: String(100_000 + i) },
      });
      statuses.push(response.statusCode);
      if (i === 9) expect(response.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
    const login = await send("POST", "/api/Auth/Login", { body: { email: user.email, password: PASSWORD } });
    expect(login.statusCode).toBe(429);
    expect(login.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
    clock.advance(11 * MINUTE);
    const later = (await stepOne(user.email)).json().pendingLogin;
    const unlocked = await send("POST", "/api/Auth/LoginSecondFactor", {
      body: { pendingLogin: later, code: codeNow(secret) },
    });
    expect(unlocked.statusCode).toBe(200);
  });

  it("asks for the code through the legacy /api/login and the /login form too", async () => {
    const { user, secret } = await enrolled();
    const legacy = await send("POST", "/api/login", { body: { username: user.email, password: PASSWORD } });
    expect(legacy.statusCode).toBe(401);
    expect(legacy.json()).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
    expect(legacy.json().pendingLogin).toMatch(/^[\w-]{43}$/);
    expect(sessionCookieOf(legacy)).toBeUndefined();

    const page = await send("POST", "/login?redirectTo=%2Fbuyer%2Fprofile", {
      form: { email: user.email, password: PASSWORD },
    });
    expect(page.statusCode).toBe(200);
    expect(sessionCookieOf(page)).toBeUndefined();
    expect(page.body).toContain("Authentication code");
    const pendingLogin = /name="pendingLogin" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    const wrong = await send("POST", "/login?redirectTo=%2Fbuyer%2Fprofile", {
      form: { intent: "second-factor", pendingLogin, code: "000000" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("That code is not right.");
    expect(sessionCookieOf(wrong)).toBeUndefined();
    const right = await send("POST", "/login?redirectTo=%2Fbuyer%2Fprofile", {
      form: { intent: "second-factor", pendingLogin, code: codeNow(secret) },
    });
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe("/buyer/profile");
    expect(sessionCookieOf(right)).toBeDefined();
  });

  it("lets staff without a second factor reach only the enrolment page, and everything once enrolled", async () => {
    const admin = await insertTestAccount(served.core, { password: PASSWORD, isAdmin: true });
    const login = await send("POST", "/api/Auth/Login", { body: { email: admin.email, password: PASSWORD } });
    const cookie = sessionCookieOf(login);
    expect(cookie).toBeDefined();
    const api = await send("GET", "/api/Admin/GetAdminDealDetails?listingId=1001", { cookie });
    expect(api.statusCode).toBe(403);
    expect(api.json()).toEqual({
      message: "Staff accounts need a second factor. Set up an authenticator app to continue.",
      code: "MFA_ENROLMENT_REQUIRED",
    });
    for (const path of ["/admin/users", "/admin/users/export?format=csv", "/home", "/admin/users.data"]) {
      const page = await send("GET", path, { cookie });
      expect([302, 202, 204], path).toContain(page.statusCode);
      if (page.statusCode === 302) expect(page.headers.location, path).toBe("/account/security");
    }
    expect((await send("GET", "/account/security", { cookie })).statusCode).toBe(200);
    expect((await send("GET", "/api/Auth/CurrentUser", { cookie })).statusCode).toBe(200);
    const posted = await send("POST", "/admin/users/1", { cookie, form: { intent: "end-sessions" } });
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toBe("/account/security");

    await enrolTestAuthenticator(served.core, admin, clock.now());
    expect((await send("GET", "/api/Admin/GetAdminDealDetails?listingId=1001", { cookie })).statusCode).toBe(
      200,
    );
    expect((await send("GET", "/admin/users", { cookie })).statusCode).toBe(200);
  });

  it("asks again for the second factor after 10 minutes through StepUp, and refuses a wrong one", async () => {
    const { user, secret } = await enrolled();
    const login = await send("POST", "/api/Auth/LoginSecondFactor", {
      body: { pendingLogin: (await stepOne(user.email)).json().pendingLogin, code: codeNow(secret) },
    });
    const cookie = sessionCookieOf(login);
    clock.advance(11 * MINUTE);
    const wrong = await send("POST", "/api/Auth/StepUp", { cookie, body: { code: "000000" } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: "WRONG_CODE" });
    expect(
      await served.core.secondFactor.hasRecentCheck({ userId: user.id, sessionToken: cookie?.split("=")[1] }),
    ).toBe(false);
    const right = await send("POST", "/api/Auth/StepUp", { cookie, body: { code: codeNow(secret) } });
    expect(right.statusCode).toBe(204);
    expect(
      await served.core.secondFactor.hasRecentCheck({ userId: user.id, sessionToken: cookie?.split("=")[1] }),
    ).toBe(true);
  });

  it("asks staff on the pages for a fresh code before View as and the export, then carries the step out", async () => {
    const { user: admin, secret } = await enrolled({ isAdmin: true });
    const buyer = await insertTestAccount(served.core, { password: PASSWORD });
    const login = await send("POST", "/api/Auth/LoginSecondFactor", {
      body: { pendingLogin: (await stepOne(admin.email)).json().pendingLogin, code: codeNow(secret) },
    });
    const cookie = sessionCookieOf(login);
    clock.advance(11 * MINUTE);

    const asked = await send("POST", `/admin/users/${buyer.id}`, { cookie, form: { intent: "impersonate" } });
    expect(asked.statusCode).toBe(403);
    expect(asked.body).toContain("Confirm it is you");
    expect(sessionCookieOf(asked)).toBeUndefined();
    const wrong = await send("POST", `/admin/users/${buyer.id}`, {
      cookie,
      form: { intent: "impersonate", stepUpCode: "000000" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain("That code is not right.");
    const viewing = await send("POST", `/admin/users/${buyer.id}`, {
      cookie,
      form: { intent: "impersonate", stepUpCode: codeNow(secret) },
    });
    expect(viewing.statusCode).toBe(302);
    expect(viewing.headers.location).toBe("/home");

    clock.advance(11 * MINUTE);
    const exportAsked = await send("GET", "/admin/users/export?format=csv&search=tester", { cookie });
    expect(exportAsked.statusCode).toBe(302);
    expect(exportAsked.headers.location).toBe(
      "/account/confirm?redirectTo=%2Fadmin%2Fusers%3Fsearch%3Dtester",
    );
    clock.advance(30_000);
    const confirmed = await send("POST", "/account/confirm", {
      cookie,
      form: { redirectTo: "/admin/users?search=tester", stepUpCode: codeNow(secret) },
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/admin/users?search=tester");
    const exported = await send("GET", "/admin/users/export?format=csv&search=tester", { cookie });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toMatch(/attachment; filename="users-.*\.csv"/);
  });

  it("documents the second-factor routes in the OpenAPI document", async () => {
    const doc = (await send("GET", "/api/docs/json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/Auth/LoginSecondFactor", "/api/Auth/StepUp"]),
    );
    expect(doc.paths["/api/Auth/Login"].post.description).toContain("SECOND_FACTOR_REQUIRED");
  });
});
