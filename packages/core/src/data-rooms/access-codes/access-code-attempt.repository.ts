import type { Executor } from "../../db/database.ts";

export interface AttemptLimits {
  now: string;
  /** Attempts counted since a window that began at or before this are forgotten. */
  windowStartedBefore: string;
  /** The attempt that locks the scope, and until when; without it the scope is only counted. */
  lock?: { after: number; until: string };
}

/**
 * Counts access-code attempts per scope ("user:{id}", "listing:{id}", "user:{id}:listing:{id}") before the code is compared,
 * in one upsert, so parallel guesses cannot all pass a limit none of them has counted yet (as the
 * login lockout does in user.repository.ts). A right code gives its attempt back (release).
 */
export class AccessCodeAttemptRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /**
   * The attempt's number in the current window (the `lock.after`-th also locks the scope until
   * `lock.until`), or undefined when the scope is locked at `now`.
   */
  async reserve(scope: string, limits: AttemptLimits): Promise<number | undefined> {
    const { now, windowStartedBefore, lock } = limits;
    const row = await this.#db
      .insertInto("access_code_attempts")
      .values({
        scope,
        attempts: 1,
        windowStart: now,
        lockedUntil: lock && lock.after <= 1 ? lock.until : null,
      })
      .onConflict((oc) =>
        oc
          .column("scope")
          .doUpdateSet((eb) => {
            // The window is over, or the lock it ended in has: counting starts again.
            const fresh = eb.or([
              eb("access_code_attempts.windowStart", "<=", windowStartedBefore),
              eb("access_code_attempts.lockedUntil", "is not", null),
            ]);
            const attempts = eb
              .case()
              .when(fresh)
              .then(1)
              .else(eb("access_code_attempts.attempts", "+", 1))
              .end();
            return {
              attempts,
              windowStart: eb
                .case()
                .when(fresh)
                .then(now)
                .else(eb.ref("access_code_attempts.windowStart"))
                .end(),
              lockedUntil: lock
                ? eb.case().when(attempts, ">=", lock.after).then(lock.until).else(null).end()
                : null,
            };
          })
          .where((eb) =>
            eb.or([
              eb("access_code_attempts.lockedUntil", "is", null),
              eb("access_code_attempts.lockedUntil", "<=", now),
            ]),
          ),
      )
      .returning("attempts")
      .executeTakeFirst();
    return row?.attempts;
  }

  /** A right code was not a failure: its attempt no longer counts (nor the lock it may have reached). */
  async release(scope: string, lockAfter?: number): Promise<void> {
    await this.#db
      .updateTable("access_code_attempts")
      .set((eb) => ({
        attempts: eb("attempts", "-", 1),
        lockedUntil:
          lockAfter === undefined
            ? null
            : eb
                .case()
                .when(eb("attempts", "-", 1), "<", lockAfter)
                .then(null)
                .else(eb.ref("lockedUntil"))
                .end(),
      }))
      .where("scope", "=", scope)
      .where("attempts", ">", 0)
      .execute();
  }
}
