import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Buyer engagement (issue 23 item 4, docs/decisions/043): each buyer's score per listing as the
 * background recomputation last stored it, the one hot-lead threshold staff set, and the Mgmt Dash's
 * hot-lead figure turned from a typed-in count into an optional override of the counted one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_room_engagement")
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("score", "double precision", (c) => c.notNull())
    .addColumn("scoreWeekAgo", "double precision", (c) => c.notNull())
    // The count of each part of the score, as JSON (a part added later needs no migration).
    .addColumn("counts", "text", (c) => c.notNull())
    .addColumn("lastEventAt", "text", (c) => c.notNull())
    .addColumn("computedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("data_room_engagement_pk", ["ListingId", "userId"])
    .execute();
  await db.schema
    .createIndex("data_room_engagement_score")
    .on("data_room_engagement")
    .columns(["ListingId", "score"])
    .execute();
  // The recomputation reads each room's events by buyer in time order, straight from this index.
  await db.schema
    .createIndex("data_room_events_by_buyer")
    .on("data_room_events")
    .columns(["ListingId", "userId", "at"])
    .execute();
  await db.schema
    .createTable("engagement_settings")
    // One row (id 1): the threshold applies to every listing.
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("hotLeadThreshold", "integer", (c) => c.notNull())
    .addColumn("updatedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("deal_statistics").addColumn("hotLeadOverride", "integer").execute();
  // A figure typed in before the change stays what the Mgmt Dash shows, now marked as set by hand.
  await sql`update deal_statistics set "hotLeadOverride" = "hotLeadCount" where "hotLeadCount" <> 0`.execute(
    db,
  );
  await db.schema.alterTable("deal_statistics").dropColumn("hotLeadCount").execute();
}
