import type { Kysely } from "kysely";

/**
 * `users.passwordResetRequestedAt`: when staff marked the account's password for reset (null: the
 * password stands). The older login answers `isValidPassword` 'N' for such an account and the site
 * asks its holder to choose a new password; setting one clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("passwordResetRequestedAt", "text").execute();
}
