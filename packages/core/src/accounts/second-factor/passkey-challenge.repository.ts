import type { Executor } from "../../db/database.ts";
import type { PasskeyChallengeRow } from "../../db/schema.ts";

/** The challenges of passkey ceremonies in progress, shared by every instance through the database. */
export class PasskeyChallengeRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(challenge: PasskeyChallengeRow): Promise<void> {
    await this.#db.insertInto("passkey_challenges").values(challenge).execute();
  }

  /**
   * Deletes the challenge and answers whether it was live and issued for this purpose, account and
   * browser token. The delete comes first, so a replay (or two racing answers) finds nothing.
   */
  async consume(
    challenge: string,
    expected: Omit<PasskeyChallengeRow, "challenge" | "expiresAt">,
    now: string,
  ): Promise<boolean> {
    const row = await this.#db
      .deleteFrom("passkey_challenges")
      .where("challenge", "=", challenge)
      .returningAll()
      .executeTakeFirst();
    return (
      row !== undefined &&
      row.expiresAt > now &&
      row.purpose === expected.purpose &&
      Number(row.userId) === expected.userId &&
      row.boundTo === expected.boundTo
    );
  }

  async deleteExpired(now: string): Promise<void> {
    await this.#db.deleteFrom("passkey_challenges").where("expiresAt", "<=", now).execute();
  }
}
