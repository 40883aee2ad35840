import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";

/** What buyers type into the deal search, kept so the firm sees what the market looks for. */
export class DealSearchRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async record(searchText: string, userId: number | null): Promise<void> {
    await this.#db
      .insertInto("deal_web_searches")
      .values({ searchText, userId, createdAt: new Date().toISOString() })
      .execute();
  }

  async recent(
    limit: number,
  ): Promise<Array<{ searchText: string; userId: number | null; createdAt: string }>> {
    return this.#db
      .selectFrom("deal_web_searches")
      .select(["searchText", "userId", "createdAt"])
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }
}
