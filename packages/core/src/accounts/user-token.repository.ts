import type { Kysely } from "kysely";
import type { DatabaseSchema, UserTokenRow } from "../db/schema.ts";

/** Single-use, expiring tokens mailed to users (email verification, password reset). */
export class UserTokenRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insert(token: Omit<UserTokenRow, "usedAt">): Promise<void> {
    await this.#db
      .insertInto("user_tokens")
      .values({ ...token, usedAt: null })
      .execute();
  }

  /**
   * Marks a live token used and returns its user; undefined when unknown, expired, already used or
   * of another purpose. The conditional update makes a double click count once.
   */
  async consume(
    tokenHash: string,
    purpose: UserTokenRow["purpose"],
    now: string,
  ): Promise<number | undefined> {
    const row = await this.#db
      .updateTable("user_tokens")
      .set({ usedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("purpose", "=", purpose)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", now)
      .returning("userId")
      .executeTakeFirst();
    return row?.userId;
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
