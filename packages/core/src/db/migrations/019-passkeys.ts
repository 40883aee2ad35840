import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * `passkeys`: the WebAuthn credentials an account registered as a second factor. `credentialId` is
 * unique across all accounts: one authenticator's credential can never answer for two people.
 *
 * `passkey_challenges`: the random challenge of each registration or sign-in ceremony, kept in the
 * database (not in one process's memory) so any instance can finish a ceremony another began. A row
 * is bound to the account and to the browser's token that asked for it, lives a few minutes and is
 * deleted when used.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const identity = engine === "postgres" ? "identity" : "autoIncrement";
  await db.schema
    .createTable("passkeys")
    .addColumn("id", "integer", (c) =>
      identity === "autoIncrement"
        ? c.primaryKey().autoIncrement()
        : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("credentialId", "text", (c) => c.notNull().unique())
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("counter", "bigint", (c) => c.notNull())
    .addColumn("transports", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("lastUsedAt", "text")
    .execute();
  await db.schema.createIndex("passkeys_user").on("passkeys").column("userId").execute();

  await db.schema
    .createTable("passkey_challenges")
    .addColumn("challenge", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("boundTo", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("passkey_challenges_expiry")
    .on("passkey_challenges")
    .column("expiresAt")
    .execute();
}
