import type { Generated } from "kysely";

export interface MailOutboxRow {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  /** "outbox" (kept for staff to read) or "smtp" (sent). */
  delivery: string;
  error: string | null;
}

export interface AuditLogRow {
  id: Generated<number>;
  at: string;
  userId: number | null;
  action: string;
  detail: string | null;
  /** Who made the change when it was not the account's owner (staff), else null. */
  actorId: number | null;
  /** The admin viewing the site as the account when the entry was made, else null. */
  impersonatorId: number | null;
  /** Where the change came from, when a request made it (since migration 021). */
  ipAddress: string | null;
  /** The listing a staff change was made to, else null (since migration 021). */
  ListingId: number | null;
}

export interface JobRow {
  id: Generated<number>;
  kind: string;
  payload: string;
  status: string;
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lockedUntil: string | null;
  lastError: string | null;
  uniqueKey: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface SiteSecretRow {
  name: string;
  value: string;
}

/** What keeps the site running: mail, the audit log, background jobs and site secrets. */
/** A demo seeding that finished, rows and pictures (migration 035). */
export interface DemoSeedRow {
  version: string;
  seededAt: string;
}

export interface OperationTables {
  mail_outbox: MailOutboxRow;
  audit_log: AuditLogRow;
  jobs: JobRow;
  site_secrets: SiteSecretRow;
  demo_seeds: DemoSeedRow;
}
