import type { Kysely } from "kysely";
import type { DatabaseSchema, SessionRow } from "../db/schema.ts";

export class SessionRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insert(session: SessionRow): Promise<void> {
    await this.#db.insertInto("sessions").values(session).execute();
  }

  async find(tokenHash: string): Promise<SessionRow | undefined> {
    return this.#db.selectFrom("sessions").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
  }

  async touch(tokenHash: string, lastSeenAt: string): Promise<void> {
    await this.#db.updateTable("sessions").set({ lastSeenAt }).where("tokenHash", "=", tokenHash).execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.#db.deleteFrom("sessions").where("tokenHash", "=", tokenHash).execute();
  }

  async deleteAllForUser(userId: number): Promise<void> {
    await this.#db.deleteFrom("sessions").where("userId", "=", userId).execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.#db.deleteFrom("sessions").where("expiresAt", "<", now).execute();
  }
}
