import type { Executor } from "../db/database.ts";

/** What decides whether one buyer the query found may get the listing. */
export interface SendCandidate {
  userId: number;
  email: string;
  firstName: string;
  verified: boolean;
  /** Their deal-alert choice; null when they turned alerts off (or never turned them on). */
  frequency: string | null;
  /** They got (or are about to get) this listing already, by an earlier send or its deal alert. */
  alreadySent: boolean;
}

export interface PendingSend {
  id: number;
  ListingId: number;
  userId: number;
  email: string;
  firstName: string;
  verified: boolean;
  subscribed: boolean;
}

/** SQL `IN` lists stay well below every engine's limit on bound values. */
const CHUNK = 500;

/** Listings sent to buyers from an analysis query, one row per buyer and listing (migration 031). */
export class ListingSendRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Each of the buyers, with what decides whether they may get the listing. */
  async candidates(listingId: number, userIds: readonly number[]): Promise<SendCandidate[]> {
    const result: SendCandidate[] = [];
    for (let at = 0; at < userIds.length; at += CHUNK) {
      const ids = userIds.slice(at, at + CHUNK);
      const rows = await this.#db
        .selectFrom("users as u")
        .leftJoin("deal_alert_subscriptions as s", "s.userId", "u.id")
        .where("u.id", "in", ids)
        .select((eb) => [
          "u.id",
          "u.email",
          "u.firstName",
          "u.verified",
          "s.frequency",
          eb
            .or([
              eb.exists(
                eb
                  .selectFrom("listing_sends as ls")
                  .select("ls.id")
                  .whereRef("ls.userId", "=", "u.id")
                  .where("ls.ListingId", "=", listingId),
              ),
              eb.exists(
                eb
                  .selectFrom("deal_alert_deliveries as d")
                  .select("d.id")
                  .whereRef("d.userId", "=", "u.id")
                  .where("d.ListingId", "=", listingId)
                  .where("d.status", "in", ["pending", "sent"]),
              ),
            ])
            .as("alreadySent"),
        ])
        .orderBy("u.id")
        .execute();
      for (const row of rows)
        result.push({
          userId: row.id,
          email: row.email,
          firstName: row.firstName,
          verified: Number(row.verified) === 1,
          frequency: row.frequency && row.frequency !== "off" ? row.frequency : null,
          alreadySent: Boolean(Number(row.alreadySent)) || row.alreadySent === true,
        });
    }
    return result;
  }

  /** A send per buyer; a buyer who has one for the listing already keeps it. Returns the new ones' ids. */
  async add(
    listingId: number,
    userIds: readonly number[],
    by: { sentBy: number; queryUUID: string | null; at: string },
  ): Promise<number[]> {
    const ids: number[] = [];
    for (let at = 0; at < userIds.length; at += CHUNK) {
      const rows = await this.#db
        .insertInto("listing_sends")
        .values(
          userIds.slice(at, at + CHUNK).map((userId) => ({
            ListingId: listingId,
            userId,
            sentBy: by.sentBy,
            queryUUID: by.queryUUID,
            status: "pending",
            createdAt: by.at,
            sentAt: null,
          })),
        )
        .onConflict((oc) => oc.columns(["ListingId", "userId"]).doNothing())
        .returning("id")
        .execute();
      ids.push(...rows.map((row) => Number(row.id)));
    }
    return ids;
  }

  async pending(id: number): Promise<PendingSend | undefined> {
    const row = await this.#db
      .selectFrom("listing_sends as ls")
      .innerJoin("users as u", "u.id", "ls.userId")
      .leftJoin("deal_alert_subscriptions as s", "s.userId", "ls.userId")
      .where("ls.id", "=", id)
      .where("ls.status", "=", "pending")
      .select(["ls.id", "ls.ListingId", "ls.userId", "u.email", "u.firstName", "u.verified", "s.frequency"])
      .executeTakeFirst();
    return (
      row && {
        id: Number(row.id),
        ListingId: row.ListingId,
        userId: row.userId,
        email: row.email,
        firstName: row.firstName,
        verified: Number(row.verified) === 1,
        subscribed: Boolean(row.frequency) && row.frequency !== "off",
      }
    );
  }

  async setStatus(id: number, status: "pending" | "sent" | "dropped", at: string | null): Promise<void> {
    await this.#db
      .updateTable("listing_sends")
      .set({ status, sentAt: status === "sent" ? at : null })
      .where("id", "=", id)
      .execute();
  }

  /** Buyers each listing reached this way (the Mgmt Dash). */
  async reachedByListing(): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom("listing_sends")
      .where("status", "=", "sent")
      .select(["ListingId", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("ListingId")
      .execute();
    return new Map(rows.map((row) => [row.ListingId, Number(row.n)]));
  }
}
