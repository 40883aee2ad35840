import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { type AttemptLimiter, attemptLimiter, type SharedCounters } from "../limits/attempt-limiter.ts";
import type { FileMail, Mailroom } from "../mail/mailroom.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import { type AccountStores, accountStores } from "./account-stores.ts";
import { LoginLockout } from "./login-lockout.ts";
import { hashToken, newToken } from "./tokens.ts";

/** What the accounts' services are made from: one of each per core. */
export interface AccountDeps {
  config: Config;
  database: Database;
  /** Mail goes out through it, filed in the transaction of the change it reports. */
  mailroom: Mailroom;
  /** The system clock unless a test moves time. */
  clock?: Clock;
  /** Redis, when the instances count their limits together (REDIS_URL). */
  sharedCounters?: SharedCounters;
}

/** Why a mailed link exists: a sign-up's verification, a password reset, a move to a new address. */
export type LinkPurpose = "verify" | "reset" | "email-change";

/**
 * What the accounts' services share: the repositories, one transaction with its mail (#write), the
 * clock, the firm's name for mails, the mailed links and their hourly cap. A change of several writes
 * runs in one transaction with its mail: it happens whole or not at all.
 */
export class AccountContext {
  readonly config: Config;
  readonly database: Database;
  readonly mailroom: Mailroom;
  readonly clock: Clock;
  /** The repositories outside any transaction, for reads and single writes. */
  readonly stores: AccountStores;
  /** The one lockout that passwords and second factors count against. */
  readonly lockout: LoginLockout;
  /** Verification, reset and email-change mails per account per hour (each purpose counted apart). */
  readonly #mailLimiter: AttemptLimiter;

  constructor(deps: AccountDeps) {
    this.config = deps.config;
    this.database = deps.database;
    this.mailroom = deps.mailroom;
    this.clock = deps.clock ?? systemClock;
    this.stores = accountStores(deps.database.db, this.clock);
    this.lockout = new LoginLockout(deps.database, this.clock);
    this.#mailLimiter = attemptLimiter(
      deps.sharedCounters,
      "account-mails",
      ACCOUNT_LIMITS.mailsPerAccountPerHour,
      60 * MINUTE,
    );
  }

  /** Runs `work` in one transaction; mail it files goes out once that has committed. */
  write<T>(work: (r: AccountStores, fileMail: FileMail) => Promise<T>): Promise<T> {
    return this.mailroom.transaction((trx) => accountStores(trx, this.clock), work);
  }

  /** Runs `work` in one transaction that files no mail. */
  transaction<T>(work: (r: AccountStores) => Promise<T>): Promise<T> {
    return this.database.transaction((trx) => work(accountStores(trx, this.clock)));
  }

  iso(at = this.clock.now()): string {
    return new Date(at).toISOString();
  }

  /** The firm as mails name it. */
  firm() {
    const { firmName, publicUrl, supportEmail } = this.config;
    return { firmName, publicUrl, supportEmail };
  }

  /** Quietly capped, so a visitor cannot turn the site into a mail cannon: false once the hour's mails are spent. */
  mayMail(purpose: LinkPurpose, userId: number): Promise<boolean> {
    return this.#mailLimiter.tryAttempt(`${purpose}:${userId}`, this.clock.now());
  }

  /** The site's page a mailed link opens, carrying its token. */
  linkTo(path: "/verify-user" | "/reset-password", token: string): string {
    return `${this.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /** A new single-use link token; a newer link replaces older ones of the same purpose. */
  async issueToken(
    r: AccountStores,
    userId: number,
    purpose: LinkPurpose,
    lifetimeMs: number,
    newEmail?: string,
  ): Promise<string> {
    const now = this.clock.now();
    await r.tokens.revokeAll(userId, purpose, this.iso(now));
    const token = newToken();
    await r.tokens.insert({
      tokenHash: hashToken(token),
      userId,
      purpose,
      createdAt: this.iso(now),
      expiresAt: this.iso(now + lifetimeMs),
      newEmail: newEmail?.toLowerCase(),
    });
    return token;
  }
}
