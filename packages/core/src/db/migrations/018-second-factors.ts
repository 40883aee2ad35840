import type { Kysely } from "kysely";

/**
 * Second factors (issue 20, decision 024).
 *
 * `sessions.secondFactorAt`: when a second factor was last checked in this session (null: never).
 * `totp_authenticators`: one authenticator app per account; `secret` is sealed (encrypted when
 * MFA_SECRET_KEY is set), `confirmedAt` null while enrolment waits for its first code, and
 * `lastUsedStep` the 30-second step of the last accepted code, so a code works once.
 * `recovery_codes`: SHA-256 of each code (high-entropy, so a fast hash is enough), used once.
 * `pending_logins`: a correct password waiting for its second factor; not a session.
 * `known_browsers`: hashes of the long-lived browser cookie an account has logged in from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("secondFactorAt", "text").execute();

  await db.schema
    .createTable("totp_authenticators")
    .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("confirmedAt", "text")
    .addColumn("lastUsedStep", "integer")
    .execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("codeHash", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("usedAt", "text")
    .addPrimaryKeyConstraint("recovery_codes_pk", ["userId", "codeHash"])
    .execute();

  await db.schema
    .createTable("pending_logins")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("remember", "integer", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pending_logins_user").on("pending_logins").column("userId").execute();

  await db.schema
    .createTable("known_browsers")
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("browserHash", "text", (c) => c.notNull())
    .addColumn("firstSeenAt", "text", (c) => c.notNull())
    .addColumn("lastSeenAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("known_browsers_pk", ["userId", "browserHash"])
    .execute();
}
