import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * A listing staff sent to the buyers an analysis query found (issue 22 item 6): one row per buyer and
 * listing, sent by a background job. The unique pair is the promise that no buyer gets the same
 * listing twice this way, however many sends (or staff at once) choose them.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable("listing_sends")
    .addColumn("id", "integer", id)
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("sentBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("queryUUID", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("sentAt", "text")
    .addUniqueConstraint("listing_sends_once_per_buyer", ["ListingId", "userId"])
    .execute();
  await db.schema
    .createIndex("listing_sends_status")
    .on("listing_sends")
    .columns(["status", "ListingId"])
    .execute();
}
