import type { Database } from "../db/database.ts";
import { type OutboxMessage, OutboxRepository } from "./outbox.repository.ts";

/** The staff outbox page: every mail the site sent, or keeps for staff when no SMTP server is set. */
export class OutboxService {
  readonly #outbox: OutboxRepository;

  constructor(database: Database) {
    this.#outbox = new OutboxRepository(database.db);
  }

  /** The newest messages first. */
  messages(limit = 100): Promise<OutboxMessage[]> {
    return this.#outbox.recent(limit);
  }
}
