import { EMPTY_INTERESTS, type Interests, interestsSchema } from "@aea/domain";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";

/** A buyer's interests and liked deals. */
export class BuyerPreferencesRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async interests(userId: number): Promise<Interests> {
    const row = await this.#db
      .selectFrom("user_interests")
      .select("interests")
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (!row) return EMPTY_INTERESTS;
    // Stored JSON was validated on the way in; parsing again fills flags added since.
    return interestsSchema.parse(JSON.parse(row.interests));
  }

  async saveInterests(userId: number, interests: Interests): Promise<void> {
    const values = { userId, interests: JSON.stringify(interests), updatedAt: new Date().toISOString() };
    await this.#db
      .insertInto("user_interests")
      .values(values)
      .onConflict((oc) =>
        oc.column("userId").doUpdateSet({ interests: values.interests, updatedAt: values.updatedAt }),
      )
      .execute();
    recordChange(this.#db, { dataset: "participants", ids: [userId] });
  }

  async likedListingIds(userId: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("liked_listings")
      .select("ListingId")
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .execute();
    return rows.map((r) => r.ListingId);
  }

  async setLiked(userId: number, listingId: number, liked: boolean): Promise<void> {
    if (liked) {
      await this.#db
        .insertInto("liked_listings")
        .values({ userId, ListingId: listingId, createdAt: new Date().toISOString() })
        .onConflict((oc) => oc.columns(["userId", "ListingId"]).doNothing())
        .execute();
    } else {
      await this.#db
        .deleteFrom("liked_listings")
        .where("userId", "=", userId)
        .where("ListingId", "=", listingId)
        .execute();
    }
    recordChange(this.#db, { dataset: "participants", ids: [userId] });
  }
}
