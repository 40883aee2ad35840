import {
  AppError,
  displayName,
  hasSecondFactor,
  IMPERSONATING_NO_ACCOUNT_CHANGES,
  type Interests,
  type Profile,
  SECOND_FACTOR_LIMITS,
  type SecondFactors,
  type SessionUser,
  type SignupInput,
} from "@aea/domain";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { FileMail, Mailroom } from "../mail/mailroom.ts";
import {
  administratorInvitationMail,
  confirmEmailChangeMail,
  emailChangedMail,
  emailChangeRequestedMail,
  newBrowserLoginMail,
  passwordChangedMail,
  resetPasswordMail,
  verificationMail,
} from "../mail/templates.ts";
import { type AccountStores, accountStores } from "./account-stores.ts";
import { AttemptLimiter } from "./attempt-limiter.ts";
import type { AuditEntry } from "./audit-log.ts";
import { LOCKOUT, LoginLockout, type OnSuccess } from "./login-lockout.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { SessionRepository } from "./session.repository.ts";
import {
  BROWSER_COOKIE,
  browserCookie,
  clearedSessionCookie,
  SESSION_COOKIE,
  STAFF_SESSION_COOKIE,
  sessionCookie,
} from "./session-cookie.ts";
import { hashToken, newToken } from "./tokens.ts";
import {
  type AccountListEntry,
  type User,
  type UserCredentials,
  withoutCredentials,
} from "./user.repository.ts";

/** Account security numbers (documented in the README). */
export const ACCOUNT_LIMITS = {
  /** Failed logins (wrong passwords and wrong second factors together) that lock an account… */
  lockAfterFailures: LOCKOUT.lockAfterFailures,
  /** …for this long. */
  lockMinutes: LOCKOUT.lockMinutes,
  /** Remember-me sessions last a year (§4). */
  rememberDays: 365,
  /** Browser sessions end after this long without a request… */
  idleMinutes: 120,
  /** …and after this long in any case. */
  browserSessionHours: 12,
  verifyLinkHours: 48,
  resetLinkMinutes: 60,
  /** A link mailed to a new address moves the account there if followed within this time. */
  emailChangeLinkHours: 48,
  /** A password or email change without the current password needs a login this recent. */
  freshLoginMinutes: 10,
  /** Verification and reset mails per account per hour. */
  mailsPerAccountPerHour: 3,
} as const;

const MINUTE = 60_000;

/** A login's session, and the browser cookie to set (it names the browser for new-browser mails). */
export interface SignedIn {
  status: "ok";
  user: SessionUser;
  token: string;
  remember: boolean;
  browserToken: string;
}

export type LoginResult =
  | SignedIn
  /**
   * The password was right and the account has a second factor: no session yet. `pendingLogin` is
   * the token that step two (SecondFactorService.completeLogin…) takes with the factor.
   */
  | { status: "second-factor-required"; pendingLogin: string; factors: SecondFactors }
  | { status: "unknown-email" }
  | { status: "incorrect-password" }
  | { status: "not-verified" }
  | { status: "disabled" }
  | { status: "locked"; until: string };

/**
 * A password or email change asks for proof that the person at the keyboard owns the account: the
 * current password, or a login within `freshLoginMinutes`. `reauthenticate`: neither was given.
 */
export type ProofFailure = "reauthenticate" | "incorrect-password" | "locked";

/** Who asks for a sensitive change: the signed-in user and the session token they sent. */
export interface Actor {
  userId: number;
  sessionToken: string | undefined;
}

export type ChangePasswordResult =
  | { status: "changed"; token: string; remember: boolean }
  | { status: ProofFailure };

export type EmailChangeRequest =
  | { status: "link-sent" }
  | { status: "email-taken" | "no-such-user" }
  | { status: ProofFailure };

export interface SessionOptions {
  impersonatorId?: number | null;
  authenticatedAt?: string | null;
  /** When a second factor was checked for this session (its login), if one was. */
  secondFactorAt?: string | null;
}

/** The browser a login comes from: its cookie (if it has one) and its address, for the new-browser mail. */
export interface LoginBrowser {
  browserToken?: string;
  ipAddress?: string;
}

export type EmailChangeConfirmation =
  | { status: "changed"; email: string }
  | { status: "email-taken" | "invalid" };

interface AccountDeps {
  config: Config;
  database: Database;
  /** Mail goes out through it, filed in the transaction of the change it reports. */
  mailroom: Mailroom;
  /** The system clock unless a test moves time. */
  clock?: Clock;
}

/**
 * Sign-up, verification, login, sessions, passwords, profile and interests. A change of several
 * writes runs in one transaction (#write), with its mail: it happens whole or not at all.
 */
export class AccountService {
  readonly #d: AccountDeps;
  /** The repositories outside any transaction, for reads and single writes. */
  readonly #r: AccountStores;
  readonly #clock: Clock;
  readonly #mailLimiter = new AttemptLimiter(ACCOUNT_LIMITS.mailsPerAccountPerHour, 60 * MINUTE);
  readonly #lockout: LoginLockout;
  #dummyHash: Promise<string> | undefined;

  constructor(deps: AccountDeps) {
    this.#d = deps;
    this.#r = accountStores(deps.database.db);
    this.#clock = deps.clock ?? systemClock;
    this.#lockout = new LoginLockout(deps.database, this.#clock);
  }

  /** The lockout shared by passwords and second factors (SecondFactorService counts against it). */
  get lockout(): LoginLockout {
    return this.#lockout;
  }

  /** The security numbers, for staff pages that explain them. */
  get limits(): typeof ACCOUNT_LIMITS {
    return ACCOUNT_LIMITS;
  }

  // Sessions

  /** Set-Cookie values for page actions and API routes alike (Secure when the site is served over https). */
  sessionCookieHeader(token: string, remember: boolean): string {
    return sessionCookie(token, { remember, secure: this.#secureCookies() });
  }

  clearedSessionCookieHeader(): string {
    return clearedSessionCookie({ secure: this.#secureCookies() });
  }

  /** Set-Cookie value of the long-lived cookie that names this browser (for new-browser mails). */
  browserCookieHeader(browserToken: string): string {
    return browserCookie(browserToken, { secure: this.#secureCookies() });
  }

  /** The browser cookie's token in a Cookie header, if any. */
  browserTokenFrom(cookieHeader: string | null | undefined): string | undefined {
    return cookieValue(cookieHeader, BROWSER_COOKIE);
  }

  /** The session token in a Cookie header, if any. */
  sessionTokenFrom(cookieHeader: string | null | undefined): string | undefined {
    return cookieValue(cookieHeader, SESSION_COOKIE);
  }

  /**
   * Set-Cookie values that start viewing the site as a buyer: the impersonation session in the
   * session cookie, the admin's own token kept aside (for the browser session only).
   */
  impersonationCookieHeaders(impersonationToken: string, staffToken: string): string[] {
    const secure = this.#secureCookies();
    return [
      sessionCookie(impersonationToken, { remember: false, secure }),
      sessionCookie(staffToken, { remember: false, secure, name: STAFF_SESSION_COOKIE }),
    ];
  }

  /** The admin's own session token kept aside while viewing as a buyer, if any. */
  staffSessionTokenFrom(cookieHeader: string | null | undefined): string | undefined {
    return cookieValue(cookieHeader, STAFF_SESSION_COOKIE);
  }

  clearedStaffSessionCookieHeader(): string {
    return clearedSessionCookie({ secure: this.#secureCookies(), name: STAFF_SESSION_COOKIE });
  }

  #secureCookies(): boolean {
    return this.#d.config.publicUrl.startsWith("https://");
  }

  /**
   * Starts a session and returns its token. `authenticatedAt` is when the password was last proved
   * for it: now for a login, an older session's time for a replacement, null for none (impersonation).
   */
  startSession(userId: number, remember: boolean, options: SessionOptions = {}): Promise<string> {
    return this.openSession(this.#r.sessions, userId, remember, options);
  }

  /** startSession on the sessions of a caller's transaction (staff starting to view as a buyer). */
  async openSession(
    sessions: SessionRepository,
    userId: number,
    remember: boolean,
    { impersonatorId = null, authenticatedAt = this.#iso(), secondFactorAt = null }: SessionOptions,
  ): Promise<string> {
    const token = newToken();
    const now = this.#clock.now();
    const lifetime = remember
      ? ACCOUNT_LIMITS.rememberDays * 24 * 60 * MINUTE
      : ACCOUNT_LIMITS.browserSessionHours * 60 * MINUTE;
    await sessions.insert({
      tokenHash: hashToken(token),
      userId,
      remember,
      impersonatorId,
      createdAt: this.#iso(now),
      lastSeenAt: this.#iso(now),
      expiresAt: this.#iso(now + lifetime),
      authenticatedAt: impersonatorId === null ? authenticatedAt : null,
      secondFactorAt: impersonatorId === null ? secondFactorAt : null,
    });
    return token;
  }

  /** The user behind a session cookie, or undefined when the session is unknown, expired or idle too long. */
  async resolveSession(token: string | undefined): Promise<SessionUser | undefined> {
    if (!token || token === "null") return undefined;
    const tokenHash = hashToken(token);
    const session = await this.#r.sessions.find(tokenHash);
    if (!session) return undefined;
    const now = this.#clock.now();
    const idle =
      !session.remember && now - Date.parse(session.lastSeenAt) > ACCOUNT_LIMITS.idleMinutes * MINUTE;
    if (Date.parse(session.expiresAt) <= now || idle) {
      await this.#r.sessions.delete(tokenHash);
      return undefined;
    }
    const user = await this.#r.users.findById(session.userId);
    if (!user) return undefined;
    // Disabling ends the sessions; this covers one that raced the disable.
    if (user.disabledAt) {
      await this.#r.sessions.delete(tokenHash);
      return undefined;
    }
    // Writing on every request would be wasteful; a minute's precision is plenty for the idle limit.
    if (now - Date.parse(session.lastSeenAt) > MINUTE)
      await this.#r.sessions.touch(tokenHash, this.#iso(now));
    return this.sessionUser(user, session.impersonatorId);
  }

  async endSession(token: string | undefined, userId?: number): Promise<void> {
    if (!token) return;
    await this.#write(async (r) => {
      await r.sessions.delete(hashToken(token));
      if (userId) await r.audit.record("logout", userId);
    });
  }

  sessionUser(user: User, impersonatorId: number | null = null): SessionUser {
    return {
      id: user.id,
      firstName: user.firstName,
      middle: user.middle,
      lastName: user.lastName,
      name: displayName(user),
      email: user.email,
      // Staff roles need a proved address: otherwise anyone could sign up as a listed manager.
      isAdmin: user.isAdmin && user.verified,
      hasPrivateDeals: user.privateListingIds.length > 0,
      privateListingIds: user.privateListingIds,
      hasClaimAD: user.hasClaimAD,
      isManagement: user.verified && this.#d.config.managementEmails.includes(user.email.toLowerCase()),
      officialCompanyName: user.officialCompanyName,
      impersonatorId,
    };
  }

  // Login

  /**
   * Step one of a login: the password. An account with a second factor gets a pending login instead
   * of a session; its failure count is not reset until the second factor is proved too.
   */
  async login(
    email: string,
    password: string,
    remember: boolean,
    browser: LoginBrowser = {},
  ): Promise<LoginResult> {
    const user = await this.#r.users.findByEmail(email);
    if (!user) {
      // Spend the same time as a real check, so timing does not tell which emails have accounts.
      await verifyPassword(await this.#dummyPasswordHash(), password);
      return { status: "unknown-email" };
    }
    const factors = await this.#r.secondFactors.factorsOf(user.id);
    const needsSecondFactor = hasSecondFactor(factors);
    const check = await this.#checkPassword(user, password, needsSecondFactor ? "release" : "clear");
    if (check.status === "locked") return check;
    if (check.status === "incorrect-password") return check;
    // Checked after the password, so the answer reveals nothing to someone without it.
    if (!user.verified) return { status: "not-verified" };
    if (user.disabledAt) return { status: "disabled" };
    if (needsSecondFactor) {
      const pendingLogin = newToken();
      const now = this.#clock.now();
      await this.#r.secondFactors.deleteExpiredPendingLogins(this.#iso(now));
      await this.#r.secondFactors.insertPendingLogin({
        tokenHash: hashToken(pendingLogin),
        userId: user.id,
        remember,
        createdAt: this.#iso(now),
        expiresAt: this.#iso(now + SECOND_FACTOR_LIMITS.pendingLoginMinutes * MINUTE),
      });
      return { status: "second-factor-required", pendingLogin, factors };
    }
    return this.signIn(user.id, remember, browser, { secondFactorAt: null });
  }

  /**
   * The end of every login, once the password (and the second factor, if the account has one) were
   * proved: the session, the login's record, and a mail to the holder when the browser is new to the
   * account. Only login and SecondFactorService call it; nothing else may start a session from an id.
   */
  async signIn(
    userId: number,
    remember: boolean,
    { browserToken = newToken(), ipAddress }: LoginBrowser,
    { secondFactorAt }: { secondFactorAt: string | null },
  ): Promise<SignedIn> {
    return this.#write(async (r, fileMail) => {
      const user = await r.users.findById(userId);
      if (!user) throw new AppError(401, "Login to access this page", "1001");
      const now = this.#iso();
      await r.users.recordLogin(user.id, now);
      await r.audit.record("login", user.id, secondFactorAt ? "with a second factor" : undefined);
      // The first browser an account is seen in is remembered quietly (every account's first login,
      // and each account's first login after this feature arrived); any later new one is mailed.
      const knewBrowsers = await r.secondFactors.hasKnownBrowsers(user.id);
      const newBrowser = await r.secondFactors.rememberBrowser(user.id, hashToken(browserToken), now);
      if (newBrowser && knewBrowsers) {
        await r.audit.record("new-browser-login", user.id, ipAddress);
        await fileMail(
          newBrowserLoginMail(this.#firm(), user.email, displayName(user), { at: now, ipAddress }),
        );
      }
      const token = await this.openSession(r.sessions, user.id, remember, { secondFactorAt });
      return { status: "ok", user: this.sessionUser(user), token, remember, browserToken } as const;
    });
  }

  // Sign-up and verification

  async emailAvailable(email: string): Promise<boolean> {
    return !(await this.#r.users.emailExists(email));
  }

  async signup(
    input: SignupInput,
  ): Promise<{ status: "created"; userId: number } | { status: "email-taken" }> {
    if (await this.#r.users.emailExists(input.email)) return { status: "email-taken" };
    const passwordHash = await hashPassword(input.password);
    const user = await this.#write(async (r, fileMail) => {
      const created = await r.users.insert({
        email: input.email,
        firstName: input.firstName,
        middle: null,
        lastName: input.lastName,
        verified: false,
        isAdmin: false,
        hasClaimAD: false,
        officialCompanyName: null,
        passwordHash,
      });
      await r.audit.record("signup", created.id);
      await this.#fileVerification(r, fileMail, created);
      return created;
    });
    return { status: "created", userId: user.id };
  }

  /** Sends a new verification link to an unverified account; quietly does nothing otherwise. */
  async resendVerification(email: string): Promise<void> {
    const user = await this.#r.users.findByEmail(email);
    if (!user || user.verified) return;
    await this.#write((r, fileMail) => this.#fileVerification(r, fileMail, user));
  }

  async verifyUser(token: string): Promise<boolean> {
    return this.#write(async (r) => {
      const used = await r.tokens.consume(hashToken(token), "verify", this.#iso());
      if (!used) return false;
      await r.users.markVerified(used.userId);
      await r.audit.record("email-verified", used.userId);
      return true;
    });
  }

  // Passwords

  /** Mails a reset link; false when no account has that email (the spec's forgot-password failure). */
  async sendResetPasswordEmail(email: string): Promise<boolean> {
    const user = await this.#r.users.findByEmail(email);
    if (!user) {
      await verifyPassword(await this.#dummyPasswordHash(), email);
      return false;
    }
    if (!this.#mailLimiter.tryAttempt(`reset:${user.id}`, this.#clock.now())) return true;
    await this.#write(async (r, fileMail) => {
      const minutes = ACCOUNT_LIMITS.resetLinkMinutes;
      const token = await this.#issueToken(r, user.id, "reset", minutes * MINUTE);
      const url = `${this.#d.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await fileMail(resetPasswordMail(this.#firm(), user.email, displayName(user), url, minutes));
    });
    return true;
  }

  /** Sets a new password from a mailed reset link; every session of the account ends. */
  async resetPassword(token: string, newPassword: string): Promise<boolean> {
    const passwordHash = await hashPassword(newPassword);
    return this.#write(async (r, fileMail) => {
      const used = await r.tokens.consume(hashToken(token), "reset", this.#iso());
      if (!used) return false;
      await this.#setPassword(r, fileMail, used.userId, passwordHash);
      // Following the mailed link proves the address, so an unverified account becomes verified.
      await r.users.markVerified(used.userId);
      await r.audit.record("password-reset", used.userId);
      return true;
    });
  }

  /**
   * Changes the signed-in user's password, given the current password or a fresh login, and logs out
   * everywhere; returns this browser's replacement session. The replacement keeps the old session's
   * login time, so a change does not make the next one look freshly authenticated.
   */
  async changePassword(
    actor: Actor,
    { newPassword, currentPassword }: { newPassword: string; currentPassword?: string },
  ): Promise<ChangePasswordResult> {
    await this.#refuseWhileImpersonating(actor);
    const proof = await this.#proveIdentity(actor, currentPassword);
    if (proof !== "ok") return { status: proof };
    const passwordHash = await hashPassword(newPassword);
    return this.#write(async (r, fileMail) => {
      const session = actor.sessionToken ? await r.sessions.find(hashToken(actor.sessionToken)) : undefined;
      const remember = session?.remember ?? false;
      await this.#setPassword(r, fileMail, actor.userId, passwordHash);
      await r.audit.record("password-changed", actor.userId);
      const token = await this.openSession(r.sessions, actor.userId, remember, {
        authenticatedAt: session?.authenticatedAt ?? null,
      });
      return { status: "changed", token, remember };
    });
  }

  // Profile, interests, likes

  profile(userId: number): Promise<Profile | undefined> {
    return this.#r.users.findProfile(userId);
  }

  updateProfile(userId: number, profile: Profile): Promise<void> {
    return this.#r.users.updateProfile(userId, profile);
  }

  /**
   * Asks to move an account (the actor's own, or any for an admin) to a new address: a link goes to
   * the new address and a notice to the old one; nothing changes until the link is followed. The
   * actor proves who they are with their current password or a fresh login.
   */
  async requestEmailChange(
    actor: Actor,
    { userId, newEmail, currentPassword }: { userId: number; newEmail: string; currentPassword?: string },
  ): Promise<EmailChangeRequest> {
    await this.#refuseWhileImpersonating(actor);
    const proof = await this.#proveIdentity(actor, currentPassword);
    if (proof !== "ok") return { status: proof };
    const user = await this.#r.users.findById(userId);
    if (!user) return { status: "no-such-user" };
    if (await this.#r.users.emailExists(newEmail)) return { status: "email-taken" };
    // Quietly capped like the other mails, so a session cannot turn the site into a mail cannon.
    const mayMail = this.#mailLimiter.tryAttempt(`email-change:${userId}`, this.#clock.now());
    await this.#write(async (r, fileMail) => {
      await r.audit.record("email-change-requested", userId, `by ${actor.userId}`);
      if (!mayMail) return;
      const hours = ACCOUNT_LIMITS.emailChangeLinkHours;
      const token = await this.#issueToken(r, userId, "email-change", hours * 60 * MINUTE, newEmail);
      const url = `${this.#d.config.publicUrl}/verify-user?token=${encodeURIComponent(token)}`;
      const name = displayName(user);
      await fileMail(confirmEmailChangeMail(this.#firm(), newEmail, name, url, hours));
      await fileMail(emailChangeRequestedMail(this.#firm(), user.email, name, newEmail));
    });
    return { status: "link-sent" };
  }

  /** Follows a link mailed by requestEmailChange: the account moves to the address it was sent to. */
  async confirmEmailChange(token: string): Promise<EmailChangeConfirmation> {
    let move: { userId: number; newEmail: string } | undefined;
    try {
      return await this.#write(async (r, fileMail): Promise<EmailChangeConfirmation> => {
        const used = await r.tokens.consume(hashToken(token), "email-change", this.#iso());
        if (!used?.newEmail) return { status: "invalid" };
        const user = await r.users.findById(used.userId);
        if (!user) return { status: "invalid" };
        if (await r.users.emailExists(used.newEmail)) return { status: "email-taken" };
        move = { userId: user.id, newEmail: used.newEmail };
        await r.users.changeEmail(user.id, used.newEmail);
        await r.audit.record("email-changed", user.id);
        await fileMail(emailChangedMail(this.#firm(), user.email, displayName(user), used.newEmail));
        return { status: "changed", email: used.newEmail.toLowerCase() };
      });
    } catch (error) {
      // A sign-up may take the address between the check and the update: the unique index refuses
      // it, the whole change rolls back, and the link stays unused.
      const holder = move && (await this.#r.users.findByEmail(move.newEmail));
      if (holder && holder.id !== move?.userId) return { status: "email-taken" };
      throw error;
    }
  }

  interests(userId: number): Promise<Interests> {
    return this.#r.preferences.interests(userId);
  }

  saveInterests(userId: number, interests: Interests): Promise<void> {
    return this.#r.preferences.saveInterests(userId, interests);
  }

  likedListingIds(userId: number): Promise<number[]> {
    return this.#r.preferences.likedListingIds(userId);
  }

  setLiked(userId: number, listingId: number, liked: boolean): Promise<void> {
    return this.#r.preferences.setLiked(userId, listingId, liked);
  }

  // Lookups for staff

  findUser(userId: number): Promise<User | undefined> {
    return this.#r.users.findById(userId);
  }

  /** The account with this address (any case), if there is one. */
  async findUserByEmail(email: string): Promise<User | undefined> {
    const credentials = await this.#r.users.findByEmail(email);
    return credentials && withoutCredentials(credentials);
  }

  /** Every account, newest first, optionally filtered by a name or email fragment (/admin/users). */
  list(search = "", limit = 500): Promise<AccountListEntry[]> {
    return this.#r.users.list(search, limit);
  }

  /** How many accounts exist. */
  count(): Promise<number> {
    return this.#r.users.count();
  }

  /** The latest entries of the accounts' audit log (logins, sign-ups, changes), newest first. */
  recentActivity(limit: number): Promise<AuditEntry[]> {
    return this.#r.audit.recent(limit);
  }

  // Internals

  /** Runs `work` in one transaction; mail it files goes out once that has committed. */
  #write<T>(work: (r: AccountStores, fileMail: FileMail) => Promise<T>): Promise<T> {
    return this.#d.mailroom.transaction(accountStores, work);
  }

  #iso(at = this.#clock.now()): string {
    return new Date(at).toISOString();
  }

  /**
   * One password check under the lockout: the attempt is counted before the slow hash runs, so
   * parallel guesses get at most `lockAfterFailures` checks per lock window.
   */
  async #checkPassword(user: UserCredentials, password: string, onSuccess: OnSuccess = "clear") {
    return this.#lockout.attempt(
      user.id,
      async () => ((await verifyPassword(user.passwordHash, password)) ? "ok" : "incorrect-password"),
      { onSuccess, failureAction: "login-failed" },
    );
  }

  /**
   * An admin viewing the site as a buyer sees what the buyer sees but changes none of the buyer's
   * credentials: a 403 for any password or email change from an impersonation session.
   */
  async #refuseWhileImpersonating(actor: Actor): Promise<void> {
    const session = actor.sessionToken
      ? await this.#r.sessions.find(hashToken(actor.sessionToken))
      : undefined;
    if (session && session.impersonatorId !== null)
      throw new AppError(403, IMPERSONATING_NO_ACCOUNT_CHANGES, "IMPERSONATING");
  }

  /** The current password (checked under the lockout) or a login in this session within 10 minutes. */
  async #proveIdentity(actor: Actor, currentPassword: string | undefined): Promise<"ok" | ProofFailure> {
    if (currentPassword) {
      const user = await this.#r.users.findCredentials(actor.userId);
      if (!user) return "reauthenticate";
      const check = await this.#checkPassword(user, currentPassword);
      return check.status;
    }
    if (!actor.sessionToken) return "reauthenticate";
    const session = await this.#r.sessions.find(hashToken(actor.sessionToken));
    if (!session?.authenticatedAt || session.userId !== actor.userId) return "reauthenticate";
    const age = this.#clock.now() - Date.parse(session.authenticatedAt);
    return age <= ACCOUNT_LIMITS.freshLoginMinutes * MINUTE ? "ok" : "reauthenticate";
  }

  /** A new password ends every session of the account; the owner is told by mail. */
  async #setPassword(r: AccountStores, fileMail: FileMail, userId: number, passwordHash: string) {
    await r.users.setPassword(userId, passwordHash);
    await r.sessions.deleteAllForUser(userId);
    const user = await r.users.findById(userId);
    if (user) await fileMail(passwordChangedMail(this.#firm(), user.email, displayName(user)));
  }

  async #fileVerification(r: AccountStores, fileMail: FileMail, user: User) {
    if (!this.#mailLimiter.tryAttempt(`verify:${user.id}`, this.#clock.now())) return;
    const hours = ACCOUNT_LIMITS.verifyLinkHours;
    const token = await this.#issueToken(r, user.id, "verify", hours * 60 * MINUTE);
    const url = `${this.#d.config.publicUrl}/verify-user?token=${encodeURIComponent(token)}`;
    await fileMail(verificationMail(this.#firm(), user.email, displayName(user), url, hours));
  }

  /** A newer link replaces older ones of the same purpose. */
  async #issueToken(
    r: AccountStores,
    userId: number,
    purpose: "verify" | "reset" | "email-change",
    lifetimeMs: number,
    newEmail?: string,
  ): Promise<string> {
    const now = this.#clock.now();
    await r.tokens.revokeAll(userId, purpose, this.#iso(now));
    const token = newToken();
    await r.tokens.insert({
      tokenHash: hashToken(token),
      userId,
      purpose,
      createdAt: this.#iso(now),
      expiresAt: this.#iso(now + lifetimeMs),
      newEmail: newEmail?.toLowerCase(),
    });
    return token;
  }

  #firm() {
    const { firmName, publicUrl, supportEmail } = this.#d.config;
    return { firmName, publicUrl, supportEmail };
  }

  #dummyPasswordHash(): Promise<string> {
    this.#dummyHash ??= hashPassword(newToken());
    return this.#dummyHash;
  }

  // First administrator (`npm run create-admin`): self-contained, so the section above can change freely.

  /**
   * Makes `email` (already validated) a verified administrator: a new account whose random password
   * nobody knows, or an existing account promoted with its password kept. Either way it issues a
   * one-time set-password link (the reset flow) and mails it; the link is returned too, because a fresh
   * deployment may have no working mail yet and the operator must still be able to get in.
   */
  async makeAdministrator(email: string): Promise<AdministratorResult> {
    const unknownPasswordHash = await hashPassword(newToken());
    const minutes = ACCOUNT_LIMITS.resetLinkMinutes;
    const { value, mailError } = await this.#d.mailroom.transactionReportingMail(
      accountStores,
      async (r, fileMail) => {
        const existing = await r.users.findByEmail(email);
        const user =
          existing ??
          (await r.users.insert({
            email,
            firstName: "Site",
            middle: null,
            lastName: "Administrator",
            verified: true,
            isAdmin: true,
            hasClaimAD: false,
            officialCompanyName: null,
            passwordHash: unknownPasswordHash,
          }));
        if (existing) await r.users.makeAdministrator(existing.id);
        const status = existing ? "promoted" : "created";
        await r.audit.record("administrator-made", user.id, `${status} by npm run create-admin`);
        const token = await this.#issueToken(r, user.id, "reset", minutes * MINUTE);
        const link = `${this.#d.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await fileMail(administratorInvitationMail(this.#firm(), user.email, link, minutes));
        return { status, link } as const;
      },
    );
    return { ...value, mailError };
  }
}

function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(cookieHeader ?? "")?.[1];
}

export interface AdministratorResult {
  /** Whether a new account was made or an existing one was given the admin role. */
  status: "created" | "promoted";
  /** The one-time set-password link (valid ACCOUNT_LIMITS.resetLinkMinutes). */
  link: string;
  /** Why the mail could not be sent (SMTP refused it), if it could not. */
  mailError: string | undefined;
}
