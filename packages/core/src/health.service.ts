import type { Database, Engine } from "./db/database.ts";

/** What the health check and the start-up log tell operators about the database. */
export class HealthService {
  readonly #database: Database;

  constructor(database: Database) {
    this.#database = database;
  }

  get engine(): Engine {
    return this.#database.engine;
  }

  /** True when the database answers a trivial query. */
  databaseAnswers(): Promise<boolean> {
    return this.#database.ping();
  }
}
