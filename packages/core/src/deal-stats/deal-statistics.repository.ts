import { sql } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { DealStatisticsRow } from "../db/schema.ts";

/** The hand-entered deal statistics, the daily web hits and the daily deal searches. */
export class DealStatisticsRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async all(): Promise<Map<number, DealStatisticsRow>> {
    const rows = await this.#db.selectFrom("deal_statistics").selectAll().execute();
    return new Map(rows.map((row) => [row.ListingId, row]));
  }

  async save(row: DealStatisticsRow): Promise<void> {
    const { ListingId, ...figures } = row;
    await this.#db
      .insertInto("deal_statistics")
      .values(row)
      .onConflict((oc) => oc.column("ListingId").doUpdateSet(figures))
      .execute();
    recordChange(this.#db, { dataset: "deal-activity", ids: [ListingId] });
  }

  /** Adds counted hits to each listing's day (several servers each add their own). */
  async addWebHits(hits: readonly { ListingId: number; day: string; hits: number }[]): Promise<void> {
    if (hits.length === 0) return;
    await this.#db
      .insertInto("deal_web_hits")
      .values([...hits])
      .onConflict((oc) =>
        oc
          .columns(["ListingId", "day"])
          .doUpdateSet((eb) => ({ hits: eb("deal_web_hits.hits", "+", eb.ref("excluded.hits")) })),
      )
      .execute();
    recordChange(this.#db, { dataset: "deal-activity", ids: [...new Set(hits.map((h) => h.ListingId))] });
  }

  async webHitTotals(): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom("deal_web_hits")
      .select(["ListingId", (eb) => eb.fn.sum<number>("hits").as("hits")])
      .groupBy("ListingId")
      .execute();
    return new Map(rows.map((row) => [row.ListingId, Number(row.hits)]));
  }

  /** Web hits per day (all listings) since a day (YYYY-MM-DD). */
  async webHitsPerDay(since: string): Promise<{ day: string; count: number }[]> {
    const rows = await this.#db
      .selectFrom("deal_web_hits")
      .where("day", ">=", since)
      .select(["day", (eb) => eb.fn.sum<number>("hits").as("count")])
      .groupBy("day")
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }

  /** Deal searches per day since a day (YYYY-MM-DD). */
  async searchesPerDay(since: string): Promise<{ day: string; count: number }[]> {
    const rows = await this.#db
      .selectFrom("deal_web_searches")
      .where("createdAt", ">=", since)
      .select((eb) => [
        sql<string>`substr("createdAt", 1, 10)`.as("day"),
        eb.fn.countAll<number>().as("count"),
      ])
      .groupBy(sql.ref("day"))
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  }
}
