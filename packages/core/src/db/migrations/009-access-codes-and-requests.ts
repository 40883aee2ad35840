import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * A listing's data-room settings (its access code and exclusive-deal contact), the counters that
 * limit wrong access codes, and buyers' requests for a code (docs/decisions/017).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  await db.schema
    .createTable("data_room_settings")
    .addColumn("ListingId", "integer", (c) =>
      c.primaryKey().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("accessCode", "text", (c) => c.notNull())
    // The spec's exclusive-deal contact: a named person, two phones and an email (all null: none).
    .addColumn("exclusiveContactName", "text")
    .addColumn("exclusiveContactPhone", "text")
    .addColumn("exclusiveContactPhone2", "text")
    .addColumn("exclusiveContactEmail", "text")
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  // One row per counted scope ("user:{id}" or "listing:{id}"): attempts in the window that began at
  // windowStart, and the end of the lock the last allowed attempt started.
  await db.schema
    .createTable("access_code_attempts")
    .addColumn("scope", "text", (c) => c.primaryKey())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("windowStart", "text", (c) => c.notNull())
    .addColumn("lockedUntil", "text")
    .execute();

  await db.schema
    .createTable("access_requests")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("message", "text")
    .addColumn("requestedAt", "text", (c) => c.notNull())
    // pending | approved | declined
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("answeredBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("answeredAt", "text")
    .execute();
  // A buyer has at most one open request per listing, even when two arrive at once.
  await db.schema
    .createIndex("access_requests_one_pending")
    .on("access_requests")
    .columns(["userId", "ListingId"])
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();

  // Listings that already have a data room get the default code; new ones get it on first use.
  await sql`insert into data_room_settings ("ListingId", "accessCode", "updatedAt")
    select "ListingId", 'DD-' || cast("ListingId" as text), ${new Date().toISOString()}
    from listings where "hasVDR" = 1`.execute(db);
}
