import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../db/schema.ts";

export type AuditAction =
  | "login"
  | "login-failed"
  | "account-locked"
  | "logout"
  | "signup"
  | "administrator-made"
  | "email-verified"
  | "password-changed"
  | "password-reset"
  | "email-change-requested"
  | "email-changed";

/** Who did what and when, for the firm's records (never passwords or tokens). */
export class AuditLog {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async record(action: AuditAction, userId: number | null, detail?: string): Promise<void> {
    await this.#db
      .insertInto("audit_log")
      .values({ at: new Date().toISOString(), userId, action, detail: detail ?? null })
      .execute();
  }

  async recent(limit = 100) {
    return this.#db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
  }
}
