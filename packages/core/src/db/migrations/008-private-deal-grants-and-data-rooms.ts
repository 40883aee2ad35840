import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./index.ts";

/**
 * Who may see which private deal and enter which data room, the confidentiality agreements buyers
 * signed, and the data-room audit trail (docs/decisions/017).
 *
 * `users.hasPrivateDeals` gives way to per-listing grants: a buyer who had the flag is granted every
 * private listing that exists, so nobody loses a deal they could see before.
 */
export async function up(db: Kysely<unknown>, { engine }: MigrationContext): Promise<void> {
  const id = (table: ReturnType<Kysely<unknown>["schema"]["createTable"]>) =>
    table.addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );

  await db.schema
    .createTable("private_deal_grants")
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("grantedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("grantedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("private_deal_grants_pk", ["userId", "ListingId"])
    .execute();

  await db.schema
    .createTable("data_room_grants")
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    // How the buyer got in: "code" (typed the access code), "staff" (granted by staff), "request" (approved request).
    .addColumn("via", "text", (c) => c.notNull())
    .addColumn("grantedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("grantedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("data_room_grants_pk", ["userId", "ListingId"])
    .execute();

  await id(db.schema.createTable("signed_agreements"))
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("signerName", "text", (c) => c.notNull())
    .addColumn("signerEmail", "text", (c) => c.notNull())
    .addColumn("company", "text", (c) => c.notNull())
    .addColumn("signedAt", "text", (c) => c.notNull())
    .addColumn("ipAddress", "text", (c) => c.notNull())
    .addColumn("userAgent", "text", (c) => c.notNull())
    .addColumn("agreementSha256", "text", (c) => c.notNull())
    // The signed PDF in storage.
    .addColumn("storageKey", "text", (c) => c.notNull())
    .addUniqueConstraint("signed_agreements_once", ["userId", "ListingId"])
    .execute();

  await id(db.schema.createTable("data_room_events"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("ListingId", "integer", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("fileId", "integer")
    .addColumn("folderId", "integer")
    .addColumn("ipAddress", "text")
    // JSON text: what the event needs besides the columns (a file's name, a watermark id, a new name).
    .addColumn("detail", "text")
    .execute();
  await db.schema
    .createIndex("data_room_events_by_listing")
    .on("data_room_events")
    .columns(["ListingId", "at"])
    .execute();

  await sql`insert into private_deal_grants ("userId", "ListingId", "grantedAt")
    select u.id, l."ListingId", ${new Date().toISOString()}
    from users u cross join listings l
    where u."hasPrivateDeals" = 1 and l."isPrivate" = 1`.execute(db);
  await db.schema.alterTable("users").dropColumn("hasPrivateDeals").execute();
}
