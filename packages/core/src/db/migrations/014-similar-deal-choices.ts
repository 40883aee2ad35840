import type { Kysely } from "kysely";

/**
 * Staff's choices for a deal's similar deals (admin Similar Deals): a suggestion is pinned (shown
 * first, in `position` order) or hidden (never shown). No row means the ranking decides. Choices go
 * with either listing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("similar_deal_choices")
    .addColumn("ListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("similarListingId", "integer", (c) =>
      c.notNull().references("listings.ListingId").onDelete("cascade"),
    )
    .addColumn("choice", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("updatedBy", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("similar_deal_choices_pk", ["ListingId", "similarListingId"])
    .execute();
}
