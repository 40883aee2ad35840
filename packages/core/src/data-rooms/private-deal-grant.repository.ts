import type { Executor } from "../db/database.ts";

export interface PrivateDealGrant {
  userId: number;
  ListingId: number;
  grantedBy: number | null;
  grantedAt: string;
}

/** Which buyer may see which private listing (staff grant and revoke them). */
export class PrivateDealGrantRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** True when the grant is new (granting twice changes nothing). */
  async grant(grant: PrivateDealGrant): Promise<boolean> {
    const result = await this.#db
      .insertInto("private_deal_grants")
      .values(grant)
      .onConflict((oc) => oc.columns(["userId", "ListingId"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** True when there was a grant to revoke. */
  async revoke(userId: number, listingId: number): Promise<boolean> {
    const result = await this.#db
      .deleteFrom("private_deal_grants")
      .where("userId", "=", userId)
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  forListing(listingId: number): Promise<PrivateDealGrant[]> {
    return this.#db
      .selectFrom("private_deal_grants")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("grantedAt")
      .execute();
  }
}
