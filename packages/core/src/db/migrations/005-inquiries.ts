import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Contact messages, seller inquiries and chat messages (spec §3 Forms, §7): each is mailed to staff and
 * kept here too, so nothing a visitor sent is lost when mail delivery fails.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("inquiries")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("appName", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("delivery", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("inquiries_created").on("inquiries").columns(["kind", "createdAt"]).execute();
}
