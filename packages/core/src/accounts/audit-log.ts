import type { Executor } from "../db/database.ts";

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
  | "email-changed"
  | "similar-deal-chosen"
  | "deals-reordered";

export interface AuditEntry {
  id: number;
  at: string;
  userId: number | null;
  action: AuditAction;
  detail: string | null;
}

/** Who did what and when, for the firm's records (never passwords or tokens). */
export class AuditLog {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async record(action: AuditAction, userId: number | null, detail?: string): Promise<void> {
    await this.#db
      .insertInto("audit_log")
      .values({ at: new Date().toISOString(), userId, action, detail: detail ?? null })
      .execute();
  }

  /** The newest first. */
  async recent(limit: number): Promise<AuditEntry[]> {
    const rows = await this.#db
      .selectFrom("audit_log")
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), action: row.action as AuditAction }));
  }
}
