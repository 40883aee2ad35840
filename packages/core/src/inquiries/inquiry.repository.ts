import type { Selectable } from "kysely";
import type { Executor } from "../db/database.ts";
import type { InquiryRow } from "../db/schema.ts";

export type InquiryKind = "contact" | "seller" | "chat";

/** A stored inquiry, with its kind and delivery named and the visitor's fields read from their JSON. */
export interface Inquiry extends Omit<Selectable<InquiryRow>, "kind" | "fields" | "delivery"> {
  kind: InquiryKind;
  /** Every field the visitor sent. */
  fields: Record<string, string>;
  delivery: "sent" | "failed";
}

export type NewInquiry = Omit<Inquiry, "id">;

/** The stored copy of every contact message, seller inquiry and chat message. */
export class InquiryRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Keeps an inquiry and returns its id. */
  async add(inquiry: NewInquiry): Promise<number> {
    const row = await this.#db
      .insertInto("inquiries")
      .values({ ...inquiry, fields: JSON.stringify(inquiry.fields) })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The mail to staff about this inquiry could not be sent. */
  async recordFailure(id: number, error: string): Promise<void> {
    await this.#db.updateTable("inquiries").set({ delivery: "failed", error }).where("id", "=", id).execute();
  }

  /** The newest first; of one kind when given. */
  async recent(limit = 100, kind?: InquiryKind): Promise<Inquiry[]> {
    let query = this.#db.selectFrom("inquiries").selectAll().orderBy("id", "desc").limit(limit);
    if (kind) query = query.where("kind", "=", kind);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind as InquiryKind,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      fields: JSON.parse(row.fields) as Record<string, string>,
      appName: row.appName,
      createdAt: row.createdAt,
      delivery: row.delivery as Inquiry["delivery"],
      error: row.error,
    }));
  }
}
