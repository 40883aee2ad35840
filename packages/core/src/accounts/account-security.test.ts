import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { KIT_PASSWORD as PASSWORD, testAccountKit } from "../testing/test-account-kit.ts";
import { markTestAccountVerified, storedPasswordHash } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { ACCOUNT_LIMITS } from "./account-limits.ts";
import { verifyPassword } from "./password.ts";

// Every password check goes through this spy (to the real argon2), so tests can count them.
vi.mock("./password.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./password.ts")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testEngines())("account security over time on $name", (engine) => {
  let core: Core;
  const clock = new ManualClock();

  beforeAll(async () => {
    // No SMTP_URL: mail waits in the outbox, where the tests read the links.
    core = await engine.create(
      { PUBLIC_URL: "http://aea.test", MANAGEMENT_EMAILS: "boss@aea.test,m2@aea.test,m3@aea.test" },
      { clock },
    );
  });
  afterAll(async () => {
    await core.close();
  });

  const { newAccount, loginToken, mailsTo, linkToken } = testAccountKit(() => core);

  describe("login lockout", () => {
    it("200 parallel wrong guesses get 10 password checks, then the account is locked even for the right password", async () => {
      const user = await newAccount();
      const passwordHash = await storedPasswordHash(core, user.email);
      expect(passwordHash).toMatch(/^\$argon2id\$/);
      const checks = () =>
        vi.mocked(verifyPassword).mock.calls.filter(([hash]) => hash === passwordHash).length;
      const before = checks();

      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => core.logins.login(user.email, `Wrong${i}x`, false)),
      );

      expect(checks() - before).toBe(ACCOUNT_LIMITS.lockAfterFailures);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === "incorrect-password")).toHaveLength(9);
      expect(statuses.filter((s) => s === "locked")).toHaveLength(191);
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("locked");
      expect(checks() - before).toBe(ACCOUNT_LIMITS.lockAfterFailures);
    });

    it("locks at the 10th failure for 10 minutes, then opens again with a fresh count", async () => {
      const user = await newAccount();
      for (let i = 1; i < ACCOUNT_LIMITS.lockAfterFailures; i++) {
        expect((await core.logins.login(user.email, `Bad${i}x`, false)).status).toBe("incorrect-password");
      }
      const tenth = await core.logins.login(user.email, "Bad10x", false);
      expect(tenth).toEqual({ status: "locked", until: new Date(clock.now() + 10 * MINUTE).toISOString() });

      clock.advance(10 * MINUTE - 1);
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("locked");
      clock.advance(1);
      // Open again, and the count starts over: one wrong guess does not lock it.
      expect((await core.logins.login(user.email, "Bad11x", false)).status).toBe("incorrect-password");
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("ok");
    });
  });

  describe("mailed links", () => {
    it("a verification link works once within 48 hours", async () => {
      const user = await newAccount({ verified: false });
      await core.signUp.resendVerification(user.email);
      const token = await linkToken(user.email, "/verify-user");
      clock.advance(48 * HOUR - MINUTE);
      expect(await core.signUp.mailedLink(token)).toEqual({ purpose: "verify", email: user.email });
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("not-verified");
      expect(await core.signUp.verifyUser(token)).toBe(true);
      expect(await core.signUp.verifyUser(token)).toBe(false);
      expect(await core.signUp.mailedLink(token)).toEqual({ purpose: "invalid" });

      const late = await newAccount({ verified: false });
      await core.signUp.resendVerification(late.email);
      const lateToken = await linkToken(late.email, "/verify-user");
      clock.advance(48 * HOUR);
      expect(await core.signUp.verifyUser(lateToken)).toBe(false);
      expect((await core.logins.login(late.email, PASSWORD, false)).status).toBe("not-verified");
    });

    it("a reset link works once within 60 minutes", async () => {
      const user = await newAccount();
      await core.passwords.sendResetPasswordEmail(user.email);
      const token = await linkToken(user.email, "/reset-password");
      clock.advance(60 * MINUTE - 1);
      expect(await core.passwords.resetPassword(token, "Fresh2030")).toBe(true);
      expect(await core.passwords.resetPassword(token, "Other2030")).toBe(false);

      await core.passwords.sendResetPasswordEmail(user.email);
      const lateToken = await linkToken(user.email, "/reset-password");
      clock.advance(60 * MINUTE);
      expect(await core.passwords.resetPassword(lateToken, "Late2030")).toBe(false);
      expect((await core.logins.login(user.email, "Fresh2030", false)).status).toBe("ok");
    });

    it("sends at most 3 reset mails per account an hour, and again once the hour has passed", async () => {
      const user = await newAccount();
      const resetMails = async () =>
        (await mailsTo(user.email)).filter((m) => m.text.includes("/reset-password?token=")).length;
      const firstMailAt = clock.now();
      for (let i = 0; i < 5; i++) {
        // The answer is the same whether or not a mail went out.
        expect(await core.passwords.sendResetPasswordEmail(user.email)).toBe(true);
        clock.advance(MINUTE);
      }
      expect(await resetMails()).toBe(3);
      clock.advance(firstMailAt + HOUR - 1 - clock.now());
      await core.passwords.sendResetPasswordEmail(user.email);
      expect(await resetMails()).toBe(3);
      clock.advance(1);
      await core.passwords.sendResetPasswordEmail(user.email);
      expect(await resetMails()).toBe(4);
    });
  });

  describe("sensitive changes need a fresh login", () => {
    const actor = (userId: number, sessionToken: string) => ({ userId, sessionToken });

    it("a password change needs a login within 10 minutes or the current password", async () => {
      const user = await newAccount();
      const token = await loginToken(user.email);
      clock.advance(9 * MINUTE);
      const first = await core.passwords.changePassword(actor(user.id, token), { newPassword: "Second2030" });

      // The replacement session keeps the login's time: 11 minutes after it, no longer fresh.
      clock.advance(2 * MINUTE);
      const me = actor(user.id, first.token);
      await expect(core.passwords.changePassword(me, { newPassword: "Third2030" })).rejects.toMatchObject({
        code: "REAUTHENTICATE",
      });
      await expect(
        core.passwords.changePassword(me, { newPassword: "Third2030", currentPassword: "Guess2030" }),
      ).rejects.toMatchObject({ code: "INCORRECT_PASSWORD" });
      await core.passwords.changePassword(me, { newPassword: "Third2030", currentPassword: "Second2030" });
      expect((await core.logins.login(user.email, "Third2030", false)).status).toBe("ok");
    });

    it("wrong current passwords count toward the login lockout", async () => {
      const user = await newAccount();
      const token = await loginToken(user.email);
      const me = actor(user.id, token);
      for (let i = 1; i < ACCOUNT_LIMITS.lockAfterFailures; i++) {
        await expect(
          core.passwords.changePassword(me, { newPassword: "Next2030", currentPassword: `Bad${i}x` }),
        ).rejects.toMatchObject({ status: 403, code: "INCORRECT_PASSWORD" });
      }
      await expect(
        core.passwords.changePassword(me, { newPassword: "Next2030", currentPassword: "Bad10x" }),
      ).rejects.toMatchObject({ status: 429, code: "ACCOUNT_LOCKED" });
      expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("locked");
    });
  });

  describe("staff roles", () => {
    it("apply only to a verified address", async () => {
      const boss = await newAccount({ email: "boss@aea.test", verified: false, isAdmin: true });
      const token = await core.sessions.startSession(boss.id, false);
      expect(await core.sessions.resolveSession(token)).toMatchObject({
        isManagement: false,
        isAdmin: false,
      });
      await markTestAccountVerified(core, boss.id);
      expect(await core.sessions.resolveSession(token)).toMatchObject({ isManagement: true, isAdmin: true });
    });
  });
});
