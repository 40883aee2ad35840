import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The data rooms' folders and files, buyers' private notes on files, and the secure files buyers and
 * sellers drop for the firm (docs/decisions/017). The bytes live in the storage interface under
 * generated keys; these tables hold names, places and facts.
 *
 * A name is unique within its folder (a unique index, so two staff uploading the same name at once
 * cannot both take it: the loser retries with " (2)"). SQLite and PostgreSQL both treat NULLs as
 * distinct in a unique index, so files at a room's top level use folderId 0 rather than NULL.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = (table: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    table.addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );

  await id(db.schema.createTable("data_room_folders"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    // 0 for a folder at the room's top level (see above).
    .addColumn("parentId", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("data_room_folders_unique_name")
    .on("data_room_folders")
    .columns(["ListingId", "parentId", "name"])
    .unique()
    .execute();

  await id(db.schema.createTable("data_room_files"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("folderId", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("contentType", "text", (c) => c.notNull())
    .addColumn("storageKey", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("uploadedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("data_room_files_unique_name")
    .on("data_room_files")
    .columns(["ListingId", "folderId", "name"])
    .unique()
    .execute();

  await id(db.schema.createTable("data_room_file_notes"))
    .addColumn("fileId", "integer", (c) => c.notNull().references("data_room_files.id").onDelete("cascade"))
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("data_room_file_notes_one_per_user", ["fileId", "userId"])
    .execute();

  await id(db.schema.createTable("secure_files"))
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("contentType", "text", (c) => c.notNull())
    .addColumn("storageKey", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("secure_files_by_user").on("secure_files").columns(["userId"]).execute();
}
