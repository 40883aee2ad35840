import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { testEngines } from "../testing/test-cores.ts";
import { ACCOUNT_LIMITS } from "./account-limits.ts";
import { hashPassword, verifyPassword } from "./password.ts";

describe.each(testEngines())("logins on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    // The tests log in as the README's demo accounts, which a non-local PUBLIC_URL does not get by default.
    core = await engine.create({ PUBLIC_URL: "http://aea.test", SEED_DEMO_ACCOUNTS: "true" });
  });
  afterAll(async () => {
    await core.close();
  });

  it("logs in a verified buyer and resolves the session cookie to the user", async () => {
    const result = await core.logins.login("Buyer@Anticline.test", "Buyer123!", false);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.user).toMatchObject({
      email: "buyer@anticline.test",
      name: "Ben Whitaker",
      isAdmin: false,
    });
    const user = await core.sessions.resolveSession(result.token);
    expect(user?.id).toBe(result.user.id);
    await core.sessions.endSession(result.token, user?.id);
    expect(await core.sessions.resolveSession(result.token)).toBeUndefined();
  });

  it("answers each failure as the spec distinguishes them", async () => {
    expect((await core.logins.login("buyer@anticline.test", "wrong-1", false)).status).toBe(
      "incorrect-password",
    );
    expect((await core.logins.login("nobody@anticline.test", "whatever1", false)).status).toBe(
      "unknown-email",
    );
    expect((await core.logins.login("pending@anticline.test", "Buyer123!", false)).status).toBe(
      "not-verified",
    );
    // An unverified account is not revealed to someone without its password.
    expect((await core.logins.login("pending@anticline.test", "nope-1", false)).status).toBe(
      "incorrect-password",
    );
  });

  it("marks management users from MANAGEMENT_EMAILS", async () => {
    const result = await core.logins.login("mgmt2@anticline.test", "Mgmt123!", false);
    expect(result.status === "ok" && result.user.isManagement).toBe(true);
  });

  it("locks an account for 10 minutes after 10 failed logins, even for the right password", async () => {
    for (let i = 1; i < ACCOUNT_LIMITS.lockAfterFailures; i++) {
      expect((await core.logins.login("admin@anticline.test", `bad-${i}`, false)).status).toBe(
        "incorrect-password",
      );
    }
    const tenth = await core.logins.login("admin@anticline.test", "bad-10", false);
    expect(tenth.status).toBe("locked");
    const right = await core.logins.login("admin@anticline.test", "Admin123!", false);
    expect(right.status).toBe("locked");
    if (right.status === "locked") {
      const minutes = (Date.parse(right.until) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9.5);
      expect(minutes).toBeLessThanOrEqual(10);
    }
  });

  it("spends a password check on an unknown email, as on a wrong password", async () => {
    const storedHash = await hashPassword("the-password-1");
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    // Other work on the machine (another test file runs beside this one) only ever adds time, so the
    // fastest of each kind is the closest to its own cost.
    const fastest = (times: number[]) => Math.min(...times);
    const unknown: number[] = [];
    const known: number[] = [];
    const check: number[] = [];
    // Interleaved, so a burst of other work falls on all three alike. Five tries stay under the
    // account's lockout.
    for (let i = 0; i < 5; i++) {
      unknown.push(
        await timed(() => core.logins.login("nobody@anticline.test", "not-the-password-1", false)),
      );
      known.push(await timed(() => core.logins.login("mgmt3@anticline.test", "not-the-password-1", false)));
      check.push(await timed(() => verifyPassword(storedHash, "not-the-password-1")));
    }
    // An unknown email costs at least the password check a known one does (a wrong password adds only
    // the attempt's bookkeeping), so guessing which emails exist is no cheaper than guessing passwords.
    expect(fastest(unknown) / fastest(check)).toBeGreaterThan(0.7);
    expect(fastest(unknown) / fastest(known)).toBeLessThan(2);
  });
});
