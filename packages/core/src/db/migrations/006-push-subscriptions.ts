import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Browsers that asked to hear about new deals (Web Push). The endpoint is the push service's address
 * for one browser, so it is unique; p256dh and auth are that browser's keys for encrypting a message.
 * A subscription may belong to a signed-in user, and outlives the account (set to null on delete).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
}
