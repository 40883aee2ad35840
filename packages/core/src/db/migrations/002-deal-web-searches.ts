import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("deal_web_searches")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("searchText", "text", (c) => c.notNull())
    .addColumn("userId", "integer")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
}
