import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Q&A per data room (issue 23): buyers' questions with staff's answers, each listing's optional
 * limits (questions per buyer, a deadline), and the buyers who unsubscribed from Q&A mail.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable("data_room_questions")
    .addColumn("id", "integer", id)
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("askerId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("priority", "text", (c) => c.notNull())
    // A file of the room the question is about; the question stays when the file is deleted.
    .addColumn("fileId", "integer")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("answer", "text")
    .addColumn("answeredBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("answeredAt", "text")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("publishedAt", "text")
    .addColumn("askedAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("data_room_questions_listing")
    .on("data_room_questions")
    .columns(["ListingId", "status"])
    .execute();
  await db.schema
    .createIndex("data_room_questions_asker")
    .on("data_room_questions")
    .columns(["askerId", "ListingId"])
    .execute();
  await db.schema
    .createTable("data_room_question_limits")
    .addColumn("ListingId", "integer", (c) => c.primaryKey())
    .addColumn("maxPerBuyer", "integer")
    .addColumn("deadline", "text")
    .addColumn("updatedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("data_room_question_mail_optouts")
    .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
}
