import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

const PASSWORD = "Right2030";
const PUBLIC_URL = "http://aea.test";

/**
 * Each change of an account is several writes plus the outbox copy of its mail, in one transaction
 * (docs/decisions/014). These tests make the outbox refuse the copy through a real constraint of the
 * database, and check that the writes before it did not persist either.
 */
describe.each(testEngines())("account changes are whole or nothing on $name", (engine) => {
  let core: Core;

  beforeAll(async () => {
    // No SMTP_URL: mail waits in the outbox, where the tests read the links.
    core = await engine.create({ PUBLIC_URL, SEED_DEMO: "false" });
  });
  afterAll(() => core.close());

  /** While it runs, the database itself refuses every new outbox row. */
  const withOutboxRefusing = async (work: () => Promise<unknown>) => {
    const { db, engine: name } = testDatabase(core);
    if (name === "sqlite") {
      await sql`CREATE TRIGGER refuse_outbox BEFORE INSERT ON mail_outbox
        BEGIN SELECT RAISE(ABORT, 'outbox refused'); END`.execute(db);
    } else {
      await sql`ALTER TABLE mail_outbox ADD CONSTRAINT refuse_outbox CHECK (false) NOT VALID`.execute(db);
    }
    try {
      await work();
    } finally {
      if (name === "sqlite") await sql`DROP TRIGGER refuse_outbox`.execute(db);
      else await sql`ALTER TABLE mail_outbox DROP CONSTRAINT refuse_outbox`.execute(db);
    }
  };

  const linkToken = async (email: string, path: string) => {
    const prefix = `${PUBLIC_URL}${path}?token=`;
    const mail = (await core.outbox.messages(1000)).find((m) => m.to === email && m.text.includes(prefix));
    if (!mail) throw new Error(`no ${path} link mailed to ${email}`);
    return new URL(mail.text.slice(mail.text.indexOf(prefix)).split(/\s/)[0]).searchParams.get("token") ?? "";
  };

  const loginToken = async (email: string, password = PASSWORD) => {
    const result = await core.logins.login(email, password, false);
    if (result.status !== "ok") throw new Error(`login of ${email}: ${result.status}`);
    return result.token;
  };

  it("a sign-up whose verification mail cannot be kept leaves no account, no log entry and no link", async () => {
    const email = "half.signed@aea.test";
    const signup = () =>
      core.signUp.signup({
        firstName: "Hal",
        lastName: "Signed",
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
    await withOutboxRefusing(() => expect(signup()).rejects.toThrow());
    expect(await core.accounts.findUserByEmail(email)).toBeUndefined();
    expect(await core.signUp.emailAvailable(email)).toBe(true);
    expect((await core.accounts.recentActivity(100)).filter((e) => e.action === "signup")).toEqual([]);
    const tokens = await testDatabase(core).db.selectFrom("user_tokens").selectAll().execute();
    expect(tokens).toEqual([]);

    // Once mail can be kept again, the same address signs up normally.
    expect(await signup()).toMatchObject({ status: "created" });
    expect(await core.signUp.verifyUser(await linkToken(email, "/verify-user"))).toBe(true);
  });

  it("a password reset that cannot tell the owner changes neither the password nor the sessions", async () => {
    const user = await insertTestAccount(core, { password: PASSWORD });
    const session = await loginToken(user.email);
    expect(await core.passwords.sendResetPasswordEmail(user.email)).toBe(true);
    const token = await linkToken(user.email, "/reset-password");

    await withOutboxRefusing(() =>
      expect(core.passwords.resetPassword(token, "Renewed2030")).rejects.toThrow(),
    );
    expect((await core.sessions.resolveSession(session))?.id).toBe(user.id);
    expect((await core.logins.login(user.email, "Renewed2030", false)).status).toBe("incorrect-password");
    // The link was not used up by the failed attempt.
    expect(await core.passwords.resetPassword(token, "Renewed2030")).toBe(true);
    expect(await core.sessions.resolveSession(session)).toBeUndefined();
    expect((await core.logins.login(user.email, "Renewed2030", false)).status).toBe("ok");
  });

  it("a password change that cannot tell the owner keeps the old password and every session", async () => {
    const user = await insertTestAccount(core, { password: PASSWORD });
    const session = await loginToken(user.email);
    const other = await loginToken(user.email);
    const actor = { userId: user.id, sessionToken: session };

    await withOutboxRefusing(() =>
      expect(
        core.passwords.changePassword(actor, { newPassword: "Changed2030", currentPassword: PASSWORD }),
      ).rejects.toThrow(),
    );
    expect((await core.sessions.resolveSession(session))?.id).toBe(user.id);
    expect((await core.sessions.resolveSession(other))?.id).toBe(user.id);
    expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("ok");
    expect((await core.accounts.recentActivity(100)).some((e) => e.action === "password-changed")).toBe(
      false,
    );
  });

  it("an email change that cannot tell the old address leaves the account where it was", async () => {
    const user = await insertTestAccount(core, { password: PASSWORD });
    const newEmail = `moved.${user.id}@aea.test`;
    const actor = { userId: user.id, sessionToken: undefined };
    await core.emailChange.requestEmailChange(actor, {
      userId: user.id,
      newEmail,
      currentPassword: PASSWORD,
    });
    const token = await linkToken(newEmail, "/verify-user");

    await withOutboxRefusing(() => expect(core.emailChange.confirmEmailChange(token)).rejects.toThrow());
    expect((await core.accounts.findUser(user.id))?.email).toBe(user.email);
    expect(await core.emailChange.confirmEmailChange(token)).toEqual({ status: "changed", email: newEmail });
    expect((await core.accounts.findUser(user.id))?.email).toBe(newEmail);
  });

  it("a contact message whose mail cannot be kept is not stored half", async () => {
    const before = await core.inquiries.recent(1000);
    await withOutboxRefusing(() =>
      expect(
        core.inquiries.sendContactMessage({
          firstName: "Cora",
          lastName: "Contact",
          email: "cora@aea.test",
          subject: "Hello",
          message: "Lost?",
          appName: "AEA",
        }),
      ).rejects.toThrow(),
    );
    expect(await core.inquiries.recent(1000)).toEqual(before);
  });
});
