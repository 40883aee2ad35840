import {
  fail,
  hasSecondFactor,
  loginRequired,
  refuseWhileViewingAs,
  SECOND_FACTOR_LIMITS,
  type SecondFactorRefusal,
  type SecondFactors,
  type SessionUser,
  STEP_UP_PASSWORD_REQUIRED,
  STEP_UP_REQUIRED,
} from "@aea/domain";
import { Secret } from "otpauth";
import { type Clock, systemClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { type AccountStores, accountStores } from "../account-stores.ts";
import type { Actor } from "../identity-proof.ts";
import type { LoginBrowser, LoginService, SignedIn } from "../login.service.ts";
import { verifyPassword } from "../password.ts";
import type { Session } from "../sessions/session.repository.ts";
import { hashToken } from "../tokens.ts";
import { matchingStep, newRecoveryCodes, qrPath, recoveryCodeHash, totpFor } from "./authenticator-codes.ts";
import { SecretBox } from "./secret-box.ts";

const MINUTE = 60_000;
/** An authenticator being set up must be confirmed within this time, or set up again. */
const ENROLMENT_MINUTES = 15;

/** What a factor check says: a refusal has its own message in the domain's SECOND_FACTOR_MESSAGES. */
export type FactorCheck = "ok" | SecondFactorRefusal;

/** An authenticator being set up: shown to its owner until the first code confirms it, never after. */
export interface AuthenticatorEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
  /** The QR code as one SVG path over a `size`×`size` grid of modules (quiet zone included). */
  qr: { size: number; path: string };
}

export type CompletedLogin = SignedIn | { status: SecondFactorRefusal; until?: string };

export type StepUpResult = { status: "ok" } | { status: SecondFactorRefusal | "incorrect-password" };

export type EnrolmentResult =
  | { status: "enrolled"; recoveryCodes: string[] }
  | { status: "wrong-code" | "expired" | "already-set-up" };

interface SecondFactorDeps {
  config: Config;
  database: Database;
  logins: LoginService;
  clock?: Clock;
}

/**
 * Second factors (issue 20, decision 024): authenticator apps (TOTP) and recovery codes, logins that
 * wait for their second factor, the staff rule (STAFF_MFA), and the fresh check that sensitive staff
 * steps ask for. Passkeys plug in through `completeLoginWith`, `proveWith` and the repository's
 * `factorsOf`; every check of any factor counts against the account's login lockout.
 */
export class SecondFactorService {
  readonly #d: SecondFactorDeps;
  readonly #r: AccountStores;
  readonly #clock: Clock;
  readonly #box: SecretBox;

  constructor(deps: SecondFactorDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? systemClock;
    this.#r = accountStores(deps.database.db, this.#clock);
    this.#box = new SecretBox(deps.config.mfaSecretKey);
  }

  // What an account has

  /** Which factors the user has: { totp, recoveryCodesLeft, passkeys }. */
  factorsOf(userId: number): Promise<SecondFactors> {
    return this.#r.secondFactors.factorsOf(userId);
  }

  /**
   * Staff (admins, management) without a second factor while STAFF_MFA=required: they may reach only
   * the enrolment page. An admin viewing as a buyer is judged by the buyer's roles (none).
   */
  async enrolmentRequired(user: SessionUser): Promise<boolean> {
    if (this.#d.config.staffMfa !== "required") return false;
    if (!(user.isAdmin || user.isManagement) || user.impersonatorId !== null) return false;
    return !hasSecondFactor(await this.factorsOf(user.id));
  }

  // Step two of a login

  /** Completes a pending login with an authenticator code or a recovery code. */
  completeLogin(pendingLogin: string, code: string, browser: LoginBrowser): Promise<CompletedLogin> {
    return this.completeLoginWith(pendingLogin, (userId) => this.#checkCode(userId, code), browser);
  }

  /**
   * Completes a pending login once `verify` proves a second factor for its account: the one door
   * every factor (code, recovery code, passkey) goes through. The check counts against the login
   * lockout; the pending login is used up by the first success.
   */
  async completeLoginWith<Failure extends string = SecondFactorRefusal>(
    pendingLogin: string,
    verify: (userId: number) => Promise<"ok" | Failure>,
    browser: LoginBrowser,
  ): Promise<SignedIn | { status: Failure | "locked" | "login-expired"; until?: string }> {
    const tokenHash = hashToken(pendingLogin);
    const pending = await this.#r.secondFactors.findPendingLogin(tokenHash);
    if (!pending || Date.parse(pending.expiresAt) <= this.#clock.now()) return { status: "login-expired" };
    const outcome = await this.#d.logins.lockout.attempt(pending.userId, () => verify(pending.userId), {
      onSuccess: "clear",
      failureAction: "second-factor-failed",
    });
    if ("until" in outcome) {
      await this.#r.secondFactors.takePendingLogin(tokenHash);
      return outcome;
    }
    if (outcome.status !== "ok") return { status: outcome.status };
    if (!(await this.#r.secondFactors.takePendingLogin(tokenHash))) return { status: "login-expired" };
    const user = await this.#r.users.findById(pending.userId);
    if (!user || user.disabledAt) return { status: "login-expired" };
    return this.#d.logins.signIn(pending.userId, pending.remember, browser, {
      secondFactorAt: this.#iso(),
    });
  }

  /** The account a live pending login belongs to (a passkey challenge is issued for it). */
  async pendingLoginAccount(pendingLogin: string): Promise<number | undefined> {
    const pending = await this.#r.secondFactors.findPendingLogin(hashToken(pendingLogin));
    return pending && Date.parse(pending.expiresAt) > this.#clock.now() ? pending.userId : undefined;
  }

  // Fresh checks for sensitive steps

  /** Notes that a second factor was just checked in this session (after any factor's own check). */
  async recordCheck(sessionToken: string): Promise<void> {
    await this.#r.sessions.recordSecondFactor(hashToken(sessionToken), this.#iso());
  }

  /**
   * Whether the actor's session proved its holder within SECOND_FACTOR_LIMITS.stepUpMinutes: by a
   * second factor for an account that has one, else by the password (staff in a local demo, buyers).
   */
  async hasRecentCheck(actor: Actor): Promise<boolean> {
    const session = await this.#sessionOf(actor);
    if (!session) return false;
    const factors = await this.factorsOf(actor.userId);
    const provedAt = hasSecondFactor(factors) ? session.secondFactorAt : session.authenticatedAt;
    return (
      provedAt !== null &&
      this.#clock.now() - Date.parse(provedAt) <= SECOND_FACTOR_LIMITS.stepUpMinutes * MINUTE
    );
  }

  /**
   * Throws 403 SECOND_FACTOR_REQUIRED (or REAUTHENTICATE for an account without a factor) unless the
   * session has a recent check: starting "View as", exporting users, changing staff roles.
   */
  async requireRecentCheck(actor: Actor): Promise<void> {
    if (await this.hasRecentCheck(actor)) return;
    if (hasSecondFactor(await this.factorsOf(actor.userId)))
      throw fail("SECOND_FACTOR_REQUIRED", STEP_UP_REQUIRED);
    throw fail("REAUTHENTICATE", STEP_UP_PASSWORD_REQUIRED);
  }

  /** A fresh check in this session: a code for an account with a factor, else the password. */
  async stepUp(actor: Actor, input: { code?: string; password?: string }): Promise<StepUpResult> {
    if (hasSecondFactor(await this.factorsOf(actor.userId)))
      return this.proveWith(actor, (userId) =>
        input.code ? this.#checkCode(userId, input.code) : Promise.resolve("wrong-code" as const),
      );
    const proved = await this.proveWith(actor, async (userId) => {
      const user = await this.#r.users.findCredentials(userId);
      const right = Boolean(
        user && input.password && (await verifyPassword(user.passwordHash, input.password)),
      );
      return right ? "ok" : "incorrect-password";
    });
    // An account without a second factor proved its password: that is its fresh check.
    if (proved.status === "ok" && actor.sessionToken)
      await this.#r.sessions.recordPassword(hashToken(actor.sessionToken), this.#iso());
    return proved;
  }

  /** A fresh check by any factor's `verify` (the passkey feature's too), under the login lockout. */
  async proveWith<Failure extends string>(
    actor: Actor,
    verify: (userId: number) => Promise<"ok" | Failure>,
  ): Promise<{ status: "ok" } | { status: Failure | "locked" }> {
    const session = await this.#sessionOf(actor);
    if (!session || !actor.sessionToken) throw loginRequired();
    const outcome = await this.#d.logins.lockout.attempt(actor.userId, () => verify(actor.userId), {
      onSuccess: "clear",
      failureAction: "second-factor-failed",
    });
    if (outcome.status !== "ok") return { status: outcome.status };
    await this.#r.sessions.recordSecondFactor(session.tokenHash, this.#iso());
    return { status: "ok" };
  }

  // Enrolment

  /** The authenticator being set up (a new secret unless a recent one waits): for its owner only. */
  async startAuthenticator(actor: Actor, user: { email: string }): Promise<AuthenticatorEnrolment> {
    await this.#refuseWhileImpersonating(actor);
    const current = await this.#r.secondFactors.findAuthenticator(actor.userId);
    if (current?.confirmedAt) throw fail("ALREADY_SET_UP", "An authenticator app is already set up.");
    if (current && this.#clock.now() - Date.parse(current.createdAt) < ENROLMENT_MINUTES * MINUTE)
      return this.#enrolment(this.#box.open(current.sealedSecret), user.email);
    const secret = new Secret({ size: 20 }).base32;
    await this.#r.secondFactors.startAuthenticator(actor.userId, this.#box.seal(secret), this.#iso());
    return this.#enrolment(secret, user.email);
  }

  /** The authenticator waiting for its first code, if one was started recently. */
  async pendingAuthenticator(
    actor: Actor,
    user: { email: string },
  ): Promise<AuthenticatorEnrolment | undefined> {
    const current = await this.#r.secondFactors.findAuthenticator(actor.userId);
    if (!current || current.confirmedAt) return undefined;
    if (this.#clock.now() - Date.parse(current.createdAt) >= ENROLMENT_MINUTES * MINUTE) return undefined;
    return this.#enrolment(this.#box.open(current.sealedSecret), user.email);
  }

  /**
   * Confirms the authenticator being set up with one current code from it; returns the recovery
   * codes, shown once. The session counts as freshly checked: its holder just proved the new factor.
   */
  async confirmAuthenticator(actor: Actor, code: string): Promise<EnrolmentResult> {
    await this.#refuseWhileImpersonating(actor);
    const current = await this.#r.secondFactors.findAuthenticator(actor.userId);
    if (current?.confirmedAt) return { status: "already-set-up" };
    if (!current || this.#clock.now() - Date.parse(current.createdAt) >= ENROLMENT_MINUTES * MINUTE)
      return { status: "expired" };
    const step = matchingStep(this.#clock.now(), this.#box.open(current.sealedSecret), code);
    if (step === undefined) return { status: "wrong-code" };
    const recoveryCodes = newRecoveryCodes();
    const now = this.#iso();
    const confirmed = await this.#write(async (r) => {
      if (!(await r.secondFactors.confirmAuthenticator(actor.userId, now, step))) return false;
      await r.secondFactors.replaceRecoveryCodes(
        actor.userId,
        recoveryCodes.map((c) => recoveryCodeHash(actor.userId, c)),
        now,
      );
      await r.audit.record({
        actor: actor.userId,
        action: "second-factor-added",
        details: "authenticator app",
      });
      if (actor.sessionToken) await r.sessions.recordSecondFactor(hashToken(actor.sessionToken), now);
      return true;
    });
    return confirmed ? { status: "enrolled", recoveryCodes } : { status: "already-set-up" };
  }

  /** New recovery codes in place of the old ones (needs a recent check). */
  async replaceRecoveryCodes(actor: Actor): Promise<string[]> {
    await this.#refuseWhileImpersonating(actor);
    await this.requireRecentCheck(actor);
    if (!hasSecondFactor(await this.factorsOf(actor.userId)))
      throw fail("NO_SECOND_FACTOR", "Set up an authenticator app first.");
    const codes = newRecoveryCodes();
    await this.#write(async (r) => {
      await r.secondFactors.replaceRecoveryCodes(
        actor.userId,
        codes.map((c) => recoveryCodeHash(actor.userId, c)),
        this.#iso(),
      );
      await r.audit.record({ actor: actor.userId, action: "recovery-codes-replaced" });
    });
    return codes;
  }

  /**
   * Removes the authenticator app (needs a recent check). Recovery codes go with the last factor:
   * alone they would be a second password, not a second factor.
   */
  async removeAuthenticator(actor: Actor): Promise<void> {
    await this.#refuseWhileImpersonating(actor);
    await this.requireRecentCheck(actor);
    await this.#write(async (r) => {
      await r.secondFactors.removeAuthenticator(actor.userId);
      const left = await r.secondFactors.factorsOf(actor.userId);
      if (!hasSecondFactor(left)) await r.secondFactors.removeRecoveryCodes(actor.userId);
      await r.audit.record({
        actor: actor.userId,
        action: "second-factor-removed",
        details: "authenticator app",
      });
    });
  }

  // Internals

  /** An authenticator code (once per time step) or an unused recovery code of the account. */
  async #checkCode(userId: number, code: string): Promise<FactorCheck> {
    const typed = code.replace(/[\s-]/g, "").toLowerCase();
    if (/^\d{6}$/.test(typed)) {
      const authenticator = await this.#r.secondFactors.findAuthenticator(userId);
      if (!authenticator?.confirmedAt) return "wrong-code";
      const step = matchingStep(this.#clock.now(), this.#box.open(authenticator.sealedSecret), typed);
      if (step === undefined) return "wrong-code";
      return (await this.#r.secondFactors.takeStep(userId, step)) ? "ok" : "code-reused";
    }
    const used = await this.#write(async (r) => {
      const outcome = await r.secondFactors.useRecoveryCode(
        userId,
        recoveryCodeHash(userId, typed),
        this.#iso(),
      );
      if (outcome === "ok") await r.audit.record({ actor: userId, action: "recovery-code-used" });
      return outcome;
    });
    if (used === "ok") return "ok";
    return used === "used-before" ? "recovery-code-used" : "wrong-code";
  }

  #enrolment(secret: string, email: string): AuthenticatorEnrolment {
    const uri = totpFor(secret, email, this.#d.config.firmName).toString();
    return { secret, uri, qr: qrPath(uri) };
  }

  async #sessionOf(actor: Actor): Promise<Session | undefined> {
    if (!actor.sessionToken) return undefined;
    const session = await this.#r.sessions.find(hashToken(actor.sessionToken));
    return session?.userId === actor.userId ? session : undefined;
  }

  async #refuseWhileImpersonating(actor: Actor): Promise<void> {
    const session = await this.#sessionOf(actor);
    if (!session) throw loginRequired();
    refuseWhileViewingAs(session);
  }

  #write<T>(work: (r: AccountStores) => Promise<T>): Promise<T> {
    return this.#d.database.transaction((trx) => work(accountStores(trx, this.#clock)));
  }

  #iso(at = this.#clock.now()): string {
    return new Date(at).toISOString();
  }
}
