import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Search inside the data rooms (issue 23 item 3, docs/decisions/042): the text of each file's pages,
 * indexed by the engine's own full-text search — an FTS5 table on SQLite, a `tsvector` with a GIN
 * index on PostgreSQL — and, per file, whether its text was read yet (files without a row are read
 * by a background job). Both tables follow their file: deleting it from the room deletes its text
 * and, through the triggers on SQLite and the generated column on PostgreSQL, its index entries.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("data_room_file_texts")
    .addColumn("fileId", "integer", (c) =>
      c.primaryKey().references("data_room_files.id").onDelete("cascade"),
    )
    // "indexed", "no-text" (a scan or an empty file) or "failed" (unreadable: damaged, too large).
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("pages", "integer", (c) => c.notNull())
    .addColumn("readAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("data_room_file_pages")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("fileId", "integer", (c) => c.notNull().references("data_room_files.id").onDelete("cascade"))
    // The file's room, so a search filters by room without a join (a file never changes rooms).
    .addColumn("ListingId", "integer", (c) => c.notNull())
    // 1-based; a text file is one page.
    .addColumn("page", "integer", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("data_room_file_pages_file")
    .on("data_room_file_pages")
    .columns(["fileId"])
    .execute();

  if (engine === "postgres") {
    await sql`alter table data_room_file_pages add column words tsvector generated always as (to_tsvector('english', body)) stored`.execute(
      db,
    );
    await sql`create index data_room_file_pages_words on data_room_file_pages using gin (words)`.execute(db);
    await db.schema
      .createIndex("data_room_file_pages_listing")
      .on("data_room_file_pages")
      .columns(["ListingId"])
      .execute();
    return;
  }
  // External content: the text is stored once (in data_room_file_pages); the triggers keep the index
  // in step, including deletes cascading from data_room_files (SQLite fires triggers for those).
  await sql`create virtual table data_room_page_search using fts5(body, content='data_room_file_pages', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`create trigger data_room_file_pages_indexed after insert on data_room_file_pages begin
    insert into data_room_page_search(rowid, body) values (new.id, new.body);
  end`.execute(db);
  await sql`create trigger data_room_file_pages_unindexed after delete on data_room_file_pages begin
    insert into data_room_page_search(data_room_page_search, rowid, body) values ('delete', old.id, old.body);
  end`.execute(db);
}
