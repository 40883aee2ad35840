import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";

export type InquiryKind = "contact" | "seller" | "chat";

export interface Inquiry {
  id: number;
  kind: InquiryKind;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** Every field the visitor sent. */
  fields: Record<string, string>;
  appName: string | null;
  createdAt: string;
  delivery: "sent" | "failed";
  error: string | null;
}

export type NewInquiry = Omit<Inquiry, "id">;

/** The stored copy of every contact message, seller inquiry and chat message. */
export class InquiryRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async add(inquiry: NewInquiry): Promise<void> {
    await this.#db
      .insertInto("inquiries")
      .values({ ...inquiry, fields: JSON.stringify(inquiry.fields) })
      .execute();
  }

  /** The newest first; of one kind when given. */
  async recent(limit = 100, kind?: InquiryKind): Promise<Inquiry[]> {
    let query = this.#db.selectFrom("inquiries").selectAll().orderBy("id", "desc").limit(limit);
    if (kind) query = query.where("kind", "=", kind);
    const rows = await query.execute();
    return rows.map((row) => ({
      ...row,
      kind: row.kind as InquiryKind,
      delivery: row.delivery as Inquiry["delivery"],
      fields: JSON.parse(row.fields) as Record<string, string>,
    }));
  }
}
