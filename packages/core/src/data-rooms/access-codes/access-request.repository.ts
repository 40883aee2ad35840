import { type Selectable, sql } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { AccessRequestRow } from "../../db/schema.ts";

export type AccessRequest = Selectable<AccessRequestRow>;

const asRequest = (row: AccessRequest): AccessRequest => ({ ...row, id: Number(row.id) });

/** Buyers' requests for a listing's access code, and staff answers to them. */
export class AccessRequestRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** The new request's id, or undefined when the buyer already has one pending for the listing. */
  async insertPending(request: {
    userId: number;
    ListingId: number;
    message: string | null;
    requestedAt: string;
  }): Promise<number | undefined> {
    const row = await this.#db
      .insertInto("access_requests")
      .values({ ...request, status: "pending", answeredBy: null, answeredAt: null })
      // The partial index's own condition, as a literal: SQLite matches a conflict target by its text.
      .onConflict((oc) =>
        oc.columns(["userId", "ListingId"]).where("status", "=", sql.lit("pending")).doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  async hasPending(userId: number, listingId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("access_requests")
      .select("id")
      .where("userId", "=", userId)
      .where("ListingId", "=", listingId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return row !== undefined;
  }

  async pendingFor(listingId: number): Promise<AccessRequest[]> {
    const rows = await this.#db
      .selectFrom("access_requests")
      .selectAll()
      .where("ListingId", "=", listingId)
      .where("status", "=", "pending")
      .orderBy("requestedAt")
      .execute();
    return rows.map(asRequest);
  }

  /** Answers a pending request of the listing; undefined when there is none (answered, or another listing's). */
  async answer(
    id: number,
    listingId: number,
    answer: { status: "approved" | "declined"; answeredBy: number; answeredAt: string },
  ): Promise<AccessRequest | undefined> {
    const row = await this.#db
      .updateTable("access_requests")
      .set(answer)
      .where("id", "=", id)
      .where("ListingId", "=", listingId)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    return row ? asRequest(row) : undefined;
  }
}
