import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Saved analysis queries (issue 22, spec §3 and §7): a query is the analysis page's state under a
 * QueryUUID (shared by link among staff); a user files queries in their directories under a name.
 * A query sits in at most one directory, and names are unique within their directory, so two staff
 * saving at once cannot both win (the database refuses the second, whatever the timing).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable("analysis_queries")
    .addColumn("queryUUID", "text", (c) => c.primaryKey())
    .addColumn("createdBy", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // JSON `{filters, customChart}`; null while the QueryUUID is handed out but nothing saved under it.
    .addColumn("request", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("request_directories")
    .addColumn("id", "integer", id)
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("request_directories_name", ["userId", "name"])
    .execute();
  await db.schema
    .createTable("saved_requests")
    .addColumn("id", "integer", id)
    .addColumn("directoryId", "integer", (c) =>
      c.notNull().references("request_directories.id").onDelete("cascade"),
    )
    .addColumn("queryUUID", "text", (c) =>
      c.notNull().unique().references("analysis_queries.queryUUID").onDelete("cascade"),
    )
    .addColumn("requestName", "text", (c) => c.notNull())
    .addColumn("createTime", "text", (c) => c.notNull())
    .addUniqueConstraint("saved_requests_name", ["directoryId", "requestName"])
    .execute();
}
