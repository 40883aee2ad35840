import type { Kysely } from "kysely";

/**
 * The quarter-hour engagement recount counts only the rooms whose trail changed since the last one
 * (docs/decisions/043): it keeps when it last counted, when it last counted every room, and what it
 * counted with (staff's ids, the score's parts), and finds a room's new events by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("engagement_recounts")
    // One row (id 1): the last quarter-hour recount.
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("countedAt", "text", (c) => c.notNull())
    .addColumn("fullAt", "text", (c) => c.notNull())
    // JSON: the staff ids left out and the parts' weights and caps; a change recounts every room.
    .addColumn("basis", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("data_room_events_by_time").on("data_room_events").column("at").execute();
}
