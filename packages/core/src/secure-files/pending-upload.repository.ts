import type { Executor } from "../db/database.ts";

/** Unfinished Secure Files uploads and the bytes they reserve (see SecureFileService.reserveUpload). */
export class PendingUploadRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** A user's uploads started since `since`, and the bytes they declared. */
  async openSince(userId: number, since: string): Promise<{ count: number; bytes: number }> {
    const row = await this.#db
      .selectFrom("pending_uploads")
      .select((eb) => [eb.fn.countAll().as("count"), eb.fn.sum("bytes").as("bytes")])
      .where("userId", "=", userId)
      .where("createdAt", ">", since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
  }

  async insert(upload: { id: string; userId: number; bytes: number; createdAt: string }): Promise<void> {
    await this.#db.insertInto("pending_uploads").values(upload).execute();
  }

  async delete(id: string): Promise<void> {
    await this.#db.deleteFrom("pending_uploads").where("id", "=", id).execute();
  }

  /**
   * Holds the user's row until the transaction ends (PostgreSQL), so two uploads started at once are
   * counted one after the other; SQLite runs one write transaction at a time anyway.
   */
  async lockOwner(userId: number): Promise<void> {
    await this.#db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
  }
}
