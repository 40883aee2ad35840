import type { SecondFactors } from "@aea/domain";
import type { Executor } from "../../db/database.ts";
import type { PendingLoginRow, TotpAuthenticatorRow } from "../../db/schema.ts";

/** An authenticator app of an account: its sealed secret, and the step of the last code it accepted. */
export type TotpAuthenticator = Omit<TotpAuthenticatorRow, "secret"> & { sealedSecret: string };

/** A correct password waiting for its second factor (not a session: it opens nothing by itself). */
export type PendingLogin = Omit<PendingLoginRow, "remember"> & { remember: boolean };

/** Authenticator apps, recovery codes, logins waiting for a second factor, and known browsers. */
export class SecondFactorRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /**
   * The factors an account has. The passkey feature adds its count here (one more subquery), so
   * every caller — the login, the staff gate, the security page — sees passkeys without change.
   */
  async factorsOf(userId: number): Promise<SecondFactors> {
    const totp = await this.#db
      .selectFrom("totp_authenticators")
      .select("userId")
      .where("userId", "=", userId)
      .where("confirmedAt", "is not", null)
      .executeTakeFirst();
    const codes = await this.#db
      .selectFrom("recovery_codes")
      .select((eb) => eb.fn.countAll().as("left"))
      .where("userId", "=", userId)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    const passkeys = await this.#db
      .selectFrom("passkeys")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("userId", "=", userId)
      .executeTakeFirst();
    return {
      totp: totp !== undefined,
      recoveryCodesLeft: Number(codes?.left ?? 0),
      passkeys: Number(passkeys?.count ?? 0),
    };
  }

  // Authenticator apps

  async findAuthenticator(userId: number): Promise<TotpAuthenticator | undefined> {
    const row = await this.#db
      .selectFrom("totp_authenticators")
      .selectAll()
      .where("userId", "=", userId)
      .executeTakeFirst();
    return row
      ? {
          userId: Number(row.userId),
          sealedSecret: row.secret,
          createdAt: row.createdAt,
          confirmedAt: row.confirmedAt,
          lastUsedStep: row.lastUsedStep === null ? null : Number(row.lastUsedStep),
        }
      : undefined;
  }

  /** A new, unconfirmed authenticator in place of an earlier unconfirmed one. */
  async startAuthenticator(userId: number, sealedSecret: string, now: string): Promise<void> {
    await this.#db
      .deleteFrom("totp_authenticators")
      .where("userId", "=", userId)
      .where("confirmedAt", "is", null)
      .execute();
    await this.#db
      .insertInto("totp_authenticators")
      .values({ userId, secret: sealedSecret, createdAt: now, confirmedAt: null, lastUsedStep: null })
      .execute();
  }

  async confirmAuthenticator(userId: number, now: string, step: number): Promise<boolean> {
    const result = await this.#db
      .updateTable("totp_authenticators")
      .set({ confirmedAt: now, lastUsedStep: step })
      .where("userId", "=", userId)
      .where("confirmedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Takes a code's time step as used, in one statement: false when this step (or a later one) was
   * already taken, so the same code cannot open two sessions, even when both arrive at once.
   */
  async takeStep(userId: number, step: number): Promise<boolean> {
    const result = await this.#db
      .updateTable("totp_authenticators")
      .set({ lastUsedStep: step })
      .where("userId", "=", userId)
      .where("confirmedAt", "is not", null)
      .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async removeAuthenticator(userId: number): Promise<void> {
    await this.#db.deleteFrom("totp_authenticators").where("userId", "=", userId).execute();
  }

  // Recovery codes

  async replaceRecoveryCodes(userId: number, codeHashes: string[], now: string): Promise<void> {
    await this.#db.deleteFrom("recovery_codes").where("userId", "=", userId).execute();
    await this.#db
      .insertInto("recovery_codes")
      .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now, usedAt: null })))
      .execute();
  }

  /** Marks an unused code used; "used-before" when it was, "unknown" when the account has no such code. */
  async useRecoveryCode(
    userId: number,
    codeHash: string,
    now: string,
  ): Promise<"ok" | "used-before" | "unknown"> {
    const result = await this.#db
      .updateTable("recovery_codes")
      .set({ usedAt: now })
      .where("userId", "=", userId)
      .where("codeHash", "=", codeHash)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return "ok";
    const used = await this.#db
      .selectFrom("recovery_codes")
      .select("usedAt")
      .where("userId", "=", userId)
      .where("codeHash", "=", codeHash)
      .executeTakeFirst();
    return used ? "used-before" : "unknown";
  }

  async removeRecoveryCodes(userId: number): Promise<void> {
    await this.#db.deleteFrom("recovery_codes").where("userId", "=", userId).execute();
  }

  // Logins waiting for their second factor

  async insertPendingLogin(login: PendingLogin): Promise<void> {
    await this.#db
      .insertInto("pending_logins")
      .values({ ...login, remember: login.remember ? 1 : 0 })
      .execute();
  }

  async findPendingLogin(tokenHash: string): Promise<PendingLogin | undefined> {
    const row = await this.#db
      .selectFrom("pending_logins")
      .selectAll()
      .where("tokenHash", "=", tokenHash)
      .executeTakeFirst();
    return row
      ? {
          tokenHash: row.tokenHash,
          userId: Number(row.userId),
          remember: Boolean(row.remember),
          createdAt: row.createdAt,
          expiresAt: row.expiresAt,
        }
      : undefined;
  }

  /** Takes a pending login (it completes once); false when another request took it first. */
  async takePendingLogin(tokenHash: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom("pending_logins")
      .where("tokenHash", "=", tokenHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteExpiredPendingLogins(now: string): Promise<void> {
    await this.#db.deleteFrom("pending_logins").where("expiresAt", "<", now).execute();
  }

  // Browsers an account has logged in from

  async hasKnownBrowsers(userId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("known_browsers")
      .select("userId")
      .where("userId", "=", userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Records a login from a browser; true when the account had not logged in from it before. */
  async rememberBrowser(userId: number, browserHash: string, now: string): Promise<boolean> {
    const result = await this.#db
      .updateTable("known_browsers")
      .set({ lastSeenAt: now })
      .where("userId", "=", userId)
      .where("browserHash", "=", browserHash)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return false;
    // Two logins from one new browser at once: the second finds the row taken and is not new.
    const inserted = await this.#db
      .insertInto("known_browsers")
      .values({ userId, browserHash, firstSeenAt: now, lastSeenAt: now })
      .onConflict((oc) => oc.columns(["userId", "browserHash"]).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
