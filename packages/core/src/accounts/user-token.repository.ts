import type { Executor } from "../db/database.ts";
import type { UserTokenRow } from "../db/schema.ts";

/** Single-use, expiring tokens mailed to users (email verification, password reset, email change). */
export class UserTokenRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(token: Omit<UserTokenRow, "usedAt" | "newEmail"> & { newEmail?: string }): Promise<void> {
    await this.#db
      .insertInto("user_tokens")
      .values({ ...token, newEmail: token.newEmail ?? null, usedAt: null })
      .execute();
  }

  /**
   * Marks a live token used and returns its user (and, for an email change, the new address);
   * undefined when unknown, expired, already used or of another purpose. The conditional update makes
   * a double click count once.
   */
  async consume(
    tokenHash: string,
    purpose: UserTokenRow["purpose"],
    now: string,
  ): Promise<{ userId: number; newEmail: string | null } | undefined> {
    const row = await this.#db
      .updateTable("user_tokens")
      .set({ usedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", now)
      .returning(["userId", "newEmail"])
      .executeTakeFirst();
    return row ? { userId: row.userId, newEmail: row.newEmail } : undefined;
  }

  /**
   * What a live token is for, without using it: opening a mailed link only reads it, so a mail
   * scanner that follows every link changes nothing. Undefined when unknown, expired or used.
   */
  async findLive(
    tokenHash: string,
    now: string,
  ): Promise<{ purpose: UserTokenRow["purpose"]; userId: number; newEmail: string | null } | undefined> {
    const row = await this.#db
      .selectFrom("user_tokens")
      .select(["purpose", "userId", "newEmail"])
      .where("tokenHash", "=", tokenHash)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", now)
      .executeTakeFirst();
    return row ? { purpose: row.purpose, userId: row.userId, newEmail: row.newEmail } : undefined;
  }

  /** A newer link replaces older ones of the same purpose. */
  async revokeAll(userId: number, purpose: UserTokenRow["purpose"], now: string): Promise<void> {
    await this.#db
      .updateTable("user_tokens")
      .set({ usedAt: now })
      .where("userId", "=", userId)
      .where("purpose", "=", purpose)
      .where("usedAt", "is", null)
      .execute();
  }
}
