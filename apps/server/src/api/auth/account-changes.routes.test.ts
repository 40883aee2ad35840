import { insertTestAccount, ManualClock, markTestAccountVerified, testEngines } from "@aea/core/testing";
import { MAILED_LINK_TEXTS, NEW_PASSWORD_TWICE, PASSWORD_RULE } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../../testing/test-app.ts";

const MINUTE = 60_000;
const PASSWORD = "Right2030";
const origin = "http://localhost:3000";
const json = { "content-type": "application/json" };
const REAUTHENTICATE = {
  message: "Please enter your current password to make this change.",
  code: "REAUTHENTICATE",
};

// Pages need the web build (`npm test` builds before the unit tests).

/**
 * Password and email changes through the API (issue 11 item 6): the current password or a login within
 * 10 minutes; a new email only through the link mailed to it; staff roles only for verified addresses.
 */
describe.each(testEngines())("sensitive account changes through the API on $name", (engine) => {
  const clock = new ManualClock();
  let serial = 0;
  let address = 0;

  const served = serveTestApp(
    engine,
    { MANAGEMENT_EMAILS: "chief@aea.test,m2@aea.test,m3@aea.test" },
    { core: { clock } },
  );

  const newAccount = ({ email = "", verified = true, isAdmin = false } = {}) =>
    insertTestAccount(served.core, { password: PASSWORD, verified, isAdmin, ...(email ? { email } : {}) });

  /** Each request from its own address, so the per-address limits stay out of these tests. */
  const send = (
    method: "GET" | "POST",
    url: string,
    { cookie, body }: { cookie?: string; body?: unknown } = {},
  ) =>
    served.app.inject({
      method,
      url,
      headers: { origin, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : json) },
      payload: body === undefined ? undefined : JSON.stringify(body),
      remoteAddress: `10.1.${Math.floor(++address / 250)}.${address % 250}`,
    });

  const logIn = async (email: string, password = PASSWORD) => {
    const response = await send("POST", "/api/Auth/Login", { body: { email, password, rememberMe: false } });
    expect(response.statusCode).toBe(200);
    return String(response.headers["set-cookie"]).split(";")[0];
  };

  const currentEmail = async (cookie: string) =>
    (await send("GET", "/api/Auth/CurrentUser", { cookie })).json().email;

  it("UpdatePassword: a login within 10 minutes suffices, later the current password is needed", async () => {
    const user = await newAccount();
    const cookie = await logIn(user.email);
    clock.advance(10 * MINUTE);
    const fresh = await send("POST", "/api/Auth/UpdatePassword?password=Second2030", { cookie });
    expect(fresh.statusCode).toBe(200);
    const renewed = String(fresh.headers["set-cookie"]).split(";")[0];

    clock.advance(MINUTE);
    const stale = await send("POST", "/api/Auth/UpdatePassword?password=Third2030", { cookie: renewed });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual(REAUTHENTICATE);
    const wrong = await send("POST", "/api/Auth/UpdatePassword?password=Third2030", {
      cookie: renewed,
      body: { currentPassword: "Guess2030" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: "Incorrect password.", code: "INCORRECT_PASSWORD" });
    // Refused changes changed nothing.
    expect((await served.core.logins.login(user.email, "Second2030", false)).status).toBe("ok");

    const proved = await send("POST", "/api/Auth/UpdatePassword?password=Third2030", {
      cookie: renewed,
      body: { currentPassword: "Second2030" },
    });
    expect(proved.statusCode).toBe(200);
    expect((await served.core.logins.login(user.email, "Third2030", false)).status).toBe("ok");
  });

  it("UpdatePassword takes the new password in the JSON body; the spec's query still works, never both", async () => {
    const user = await newAccount();
    const cookie = await logIn(user.email);
    const inBody = await send("POST", "/api/Auth/UpdatePassword", { cookie, body: { password: "Body2030" } });
    expect(inBody.statusCode).toBe(200);
    expect((await served.core.logins.login(user.email, "Body2030", false)).status).toBe("ok");
    const renewed = String(inBody.headers["set-cookie"]).split(";")[0];

    const both = await send("POST", "/api/Auth/UpdatePassword?password=Query2030", {
      cookie: renewed,
      body: { password: "Other2030" },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: NEW_PASSWORD_TWICE, code: "VALIDATION" });
    const neither = await send("POST", "/api/Auth/UpdatePassword", { cookie: renewed, body: {} });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ message: `password: ${PASSWORD_RULE}`, code: "VALIDATION" });
    const weak = await send("POST", "/api/Auth/UpdatePassword", {
      cookie: renewed,
      body: { password: "abc" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(`password: ${PASSWORD_RULE}`);
    // Refused changes changed nothing.
    expect((await served.core.logins.login(user.email, "Body2030", false)).status).toBe("ok");

    const inQuery = await send("POST", "/api/Auth/UpdatePassword?password=Query2030", { cookie: renewed });
    expect(inQuery.statusCode).toBe(200);
    expect((await served.core.logins.login(user.email, "Query2030", false)).status).toBe("ok");
  });

  it("UpdatePassword: ten wrong current passwords lock the account", async () => {
    const user = await newAccount();
    const cookie = await logIn(user.email);
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const response = await send("POST", "/api/Auth/UpdatePassword?password=Next2030", {
        cookie,
        body: { currentPassword: `Bad${i}x` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(9).fill(403), 429]);
    const login = await send("POST", "/api/Auth/Login", {
      body: { email: user.email, password: PASSWORD, rememberMe: false },
    });
    expect(login.statusCode).toBe(429);
    expect(login.json().code).toBe("ACCOUNT_LOCKED");
  });

  it("ChangeEmail mails a link to the new address; the email changes only when it is followed", async () => {
    const user = await newAccount();
    const cookie = await logIn(user.email);
    const newEmail = `api.moved${++serial}.${engine.name}@example.test`;
    const asked = await send("POST", `/api/Auth/ChangeEmail?userId=${user.id}&newEmail=${newEmail}`, {
      cookie,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toContain(newEmail);
    expect(await currentEmail(cookie)).toBe(user.email);

    const outbox = await served.core.outbox.messages(1000);
    expect(outbox.some((m) => m.to === user.email && m.text.includes(newEmail))).toBe(true);
    const link = outbox.find((m) => m.to === newEmail)?.text.match(/verify-user\?token=([\w-]+)/)?.[1];
    expect(link).toBeTruthy();
    const followed = await send("POST", `/api/Auth/VerifyUser?token=${link}`);
    expect(followed.json()).toEqual({ msg: "Email changed" });
    expect(await currentEmail(cookie)).toBe(newEmail);
    expect((await send("POST", `/api/Auth/VerifyUser?token=${link}`)).statusCode).toBe(400);
  });

  /** A page form post from this site (React Router checks the Origin against the Host as well). */
  const postForm = (url: string, form: Record<string, string>, from = origin) =>
    served.app.inject({
      method: "POST",
      url,
      headers: {
        host: new URL(origin).host,
        origin: from,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: `10.1.${Math.floor(++address / 250)}.${address % 250}`,
    });
  const mailedToken = async (to: string) =>
    // The newest first: the latest link mailed to the address.
    (await served.core.outbox.messages(1000))
      .find((m) => m.to === to)
      ?.text.match(/verify-user\?token=([\w-]+)/)?.[1] ?? "";

  it("opening a mailed email-change link only asks (as a mail scanner would); the button's POST moves the account", async () => {
    const user = await newAccount();
    const cookie = await logIn(user.email);
    const newEmail = `page.moved${++serial}.${engine.name}@example.test`;
    const asked = await send("POST", `/api/Auth/ChangeEmail?userId=${user.id}&newEmail=${newEmail}`, {
      cookie,
    });
    expect(asked.statusCode).toBe(200);
    const token = await mailedToken(newEmail);
    expect(token).not.toBe("");
    const link = `/verify-user?token=${token}`;

    for (let i = 0; i < 2; i++) {
      const opened = await send("GET", link);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain(MAILED_LINK_TEXTS.changeTitle);
      expect(opened.body).toContain(newEmail);
      expect(opened.body).toMatch(/<form[^>]* method="post">[\s\S]*name="token" value="[\w-]+"/);
      expect(opened.body).toContain(MAILED_LINK_TEXTS.changeButton);
    }
    expect(await currentEmail(cookie)).toBe(user.email);

    // Another site's form cannot press the button.
    const forged = await postForm("/verify-user", { intent: "confirm", token }, "https://evil.test");
    expect(forged.statusCode).toBe(403);
    expect(await currentEmail(cookie)).toBe(user.email);

    const confirmed = await postForm("/verify-user", { intent: "confirm", token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Your email is changed");
    expect(await currentEmail(cookie)).toBe(newEmail);
    const again = await postForm("/verify-user", { intent: "confirm", token });
    expect(again.body).toContain("This verification link is invalid or has expired");
    expect((await send("GET", link)).body).toContain("This verification link is invalid or has expired");
  });

  it("a sign-up's verification link asks too: opening it verifies nothing, the button's POST does", async () => {
    const user = await newAccount({ verified: false });
    await served.core.signUp.resendVerification(user.email);
    const token = await mailedToken(user.email);
    const opened = await send("GET", `/verify-user?token=${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(MAILED_LINK_TEXTS.verifyTitle);
    expect((await served.core.logins.login(user.email, PASSWORD, false)).status).toBe("not-verified");

    const confirmed = await postForm("/verify-user", { intent: "confirm", token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Your email is verified");
    expect((await served.core.logins.login(user.email, PASSWORD, false)).status).toBe("ok");
    const bad = await postForm("/verify-user", { intent: "confirm", token: "short" });
    expect(bad.body).toContain("This verification link is invalid or has expired");
  });

  it("ChangeEmail after 10 minutes needs the caller's password; an admin proves their own", async () => {
    const admin = await newAccount({ isAdmin: true });
    const buyer = await newAccount();
    const cookie = await logIn(admin.email);
    clock.advance(11 * MINUTE);
    const url = `/api/Auth/ChangeEmail?userId=${buyer.id}&newEmail=api.renamed${++serial}@example.test`;
    const stale = await send("POST", url, { cookie });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual(REAUTHENTICATE);
    const proved = await send("POST", url, { cookie, body: { currentPassword: PASSWORD } });
    expect(proved.statusCode).toBe(200);
    expect((await served.core.accounts.findUser(buyer.id))?.email).toBe(buyer.email);
  });

  it("an unverified address on MANAGEMENT_EMAILS gets no management role", async () => {
    const chief = await newAccount({ email: "chief@aea.test", verified: false });
    const cookie = `aea_session=${await served.core.sessions.startSession(chief.id, false)}`;
    const me = await send("GET", "/api/Auth/CurrentUser", { cookie });
    expect(me.json()).toMatchObject({ email: "chief@aea.test", isManagement: false });
    const dashboard = await send("GET", "/admin/dashboard", { cookie });
    expect(dashboard.statusCode).toBe(302);
    expect(dashboard.headers.location).toBe("/");
    await markTestAccountVerified(served.core, chief.id);
    expect((await send("GET", "/api/Auth/CurrentUser", { cookie })).json().isManagement).toBe(true);
    expect((await send("GET", "/admin/dashboard", { cookie })).statusCode).toBe(200);
  });
  it("refuses password and email changes from a session where an admin views the site as the buyer", async () => {
    const admin = await newAccount({ isAdmin: true });
    const buyer = await newAccount();
    const staff = { user: served.core.sessions.sessionUser(admin) };
    const adminSession = await served.core.sessions.startSession(admin.id, false);
    const token = await served.core.impersonation.start(staff, buyer.id, adminSession);
    const cookie = `aea_session=${token}`;
    expect((await send("GET", "/api/Auth/CurrentUser", { cookie })).json()).toMatchObject({
      id: buyer.id,
      impersonatorId: admin.id,
    });
    const refusal = {
      code: "IMPERSONATING",
      message:
        "You are viewing the site as this buyer, which is read-only: nothing can be changed in their name. Stop viewing as them to make changes.",
    };
    const password = await send("POST", "/api/Auth/UpdatePassword?password=Changed2030", {
      cookie,
      body: { currentPassword: PASSWORD },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual(refusal);
    const email = await send("POST", `/api/Auth/ChangeEmail?userId=${buyer.id}&newEmail=elsewhere@aea.test`, {
      cookie,
      body: { currentPassword: PASSWORD },
    });
    expect(email.statusCode).toBe(403);
    expect(email.json()).toEqual(refusal);
    // Nothing changed: the buyer still logs in with the old password at the old address.
    expect(await logIn(buyer.email)).toMatch(/^aea_session=/);
  });

  it("answers a disabled account's login with a clear 403", async () => {
    const admin = await newAccount({ isAdmin: true });
    const buyer = await newAccount();
    await served.core.userChanges.disable({ user: served.core.sessions.sessionUser(admin) }, buyer.id);
    const response = await send("POST", "/api/Auth/Login", {
      body: { email: buyer.email, password: PASSWORD, rememberMe: false },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: "ACCOUNT_DISABLED",
      message: "This account has been disabled. Please contact us if you think this is a mistake.",
    });
  });
});
