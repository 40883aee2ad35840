import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { insertTestAccount } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { authenticatorCode, enrolTestAuthenticator } from "../../testing/test-second-factor.ts";
import { hashToken } from "../tokens.ts";

const MINUTE = 60_000;
const PASSWORD = "Right2030";
const MFA_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");

describe.each(testEngines())("second factors on $name", (engine) => {
  let core: Core;
  const clock = new ManualClock();

  beforeAll(async () => {
    core = await engine.create(
      {
        PUBLIC_URL: "https://aea.example",
        MANAGEMENT_EMAILS: "boss@aea.example,m2@aea.example,m3@aea.example",
        MFA_SECRET_KEY,
      },
      { clock },
    );
  });
  afterAll(async () => {
    await core.close();
  });

  const newAccount = (fields: { isAdmin?: boolean; email?: string } = {}) =>
    insertTestAccount(core, { password: PASSWORD, ...fields });
  /** An account with an authenticator app, its secret and recovery codes; the clock moved past the enrolling code. */
  const enrolled = async (fields: { isAdmin?: boolean } = {}) => {
    const user = await newAccount(fields);
    const enrolment = await enrolTestAuthenticator(core, user, clock.now());
    clock.advance(30_000);
    return { user, ...enrolment };
  };
  const pendingLogin = async (email: string) => {
    const result = await core.logins.login(email, PASSWORD, false);
    if (result.status !== "second-factor-required")
      throw new Error(`expected step two, got ${result.status}`);
    return result.pendingLogin;
  };
  const sessionCount = async (userId: number) =>
    (
      await testDatabase(core)
        .db.selectFrom("sessions")
        .select("tokenHash")
        .where("userId", "=", userId)
        .execute()
    ).length;
  const failedLogins = async (userId: number) =>
    (
      await testDatabase(core)
        .db.selectFrom("users")
        .select("failedLogins")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow()
    ).failedLogins;

  describe("enrolment", () => {
    it("shows a secret until one code confirms it; a wrong code changes nothing; the secret is sealed at rest and never shown again", async () => {
      const user = await newAccount();
      const sessionToken = await core.sessions.startSession(user.id, false);
      const actor = { userId: user.id, sessionToken };
      const { secret, uri, qr } = await core.secondFactor.startAuthenticator(actor, user);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toContain(`secret=${secret}`);
      expect(qr.path.length).toBeGreaterThan(100);

      const wrong = String((Number(authenticatorCode(secret, clock.now())) + 1) % 1_000_000).padStart(6, "0");
      expect(await core.secondFactor.confirmAuthenticator(actor, wrong)).toEqual({ status: "wrong-code" });
      expect(await core.secondFactor.factorsOf(user.id)).toEqual({
        totp: false,
        recoveryCodesLeft: 0,
        passkeys: 0,
      });
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("ok");

      const stored = await testDatabase(core)
        .db.selectFrom("totp_authenticators")
        .select("secret")
        .where("userId", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(stored.secret).not.toContain(secret);
      expect(stored.secret.startsWith("gcm:")).toBe(true);

      const result = await core.secondFactor.confirmAuthenticator(
        actor,
        authenticatorCode(secret, clock.now()),
      );
      if (result.status !== "enrolled") throw new Error(result.status);
      expect(result.recoveryCodes).toHaveLength(10);
      expect(new Set(result.recoveryCodes).size).toBe(10);
      expect(await core.secondFactor.factorsOf(user.id)).toEqual({
        totp: true,
        recoveryCodesLeft: 10,
        passkeys: 0,
      });
      await expect(core.secondFactor.startAuthenticator(actor, user)).rejects.toMatchObject({ status: 409 });
      expect(await core.secondFactor.pendingAuthenticator(actor, user)).toBeUndefined();
    });
  });

  describe("login", () => {
    it("asks for the second factor after the right password and opens no session until a code proves it", async () => {
      const { user, secret } = await enrolled();
      const before = await sessionCount(user.id);
      const pending = await pendingLogin(user.email);
      expect(await sessionCount(user.id)).toBe(before);
      const result = await core.secondFactor.completeLogin(
        pending,
        authenticatorCode(secret, clock.now()),
        {},
      );
      if (result.status !== "ok") throw new Error(result.status);
      const session = await testDatabase(core)
        .db.selectFrom("sessions")
        .select("secondFactorAt")
        .where("tokenHash", "=", hashToken(result.token))
        .executeTakeFirstOrThrow();
      expect(session.secondFactorAt).toBe(new Date(clock.now()).toISOString());
      // The pending login is used up.
      expect(
        await core.secondFactor.completeLogin(pending, authenticatorCode(secret, clock.now()), {}),
      ).toEqual({
        status: "login-expired",
      });
    });

    it("refuses a code used once already, also on another login within its window", async () => {
      const { user, secret } = await enrolled();
      const code = authenticatorCode(secret, clock.now());
      expect((await core.secondFactor.completeLogin(await pendingLogin(user.email), code, {})).status).toBe(
        "ok",
      );
      const before = await sessionCount(user.id);
      const again = await pendingLogin(user.email);
      expect(await core.secondFactor.completeLogin(again, code, {})).toEqual({ status: "code-reused" });
      expect(await sessionCount(user.id)).toBe(before);
      // An older code than the one used is refused too (the step went forward).
      const older = authenticatorCode(secret, clock.now() - 30_000);
      expect(await core.secondFactor.completeLogin(again, older, {})).toEqual({ status: "code-reused" });
    });

    it("accepts the code of the step before (clock drift) but refuses one from 5 minutes ago", async () => {
      const { user, secret } = await enrolled();
      // So that the step before now is not the one enrolment used.
      clock.advance(30_000);
      const stale = authenticatorCode(secret, clock.now() - 5 * MINUTE);
      const pending = await pendingLogin(user.email);
      expect(await core.secondFactor.completeLogin(pending, stale, {})).toEqual({ status: "wrong-code" });
      const previous = authenticatorCode(secret, clock.now() - 30_000);
      expect((await core.secondFactor.completeLogin(pending, previous, {})).status).toBe("ok");
    });

    it("takes each recovery code once, in any case and with dashes, and counts what is left", async () => {
      const { user, recoveryCodes } = await enrolled();
      const [code] = recoveryCodes;
      const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toUpperCase();
      expect((await core.secondFactor.completeLogin(await pendingLogin(user.email), typed, {})).status).toBe(
        "ok",
      );
      expect((await core.secondFactor.factorsOf(user.id)).recoveryCodesLeft).toBe(9);
      const before = await sessionCount(user.id);
      expect(await core.secondFactor.completeLogin(await pendingLogin(user.email), code, {})).toEqual({
        status: "recovery-code-used",
      });
      expect(await sessionCount(user.id)).toBe(before);
      // Another account's code is just wrong.
      const other = await enrolled();
      expect(
        await core.secondFactor.completeLogin(await pendingLogin(user.email), other.recoveryCodes[0], {}),
      ).toEqual({ status: "wrong-code" });
    });

    it("locks the account after 10 wrong second factors, as after 10 wrong passwords; the right password does not reset the count", async () => {
      const { user, secret } = await enrolled();
      const wrong = String((Number(authenticatorCode(secret, clock.now())) + 500_000) % 1_000_000).padStart(
        6,
        "0",
      );
      const pending = await pendingLogin(user.email);
      for (let i = 1; i < 10; i++) {
        expect(await core.secondFactor.completeLogin(pending, wrong, {})).toEqual({ status: "wrong-code" });
        // Logging in again with the password does not wipe the failures.
        if (i === 5) await pendingLogin(user.email);
      }
      expect(await failedLogins(user.id)).toBe(9);
      const tenth = await core.secondFactor.completeLogin(pending, wrong, {});
      expect(tenth.status).toBe("locked");
      // Locked: the right password and the right code both get the lock, and no session.
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("locked");
      const before = await sessionCount(user.id);
      expect(
        (await core.secondFactor.completeLogin(pending, authenticatorCode(secret, clock.now()), {})).status,
      ).toBe("login-expired");
      expect(await sessionCount(user.id)).toBe(before);
      // After the lock the account logs in normally.
      clock.advance(11 * MINUTE);
      const result = await core.secondFactor.completeLogin(
        await pendingLogin(user.email),
        authenticatorCode(secret, clock.now()),
        {},
      );
      expect(result.status).toBe("ok");
      expect(await failedLogins(user.id)).toBe(0);
    });

    it("lets a pending login expire after 5 minutes", async () => {
      const { user, secret } = await enrolled();
      const pending = await pendingLogin(user.email);
      clock.advance(5 * MINUTE + 1000);
      expect(
        await core.secondFactor.completeLogin(pending, authenticatorCode(secret, clock.now()), {}),
      ).toEqual({
        status: "login-expired",
      });
    });
  });

  describe("new browsers", () => {
    it("mails the holder when a known account logs in from a browser it has not used; the first login is quiet", async () => {
      const user = await newAccount();
      const mails = async () => (await core.outbox.messages(1000)).filter((m) => m.to === user.email).length;
      const first = await core.logins.login(user.email, PASSWORD, false, { ipAddress: "203.0.113.5" });
      if (first.status !== "ok") throw new Error(first.status);
      expect(await mails()).toBe(0);
      await core.logins.login(user.email, PASSWORD, false, { browserToken: first.browserToken });
      expect(await mails()).toBe(0);
      const other = await core.logins.login(user.email, PASSWORD, false, { ipAddress: "198.51.100.7" });
      if (other.status !== "ok") throw new Error(other.status);
      expect(other.browserToken).not.toBe(first.browserToken);
      const [mail] = (await core.outbox.messages(1000)).filter((m) => m.to === user.email);
      expect(mail.subject).toBe("New login to your Anticline Energy Advisors account");
      expect(mail.text).toContain("198.51.100.7");
    });
  });

  describe("staff and step-up", () => {
    it("requires staff to enrol where STAFF_MFA is required (any site not on a loopback host)", async () => {
      expect(core.config.staffMfa).toBe("required");
      const admin = await newAccount({ isAdmin: true });
      const asSession = async (id: number) => {
        const user = await core.sessions.resolveSession(await core.sessions.startSession(id, false));
        if (!user) throw new Error("no session");
        return user;
      };
      expect(await core.secondFactor.enrolmentRequired(await asSession(admin.id))).toBe(true);
      const buyer = await newAccount();
      expect(await core.secondFactor.enrolmentRequired(await asSession(buyer.id))).toBe(false);
      await enrolTestAuthenticator(core, admin, clock.now());
      expect(await core.secondFactor.enrolmentRequired(await asSession(admin.id))).toBe(false);
    });

    it("asks for the second factor again after 10 minutes before View as, the export and role changes", async () => {
      const { user: admin, secret } = await enrolled({ isAdmin: true });
      const buyer = await newAccount();
      const login = await core.secondFactor.completeLogin(
        await pendingLogin(admin.email),
        authenticatorCode(secret, clock.now()),
        {},
      );
      if (login.status !== "ok") throw new Error(login.status);
      const staff = { user: login.user, sessionToken: login.token };
      await core.userChanges.setRole(staff, buyer.id, "hasClaimAD", true);

      clock.advance(11 * MINUTE);
      const refused = { status: 403, code: "SECOND_FACTOR_REQUIRED" };
      await expect(core.impersonation.start(staff, buyer.id, login.token)).rejects.toMatchObject(refused);
      await expect(core.userList.export(staff, { search: "" } as never, "csv")).rejects.toMatchObject(
        refused,
      );
      await expect(core.userChanges.setRole(staff, buyer.id, "hasClaimAD", false)).rejects.toMatchObject(
        refused,
      );
      expect((await core.accounts.findUser(buyer.id))?.hasClaimAD).toBe(true);

      const actor = { userId: admin.id, sessionToken: login.token };
      expect(await core.secondFactor.stepUp(actor, { code: "000000" })).toEqual({ status: "wrong-code" });
      expect(await core.secondFactor.stepUp(actor, { code: authenticatorCode(secret, clock.now()) })).toEqual(
        {
          status: "ok",
        },
      );
      await core.userChanges.setRole(staff, buyer.id, "hasClaimAD", false);
      expect((await core.accounts.findUser(buyer.id))?.hasClaimAD).toBe(false);
    });

    it("asks staff without a second factor for their password instead", async () => {
      const admin = await newAccount({ isAdmin: true });
      const buyer = await newAccount();
      const login = await core.logins.login(admin.email, PASSWORD, false);
      if (login.status !== "ok") throw new Error(login.status);
      const staff = { user: login.user, sessionToken: login.token };
      await core.userChanges.setRole(staff, buyer.id, "hasClaimAD", true);
      clock.advance(11 * MINUTE);
      await expect(core.userChanges.setRole(staff, buyer.id, "hasClaimAD", false)).rejects.toMatchObject({
        status: 403,
        code: "REAUTHENTICATE",
      });
      const actor = { userId: admin.id, sessionToken: login.token };
      expect(await core.secondFactor.stepUp(actor, { password: "Wrong2030" })).toEqual({
        status: "incorrect-password",
      });
      expect(await core.secondFactor.stepUp(actor, { password: PASSWORD })).toEqual({ status: "ok" });
      await core.userChanges.setRole(staff, buyer.id, "hasClaimAD", false);
    });

    it("removes the authenticator and its recovery codes only after a recent check", async () => {
      const { user, secret, sessionToken } = await enrolled();
      const actor = { userId: user.id, sessionToken };
      clock.advance(11 * MINUTE);
      await expect(core.secondFactor.removeAuthenticator(actor)).rejects.toMatchObject({
        code: "SECOND_FACTOR_REQUIRED",
      });
      await expect(core.secondFactor.replaceRecoveryCodes(actor)).rejects.toMatchObject({
        code: "SECOND_FACTOR_REQUIRED",
      });
      expect((await core.secondFactor.factorsOf(user.id)).totp).toBe(true);
      await core.secondFactor.stepUp(actor, { code: authenticatorCode(secret, clock.now()) });
      expect(await core.secondFactor.replaceRecoveryCodes(actor)).toHaveLength(10);
      await core.secondFactor.removeAuthenticator(actor);
      expect(await core.secondFactor.factorsOf(user.id)).toEqual({
        totp: false,
        recoveryCodesLeft: 0,
        passkeys: 0,
      });
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("ok");
    });
  });
});
