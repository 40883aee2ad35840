import type { Executor } from "../db/database.ts";

/** The copy of one mail the site sent (or, without SMTP, keeps for staff to read). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  /** "smtp" (handed to the SMTP server) or "outbox" (kept here for staff to read). */
  delivery: string;
  /** Why sending failed, when it did. */
  error: string | null;
}

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
