import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Content of the marketing site (spec §3): one generic table for the items of every collection, their
 * fields as JSON text (the collections are small and read whole), and the files they point at.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable("content_items")
    .addColumn("collection", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("sort", "integer")
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_items_pk", ["collection", "id"])
    .execute();

  await db.schema
    .createTable("content_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("filesize", "integer", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("storagePath", "text", (c) => c.notNull())
    .addColumn("focalPointX", "integer")
    .addColumn("focalPointY", "integer")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
}
