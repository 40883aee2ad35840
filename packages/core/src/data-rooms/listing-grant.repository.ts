import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { DataRoomGrantRow, PrivateDealGrantRow } from "../db/schema.ts";

/** How a buyer got into a data room. */
export type DataRoomGrantSource = DataRoomGrantRow["via"];

/**
 * Which buyer is let in to something of one listing: the listing itself when it is private
 * (private_deal_grants), or its data room (data_room_grants, the spec's hasDueDiligenceAccess).
 */
export class ListingGrantRepository<Grant extends PrivateDealGrantRow> {
  readonly #db: Executor;
  // Both tables hold a private-deal grant's columns (a data-room grant adds how it came), which is
  // all the queries below name: so they are written once, against that shape.
  readonly #table: "private_deal_grants";

  constructor(db: Executor, table: "private_deal_grants" | "data_room_grants") {
    this.#db = db;
    this.#table = table as "private_deal_grants";
  }

  /** True when the grant is new (granting twice changes nothing). */
  async grant(grant: Grant): Promise<boolean> {
    const result = await this.#db
      .insertInto(this.#table)
      .values(grant)
      .onConflict((oc) => oc.columns(["userId", "ListingId"]).doNothing())
      .executeTakeFirst();
    recordChange(this.#db, { dataset: "participants", ids: [grant.userId] });
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** True when there was a grant to revoke. */
  async revoke(userId: number, listingId: number): Promise<boolean> {
    const result = await this.#db
      .deleteFrom(this.#table)
      .where("userId", "=", userId)
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    recordChange(this.#db, { dataset: "participants", ids: [userId] });
    return Number(result.numDeletedRows) > 0;
  }

  async has(userId: number, listingId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom(this.#table)
      .select("userId")
      .where("userId", "=", userId)
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The listings a buyer is let in to (GetDeals' hasDueDiligenceAccess per viewer). */
  async listingIdsFor(userId: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom(this.#table)
      .select("ListingId")
      .where("userId", "=", userId)
      .execute();
    return rows.map((row) => row.ListingId);
  }

  async forListing(listingId: number): Promise<Grant[]> {
    const rows = await this.#db
      .selectFrom(this.#table)
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("grantedAt")
      .execute();
    return rows as Grant[];
  }
}

/** Which buyer may see which private listing (staff grant and revoke them). */
export const privateDealGrantRepository = (db: Executor) =>
  new ListingGrantRepository<PrivateDealGrantRow>(db, "private_deal_grants");

/** Which buyer may enter which listing's data room (by a code, a staff grant or an answered request). */
export const dataRoomGrantRepository = (db: Executor) =>
  new ListingGrantRepository<DataRoomGrantRow>(db, "data_room_grants");
