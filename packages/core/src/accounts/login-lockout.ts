import type { Clock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { type AccountStores, accountStores } from "./account-stores.ts";
import { verifyPassword } from "./password.ts";
import type { UserCredentials } from "./user.repository.ts";

/** Failed logins that lock an account, and for how long (the README's numbers). */
export const LOCKOUT = { lockAfterFailures: 10, lockMinutes: 10 } as const;

const MINUTE = 60_000;

/** What a successful check does to the failure count: clears it, or gives back only its own attempt. */
export type OnSuccess = "clear" | "release";

export type LockoutOutcome<Failure extends string> =
  | { status: "ok" }
  | { status: Failure }
  | { status: "locked"; until: string };

/**
 * One lockout for everything that proves who is logging in: the password and each second factor
 * count against the same 10 failures. The attempt is counted before the check runs, in a statement of
 * its own, so parallel guesses get at most 10 checks per lock window whatever each check costs.
 */
export class LoginLockout {
  readonly #r: AccountStores;
  readonly #database: Database;
  readonly #clock: Clock;

  constructor(database: Database, clock: Clock) {
    this.#database = database;
    this.#r = accountStores(database.db, clock);
    this.#clock = clock;
  }

  async attempt<Failure extends string>(
    userId: number,
    check: () => Promise<"ok" | Failure>,
    {
      onSuccess,
      failureAction,
    }: { onSuccess: OnSuccess; failureAction: "login-failed" | "second-factor-failed" },
  ): Promise<LockoutOutcome<Failure>> {
    const now = this.#clock.now();
    const lockUntil = new Date(now + LOCKOUT.lockMinutes * MINUTE).toISOString();
    const attempt = await this.#r.users.reserveLoginAttempt(userId, {
      now: new Date(now).toISOString(),
      lockAfter: LOCKOUT.lockAfterFailures,
      lockUntil,
    });
    if (attempt === undefined) {
      const current = await this.#r.users.findCredentials(userId);
      return { status: "locked", until: current?.lockedUntil ?? lockUntil };
    }
    const result = await check();
    if (result === "ok") {
      if (onSuccess === "clear") await this.#r.users.clearFailedLogins(userId);
      else await this.#r.users.releaseLoginAttempt(userId);
      return { status: "ok" };
    }
    const locked = attempt >= LOCKOUT.lockAfterFailures;
    await this.#database.transaction(async (trx) => {
      const r = accountStores(trx, this.#clock);
      await r.audit.record({
        actor: null,
        action: failureAction,
        subject: { user: userId },
        details: failureAction === "second-factor-failed" ? result : undefined,
      });
      if (locked)
        await r.audit.record({
          actor: null,
          action: "account-locked",
          subject: { user: userId },
          details: `until ${lockUntil}`,
        });
    });
    return locked ? { status: "locked", until: lockUntil } : { status: result };
  }

  /**
   * One password check under the lockout: the attempt is counted before the slow hash runs, so
   * parallel guesses get at most `lockAfterFailures` checks per lock window.
   */
  checkPassword(user: UserCredentials, password: string, onSuccess: OnSuccess = "clear") {
    return this.attempt(
      user.id,
      async () => ((await verifyPassword(user.passwordHash, password)) ? "ok" : "incorrect-password"),
      { onSuccess, failureAction: "login-failed" },
    );
  }
}
