import type { Kysely } from "kysely";

/**
 * One audit API (decision 028, issue 21): account entries now keep the address a change came from,
 * as data-room events always did, and the listing a staff change was made to (listing edits,
 * similar deals), so a listing's history can be read back. Both are null on older entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("ipAddress", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("ListingId", "integer").execute();
  await db.schema.createIndex("audit_log_listing").on("audit_log").columns(["ListingId", "id"]).execute();
}
