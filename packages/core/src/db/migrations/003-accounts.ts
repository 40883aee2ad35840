import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const identity = engine === "postgres" ? "identity" : "autoIncrement";
  const profileColumns = [
    "companyName",
    "title",
    "contactPhone",
    "userRequestedAddress",
    "userRequestedCity",
    "userRequestedState",
    "userRequestedZip",
    "companyLocationAddress",
    "companyLocationCity",
    "companyLocationState",
    "companyLocationZip",
    "lockedUntil",
    "lastLoginAt",
    "passwordChangedAt",
  ];
  for (const column of profileColumns) {
    await db.schema.alterTable("users").addColumn(column, "text").execute();
  }
  await db.schema
    .alterTable("users")
    .addColumn("failedLogins", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("remember", "integer", (c) => c.notNull())
    .addColumn("impersonatorId", "integer")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("lastSeenAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("userId").execute();

  await db.schema
    .createTable("user_tokens")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("usedAt", "text")
    .execute();

  await db.schema
    .createTable("user_interests")
    .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("interests", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("liked_listings")
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("liked_listings_pk", ["userId", "ListingId"])
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "integer", (c) =>
      identity === "autoIncrement"
        ? c.primaryKey().autoIncrement()
        : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("delivery", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", (c) =>
      identity === "autoIncrement"
        ? c.primaryKey().autoIncrement()
        : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("userId", "integer")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .execute();
}
