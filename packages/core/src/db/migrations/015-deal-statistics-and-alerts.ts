import type { Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * The Mgmt Dash's deal statistics (hand-entered figures and daily web hits), background jobs, and
 * deal alerts: who wants them, each publication of a listing, and each mail (docs/decisions/021).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = (table: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    table.addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );

  await db.schema
    .createTable("deal_statistics")
    .addColumn("ListingId", "integer", (c) =>
      c.primaryKey().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("hotLeadCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("noCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("contactedCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("offersCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revenueRisk", "double precision")
    .addColumn("lastWhiteButtonDate", "text")
    .addColumn("loadCode", "text")
    .addColumn("updatedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updatedByName", "text")
    .addColumn("updatedAt", "text")
    .execute();

  // Deal-page views per listing and day (UTC): each server adds what it counted since its last flush.
  await db.schema
    .createTable("deal_web_hits")
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("deal_web_hits_pk", ["ListingId", "day"])
    .execute();

  await id(db.schema.createTable("jobs"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    // pending → running → done | failed; a running job whose lock ran out is taken again.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("runAt", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("maxAttempts", "integer", (c) => c.notNull())
    .addColumn("lockedUntil", "text")
    .addColumn("lastError", "text")
    // A job that must exist once (the digest of a given day): a second enqueue is a no-op.
    .addColumn("uniqueKey", "text", (c) => c.unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("finishedAt", "text")
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "runAt"]).execute();

  await db.schema
    .createTable("deal_alert_subscriptions")
    .addColumn("userId", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("frequency", "text", (c) => c.notNull())
    .addColumn("subscribedAt", "text", (c) => c.notNull())
    .execute();

  // One row per publication of a listing (published, or public again after being withdrawn).
  await id(db.schema.createTable("deal_alerts"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("publishedAt", "text", (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("deal_alert_deliveries"))
    .addColumn("alertId", "integer", (c) => c.notNull().references("deal_alerts.id").onDelete("cascade"))
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("frequency", "text", (c) => c.notNull())
    // pending (waiting for its mail or the digest) → sent | dropped (unsubscribed or deal gone meanwhile).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("sentAt", "text")
    .addUniqueConstraint("deal_alert_deliveries_once", ["alertId", "userId"])
    .execute();
  await db.schema
    .createIndex("deal_alert_deliveries_by_status")
    .on("deal_alert_deliveries")
    .columns(["status", "frequency", "userId"])
    .execute();

  // Keys the site signs with (the deal-alert unsubscribe links), made once and shared by every server.
  await db.schema
    .createTable("site_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}
