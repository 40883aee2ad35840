import type { Executor } from "../db/database.ts";

export type AuditAction =
  | "login"
  | "login-failed"
  | "second-factor-failed"
  | "second-factor-added"
  | "second-factor-removed"
  | "recovery-code-used"
  | "recovery-codes-replaced"
  | "new-browser-login"
  | "account-locked"
  | "logout"
  | "signup"
  | "administrator-made"
  | "email-verified"
  | "password-changed"
  | "password-reset"
  | "email-change-requested"
  | "email-changed"
  | "deal-statistics-updated"
  | "deal-alerts-changed"
  // Staff changes to an account (the actor is the admin)
  | "profile-edited"
  | "verified-by-staff"
  | "verification-resent"
  | "reset-link-sent"
  | "account-disabled"
  | "account-enabled"
  | "sessions-ended"
  | "role-granted"
  | "role-revoked"
  | "impersonation-started"
  | "impersonation-stopped"
  | "similar-deal-chosen"
  | "deals-reordered"
  // Passkeys (the owner's own; a counter that went backwards points at a copied authenticator)
  | "passkey-added"
  | "passkey-renamed"
  | "passkey-removed"
  | "passkey-counter-went-backwards";

export interface AuditEntry {
  id: number;
  at: string;
  userId: number | null;
  action: AuditAction;
  detail: string | null;
  /** Who made the change when it was not the account's owner (staff), else null. */
  actorId: number | null;
  /** The admin viewing the site as the account when this happened, else null. */
  impersonatorId: number | null;
}

/** Who did what and when, for the firm's records (never passwords or tokens). */
export class AuditLog {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /**
   * `actorId`: the staff member who made a change to someone else's account. `impersonatorId`: the
   * admin viewing the site as `userId` when it happened (the entry is theirs, not the buyer's).
   */
  async record(
    action: AuditAction,
    userId: number | null,
    detail?: string,
    actorId?: number,
    impersonatorId?: number,
  ): Promise<void> {
    await this.#db
      .insertInto("audit_log")
      .values({
        at: new Date().toISOString(),
        userId,
        action,
        detail: detail ?? null,
        actorId: actorId ?? null,
        impersonatorId: impersonatorId ?? null,
      })
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
    return rows.map(toEntry);
  }

  /** What happened to an account or was done by it (as staff, or viewing as someone), the newest first. */
  async forUser(userId: number, limit: number): Promise<AuditEntry[]> {
    const rows = await this.#db
      .selectFrom("audit_log")
      .selectAll()
      .where((eb) =>
        eb.or([eb("userId", "=", userId), eb("actorId", "=", userId), eb("impersonatorId", "=", userId)]),
      )
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toEntry);
  }
}

function toEntry(row: {
  id: number;
  at: string;
  userId: number | null;
  action: string;
  detail: string | null;
  actorId: number | null;
  impersonatorId: number | null;
}): AuditEntry {
  return {
    ...row,
    id: Number(row.id),
    userId: row.userId === null ? null : Number(row.userId),
    actorId: row.actorId === null ? null : Number(row.actorId),
    impersonatorId: row.impersonatorId === null ? null : Number(row.impersonatorId),
    action: row.action as AuditAction,
  };
}
