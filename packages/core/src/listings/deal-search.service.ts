import type { Database } from "../db/database.ts";
import { type DealSearch, DealSearchRepository } from "./deal-search.repository.ts";

/** What buyers type into the deal search, kept so the firm sees what the market looks for. */
export class DealSearchService {
  readonly #searches: DealSearchRepository;

  constructor(database: Database) {
    this.#searches = new DealSearchRepository(database.db);
  }

  record(searchText: string, userId: number | null): Promise<void> {
    return this.#searches.record(searchText, userId);
  }

  /** The newest first (the staff dashboard). */
  recent(limit: number): Promise<DealSearch[]> {
    return this.#searches.recent(limit);
  }
}
