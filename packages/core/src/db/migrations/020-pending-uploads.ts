import type { Kysely } from "kysely";

/**
 * `pending_uploads`: each unfinished Secure Files upload of a buyer and the size it declared, so a
 * buyer's open uploads and reserved bytes are capped before any byte is stored (issue 20 item 14).
 * A row goes when its upload is filed, refused or cancelled; one older than the part files' 24-hour
 * expiry no longer counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pending_uploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pending_uploads_user")
    .on("pending_uploads")
    .columns(["userId", "createdAt"])
    .execute();
}
