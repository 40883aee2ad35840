import type { Selectable } from "kysely";
import { recordChange } from "../../data-version/committed-changes.ts";
import type { Executor } from "../../db/database.ts";
import type { SignedAgreementRow } from "../../db/schema.ts";

export type SignedAgreement = Selectable<SignedAgreementRow>;

/** Confidentiality agreements buyers signed, one per buyer and listing. */
export class SignedAgreementRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(agreement: Omit<SignedAgreement, "id">): Promise<SignedAgreement> {
    const row = await this.#db
      .insertInto("signed_agreements")
      .values(agreement)
      .returningAll()
      .executeTakeFirstOrThrow();
    recordChange(this.#db, { dataset: "participants", ids: [agreement.userId] });
    recordChange(this.#db, { dataset: "deal-activity", ids: [agreement.ListingId] });
    return { ...row, id: Number(row.id) };
  }

  async find(userId: number, listingId: number): Promise<SignedAgreement | undefined> {
    const row = await this.#db
      .selectFrom("signed_agreements")
      .selectAll()
      .where("userId", "=", userId)
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  async forListing(listingId: number): Promise<SignedAgreement[]> {
    const rows = await this.#db
      .selectFrom("signed_agreements")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("signedAt")
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** The agreements one buyer signed, newest first. */
  async forUser(userId: number): Promise<SignedAgreement[]> {
    const rows = await this.#db
      .selectFrom("signed_agreements")
      .selectAll()
      .where("userId", "=", userId)
      .orderBy("signedAt", "desc")
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** signedCACount per listing. */
  async countByListing(): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom("signed_agreements")
      .select(["ListingId", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("ListingId")
      .execute();
    return new Map(rows.map((row) => [row.ListingId, Number(row.n)]));
  }
}
