import type { Kysely } from "kysely";

/**
 * "View as" (decision 018, issue 20):
 *
 * `sessions.staffSessionHash`: for an impersonation session, the admin's own session it was started
 * from. The impersonation lives only as long as that session does, so logging out, ending every
 * session or changing the password ends "view as" too.
 *
 * `audit_log.impersonatorId` and `data_room_events.impersonatorId`: the admin who was viewing the
 * site as the account when the entry was made (null otherwise), so the trail names the staff member
 * instead of blaming the buyer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("staffSessionHash", "text").execute();
  await db.schema.createIndex("sessions_staff_session").on("sessions").column("staffSessionHash").execute();
  await db.schema.createIndex("sessions_impersonator").on("sessions").column("impersonatorId").execute();
  await db.schema.alterTable("audit_log").addColumn("impersonatorId", "integer").execute();
  await db.schema.alterTable("data_room_events").addColumn("impersonatorId", "integer").execute();
  // The staff's user page lists what an admin did while viewing as someone.
  await db.schema
    .createIndex("audit_log_impersonator")
    .on("audit_log")
    .columns(["impersonatorId", "id"])
    .execute();
  await db.schema
    .createIndex("data_room_events_impersonator")
    .on("data_room_events")
    .columns(["impersonatorId", "id"])
    .execute();
}
