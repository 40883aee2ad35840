import type { SimilarDealChoices } from "@aea/domain";
import type { Insertable } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { SimilarDealChoiceRow } from "../db/schema.ts";

/** Staff's pins and hides of similar deals, per listing in the order they were chosen. */
export class SimilarDealChoiceRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async findAll(): Promise<Map<number, SimilarDealChoices>> {
    const rows = await this.#db
      .selectFrom("similar_deal_choices")
      .select(["ListingId", "similarListingId", "choice"])
      .orderBy("ListingId")
      .orderBy("position")
      .execute();
    const all = new Map<number, { pinned: number[]; hidden: number[] }>();
    for (const row of rows) {
      const choices = all.get(row.ListingId) ?? { pinned: [], hidden: [] };
      (row.choice === "pinned" ? choices.pinned : choices.hidden).push(row.similarListingId);
      all.set(row.ListingId, choices);
    }
    return all;
  }

  async nextPosition(listingId: number): Promise<number> {
    const row = await this.#db
      .selectFrom("similar_deal_choices")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return Number(row?.last ?? 0) + 1;
  }

  async remove(listingId: number, similarListingId: number): Promise<void> {
    await this.#db
      .deleteFrom("similar_deal_choices")
      .where("ListingId", "=", listingId)
      .where("similarListingId", "=", similarListingId)
      .execute();
    recordChange(this.#db, { dataset: "similar-deals", ids: [listingId] });
  }

  async insert(row: Insertable<SimilarDealChoiceRow>): Promise<void> {
    await this.#db.insertInto("similar_deal_choices").values(row).execute();
    recordChange(this.#db, { dataset: "similar-deals", ids: [row.ListingId] });
  }
}
