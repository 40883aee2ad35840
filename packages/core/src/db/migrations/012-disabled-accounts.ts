import type { Kysely } from "kysely";

/**
 * `users.disabledAt`: when staff disabled the account (null: it may log in). A disabled account
 * cannot log in and has no sessions; re-enabling clears it.
 *
 * `audit_log.actorId`: who made a change when it was not the account's owner (staff editing a user,
 * an admin starting to view the site as a buyer); null for the owner's own actions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("disabledAt", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("actorId", "integer").execute();
  await db.schema.createIndex("audit_log_user").on("audit_log").columns(["userId", "id"]).execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actorId", "id"]).execute();
}
