import type { Executor } from "../../db/database.ts";
import type { SessionRow } from "../../db/schema.ts";

/** A signed-in browser, known by the hash of its cookie's token. */
export type Session = Omit<SessionRow, "remember"> & { remember: boolean };

export class SessionRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(session: Session): Promise<void> {
    await this.#db
      .insertInto("sessions")
      .values({ ...session, remember: session.remember ? 1 : 0 })
      .execute();
  }

  async find(tokenHash: string): Promise<Session | undefined> {
    const row = await this.#db
      .selectFrom("sessions")
      .selectAll()
      .where("tokenHash", "=", tokenHash)
      .executeTakeFirst();
    return row ? toSession(row) : undefined;
  }

  /** Notes a second factor just checked in this session (a step-up, or the login itself). */
  async recordSecondFactor(tokenHash: string, at: string): Promise<void> {
    await this.#db
      .updateTable("sessions")
      .set({ secondFactorAt: at })
      .where("tokenHash", "=", tokenHash)
      .execute();
  }

  /** Notes the password just proved again in this session (a step-up without a second factor). */
  async recordPassword(tokenHash: string, at: string): Promise<void> {
    await this.#db
      .updateTable("sessions")
      .set({ authenticatedAt: at })
      .where("tokenHash", "=", tokenHash)
      .execute();
  }

  async touch(tokenHash: string, lastSeenAt: string): Promise<void> {
    await this.#db.updateTable("sessions").set({ lastSeenAt }).where("tokenHash", "=", tokenHash).execute();
  }

  /** Moves a session's end (never later than it was). */
  async expireBy(tokenHash: string, expiresAt: string): Promise<void> {
    await this.#db
      .updateTable("sessions")
      .set({ expiresAt })
      .where("tokenHash", "=", tokenHash)
      .where("expiresAt", ">", expiresAt)
      .execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.#db.deleteFrom("sessions").where("tokenHash", "=", tokenHash).execute();
  }

  /** Every session of the account, and every "view as" it started as staff. */
  async deleteAllForUser(userId: number): Promise<void> {
    await this.#db
      .deleteFrom("sessions")
      .where((eb) => eb.or([eb("userId", "=", userId), eb("impersonatorId", "=", userId)]))
      .execute();
  }

  /** Every "view as" the admin started (when they lose the admin role). */
  async deleteStartedBy(impersonatorId: number): Promise<void> {
    await this.#db.deleteFrom("sessions").where("impersonatorId", "=", impersonatorId).execute();
  }

  /** A session and every "view as" started from it (logging out ends both). */
  async deleteWithViews(tokenHash: string): Promise<void> {
    await this.#db
      .deleteFrom("sessions")
      .where((eb) => eb.or([eb("tokenHash", "=", tokenHash), eb("staffSessionHash", "=", tokenHash)]))
      .execute();
  }

  /** The account's sessions, newest first (for staff). */
  async forUser(userId: number): Promise<Session[]> {
    const rows = await this.#db
      .selectFrom("sessions")
      .selectAll()
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .execute();
    return rows.map(toSession);
  }

  async deleteExpired(now: string): Promise<void> {
    await this.#db.deleteFrom("sessions").where("expiresAt", "<", now).execute();
  }
}

function toSession(row: SessionRow): Session {
  return {
    tokenHash: row.tokenHash,
    userId: Number(row.userId),
    remember: Boolean(row.remember),
    impersonatorId: row.impersonatorId === null ? null : Number(row.impersonatorId),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    authenticatedAt: row.authenticatedAt,
    staffSessionHash: row.staffSessionHash,
    secondFactorAt: row.secondFactorAt,
  };
}
