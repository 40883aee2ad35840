import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Bids and indications of interest (issue 23): staff's rounds on a listing and every revision of
 * every buyer's bid (a revision is a new row, so each one is kept with its SHA-256 receipt).
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable("bid_rounds")
    .addColumn("id", "integer", id)
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("opensAt", "text", (c) => c.notNull())
    .addColumn("deadline", "text", (c) => c.notNull())
    .addColumn("timeZone", "text", (c) => c.notNull())
    .addColumn("minimum", "double precision")
    .addColumn("requiredDocuments", "text")
    .addColumn("winnerBidId", "integer")
    .addColumn("unsealedAt", "text")
    .addColumn("unsealedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("openedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bid_rounds_listing").on("bid_rounds").columns(["ListingId", "id"]).execute();
  await db.schema
    .createTable("bids")
    .addColumn("id", "integer", id)
    .addColumn("roundId", "integer", (c) => c.notNull().references("bid_rounds.id").onDelete("cascade"))
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("bidderId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("amount", "double precision", (c) => c.notNull())
    .addColumn("effectiveDate", "text", (c) => c.notNull())
    .addColumn("conditions", "text", (c) => c.notNull())
    // The Secure Files attached, as JSON [{ id, name, size }] at the time of the bid.
    .addColumn("attachments", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("submittedAt", "text", (c) => c.notNull())
    .execute();
  // Two revisions racing each other cannot both take the same number.
  await db.schema
    .createIndex("bids_round_bidder_revision")
    .on("bids")
    .columns(["roundId", "bidderId", "revision"])
    .unique()
    .execute();
  await db.schema.createIndex("bids_listing").on("bids").columns(["ListingId"]).execute();
}
