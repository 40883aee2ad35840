import type { Executor } from "../db/database.ts";

/** How a buyer got into a data room. */
export type DataRoomGrantSource = "code" | "staff" | "request";

export interface DataRoomGrant {
  userId: number;
  ListingId: number;
  via: DataRoomGrantSource;
  grantedBy: number | null;
  grantedAt: string;
}

/** Which buyer may enter which listing's data room (the spec's hasDueDiligenceAccess). */
export class DataRoomGrantRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** True when the grant is new (a second code entry or staff grant changes nothing). */
  async grant(grant: DataRoomGrant): Promise<boolean> {
    const result = await this.#db
      .insertInto("data_room_grants")
      .values(grant)
      .onConflict((oc) => oc.columns(["userId", "ListingId"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async revoke(userId: number, listingId: number): Promise<boolean> {
    const result = await this.#db
      .deleteFrom("data_room_grants")
      .where("userId", "=", userId)
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async has(userId: number, listingId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("data_room_grants")
      .select("userId")
      .where("userId", "=", userId)
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The listings whose data rooms a buyer may enter (GetDeals' hasDueDiligenceAccess per viewer). */
  async listingIdsFor(userId: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("data_room_grants")
      .select("ListingId")
      .where("userId", "=", userId)
      .execute();
    return rows.map((row) => row.ListingId);
  }

  async forListing(listingId: number): Promise<DataRoomGrant[]> {
    const rows = await this.#db
      .selectFrom("data_room_grants")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("grantedAt")
      .execute();
    return rows.map((row) => ({ ...row, via: row.via as DataRoomGrantSource }));
  }
}
