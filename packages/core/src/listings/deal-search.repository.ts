import type { Selectable } from "kysely";
import type { Executor } from "../db/database.ts";
import type { DealWebSearchRow } from "../db/schema.ts";

/** One search a buyer typed, as stored. */
export type DealSearch = Omit<Selectable<DealWebSearchRow>, "id">;

/** The deal searches buyers typed. */
export class DealSearchRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async record(searchText: string, userId: number | null): Promise<void> {
    await this.#db
      .insertInto("deal_web_searches")
      .values({ searchText, userId, createdAt: new Date().toISOString() })
      .execute();
  }

  async recent(limit: number): Promise<DealSearch[]> {
    const rows = await this.#db
      .selectFrom("deal_web_searches")
      .select(["searchText", "userId", "createdAt"])
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      searchText: row.searchText,
      userId: row.userId === null ? null : Number(row.userId),
      createdAt: row.createdAt,
    }));
  }
}
