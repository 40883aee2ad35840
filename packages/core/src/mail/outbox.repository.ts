import type { Selectable } from "kysely";
import type { Executor } from "../db/database.ts";
import type { MailOutboxRow } from "../db/schema.ts";

/** The copy of one mail the site sent (or, without SMTP, keeps for staff to read), as stored. */
export type OutboxMessage = Selectable<MailOutboxRow>;

export type NewOutboxMessage = Omit<OutboxMessage, "id" | "error">;

/** The copies of sent mail kept for staff (/admin/outbox). */
export class OutboxRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Keeps a copy and returns its id. */
  async keep(message: NewOutboxMessage): Promise<number> {
    const row = await this.#db
      .insertInto("mail_outbox")
      .values({ ...message, error: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async recordFailure(id: number, error: string): Promise<void> {
    await this.#db.updateTable("mail_outbox").set({ error }).where("id", "=", id).execute();
  }

  /** The newest first. */
  async recent(limit: number): Promise<OutboxMessage[]> {
    const rows = await this.#db
      .selectFrom("mail_outbox")
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }
}
