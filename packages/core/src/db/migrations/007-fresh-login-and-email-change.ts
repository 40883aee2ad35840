import type { Kysely } from "kysely";

/**
 * `sessions.authenticatedAt`: when the password was last proved for this session (at login). A
 * password or email change without the current password needs it to be recent. Sessions that did not
 * start from a password (a password change's replacement session keeps the old one's time; sessions
 * from before this migration have none) never count as a fresh login.
 *
 * `user_tokens.newEmail`: the address an `email-change` link moves the account to once followed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("authenticatedAt", "text").execute();
  await db.schema.alterTable("user_tokens").addColumn("newEmail", "text").execute();
}
