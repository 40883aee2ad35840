import type { Executor } from "../db/database.ts";

export interface DealSearch {
  searchText: string;
  userId: number | null;
  createdAt: string;
}

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
