import { displayName, type Interests, type Profile, type SessionUser, type SignupInput } from "@aea/domain";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  administratorInvitationMail,
  confirmEmailChangeMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  resetPasswordMail,
  verificationMail,
} from "../mail/templates.ts";
import { AttemptLimiter } from "./attempt-limiter.ts";
import type { AuditLog } from "./audit-log.ts";
import type { BuyerPreferencesRepository } from "./buyer-preferences.repository.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { SessionRepository } from "./session.repository.ts";
import { clearedSessionCookie, SESSION_COOKIE, sessionCookie } from "./session-cookie.ts";
import { hashToken, newToken } from "./tokens.ts";
import type { User, UserCredentials, UserRepository } from "./user.repository.ts";
import type { UserTokenRepository } from "./user-token.repository.ts";

/** Account security numbers (documented in the README). */
export const ACCOUNT_LIMITS = {
  /** Failed logins that lock an account… */
  lockAfterFailures: 10,
  /** …for this long. */
  lockMinutes: 10,
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

export type LoginResult =
  | { status: "ok"; user: SessionUser; token: string; remember: boolean }
  | { status: "unknown-email" }
  | { status: "incorrect-password" }
  | { status: "not-verified" }
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

export type EmailChangeConfirmation =
  | { status: "changed"; email: string }
  | { status: "email-taken" | "invalid" };

interface AccountDeps {
  config: Config;
  users: UserRepository;
  sessions: SessionRepository;
  tokens: UserTokenRepository;
  preferences: BuyerPreferencesRepository;
  mailer: Mailer;
  audit: AuditLog;
  /** The system clock unless a test moves time. */
  clock?: Clock;
}

/** Sign-up, verification, login, sessions, passwords, profile and interests. */
export class AccountService {
  readonly #d: AccountDeps;
  readonly #clock: Clock;
  readonly #mailLimiter = new AttemptLimiter(ACCOUNT_LIMITS.mailsPerAccountPerHour, 60 * MINUTE);
  #dummyHash: Promise<string> | undefined;

  constructor(deps: AccountDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? systemClock;
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

  /** The session token in a Cookie header, if any. */
  sessionTokenFrom(cookieHeader: string | null | undefined): string | undefined {
    const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(cookieHeader ?? "");
    return match?.[1];
  }

  #secureCookies(): boolean {
    return this.#d.config.publicUrl.startsWith("https://");
  }

  /**
   * Starts a session and returns its token. `authenticatedAt` is when the password was last proved
   * for it: now for a login, an older session's time for a replacement, null for none (impersonation).
   */
  async startSession(
    userId: number,
    remember: boolean,
    {
      impersonatorId = null,
      authenticatedAt = this.#iso(),
    }: { impersonatorId?: number | null; authenticatedAt?: string | null } = {},
  ): Promise<string> {
    const token = newToken();
    const now = this.#clock.now();
    const lifetime = remember
      ? ACCOUNT_LIMITS.rememberDays * 24 * 60 * MINUTE
      : ACCOUNT_LIMITS.browserSessionHours * 60 * MINUTE;
    await this.#d.sessions.insert({
      tokenHash: hashToken(token),
      userId,
      remember: remember ? 1 : 0,
      impersonatorId,
      createdAt: this.#iso(now),
      lastSeenAt: this.#iso(now),
      expiresAt: this.#iso(now + lifetime),
      authenticatedAt: impersonatorId === null ? authenticatedAt : null,
    });
    return token;
  }

  /** The user behind a session cookie, or undefined when the session is unknown, expired or idle too long. */
  async resolveSession(token: string | undefined): Promise<SessionUser | undefined> {
    if (!token || token === "null") return undefined;
    const tokenHash = hashToken(token);
    const session = await this.#d.sessions.find(tokenHash);
    if (!session) return undefined;
    const now = this.#clock.now();
    const idle =
      !session.remember && now - Date.parse(session.lastSeenAt) > ACCOUNT_LIMITS.idleMinutes * MINUTE;
    if (Date.parse(session.expiresAt) <= now || idle) {
      await this.#d.sessions.delete(tokenHash);
      return undefined;
    }
    const user = await this.#d.users.findById(session.userId);
    if (!user) return undefined;
    // Writing on every request would be wasteful; a minute's precision is plenty for the idle limit.
    if (now - Date.parse(session.lastSeenAt) > MINUTE)
      await this.#d.sessions.touch(tokenHash, this.#iso(now));
    return this.sessionUser(user, session.impersonatorId);
  }

  async endSession(token: string | undefined, userId?: number): Promise<void> {
    if (!token) return;
    await this.#d.sessions.delete(hashToken(token));
    if (userId) await this.#d.audit.record("logout", userId);
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
      hasPrivateDeals: user.hasPrivateDeals,
      hasClaimAD: user.hasClaimAD,
      isManagement: user.verified && this.#d.config.managementEmails.includes(user.email.toLowerCase()),
      officialCompanyName: user.officialCompanyName,
      impersonatorId,
    };
  }

  // Login

  async login(email: string, password: string, remember: boolean): Promise<LoginResult> {
    const user = await this.#d.users.findByEmail(email);
    if (!user) {
      // Spend the same time as a real check, so timing does not tell which emails have accounts.
      await verifyPassword(await this.#dummyPasswordHash(), password);
      return { status: "unknown-email" };
    }
    const check = await this.#checkPassword(user, password);
    if (check.status === "locked") return check;
    if (check.status === "incorrect-password") return check;
    // Checked after the password, so the answer reveals nothing to someone without it.
    if (!user.verified) return { status: "not-verified" };
    await this.#d.users.recordLogin(user.id, this.#iso());
    await this.#d.audit.record("login", user.id);
    const token = await this.startSession(user.id, remember);
    return { status: "ok", user: this.sessionUser(user), token, remember };
  }

  // Sign-up and verification

  async emailAvailable(email: string): Promise<boolean> {
    return !(await this.#d.users.emailExists(email));
  }

  async signup(
    input: SignupInput,
  ): Promise<{ status: "created"; userId: number } | { status: "email-taken" }> {
    if (await this.#d.users.emailExists(input.email)) return { status: "email-taken" };
    const user = await this.#d.users.insert({
      email: input.email,
      firstName: input.firstName,
      middle: null,
      lastName: input.lastName,
      verified: false,
      isAdmin: false,
      hasPrivateDeals: false,
      hasClaimAD: false,
      officialCompanyName: null,
      passwordHash: await hashPassword(input.password),
    });
    await this.#d.audit.record("signup", user.id);
    await this.#sendVerification(user);
    return { status: "created", userId: user.id };
  }

  /** Sends a new verification link to an unverified account; quietly does nothing otherwise. */
  async resendVerification(email: string): Promise<void> {
    const user = await this.#d.users.findByEmail(email);
    if (!user || user.verified) return;
    await this.#sendVerification(user);
  }

  async verifyUser(token: string): Promise<boolean> {
    const used = await this.#d.tokens.consume(hashToken(token), "verify", this.#iso());
    if (!used) return false;
    await this.#d.users.markVerified(used.userId);
    await this.#d.audit.record("email-verified", used.userId);
    return true;
  }

  // Passwords

  /** Mails a reset link; false when no account has that email (the spec's forgot-password failure). */
  async sendResetPasswordEmail(email: string): Promise<boolean> {
    const user = await this.#d.users.findByEmail(email);
    if (!user) {
      await verifyPassword(await this.#dummyPasswordHash(), email);
      return false;
    }
    if (!this.#mailLimiter.tryAttempt(`reset:${user.id}`, this.#clock.now())) return true;
    const token = await this.#issueToken(user.id, "reset", ACCOUNT_LIMITS.resetLinkMinutes * MINUTE);
    const url = `${this.#d.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.send(
      resetPasswordMail(this.#firm(), user.email, displayName(user), url, ACCOUNT_LIMITS.resetLinkMinutes),
    );
    return true;
  }

  /** Sets a new password from a mailed reset link; every session of the account ends. */
  async resetPassword(token: string, newPassword: string): Promise<boolean> {
    const used = await this.#d.tokens.consume(hashToken(token), "reset", this.#iso());
    if (!used) return false;
    const { userId } = used;
    await this.#setPassword(userId, newPassword);
    // Following the mailed link proves the address, so an unverified account becomes verified.
    await this.#d.users.markVerified(userId);
    await this.#d.audit.record("password-reset", userId);
    return true;
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
    const proof = await this.#proveIdentity(actor, currentPassword);
    if (proof !== "ok") return { status: proof };
    const session = actor.sessionToken
      ? await this.#d.sessions.find(hashToken(actor.sessionToken))
      : undefined;
    const remember = session?.remember === 1;
    await this.#setPassword(actor.userId, newPassword);
    await this.#d.audit.record("password-changed", actor.userId);
    const token = await this.startSession(actor.userId, remember, {
      authenticatedAt: session?.authenticatedAt ?? null,
    });
    return { status: "changed", token, remember };
  }

  // Profile, interests, likes

  profile(userId: number): Promise<Profile | undefined> {
    return this.#d.users.findProfile(userId);
  }

  updateProfile(userId: number, profile: Profile): Promise<void> {
    return this.#d.users.updateProfile(userId, profile);
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
    const proof = await this.#proveIdentity(actor, currentPassword);
    if (proof !== "ok") return { status: proof };
    const user = await this.#d.users.findById(userId);
    if (!user) return { status: "no-such-user" };
    if (await this.#d.users.emailExists(newEmail)) return { status: "email-taken" };
    await this.#d.audit.record("email-change-requested", userId, `by ${actor.userId}`);
    // Quietly capped like the other mails, so a session cannot turn the site into a mail cannon.
    if (!this.#mailLimiter.tryAttempt(`email-change:${userId}`, this.#clock.now()))
      return { status: "link-sent" };
    const hours = ACCOUNT_LIMITS.emailChangeLinkHours;
    const token = await this.#issueToken(userId, "email-change", hours * 60 * MINUTE, newEmail);
    const url = `${this.#d.config.publicUrl}/verify-user?token=${encodeURIComponent(token)}`;
    const name = displayName(user);
    await this.#d.mailer.send(confirmEmailChangeMail(this.#firm(), newEmail, name, url, hours));
    await this.#d.mailer.send(emailChangeRequestedMail(this.#firm(), user.email, name, newEmail));
    return { status: "link-sent" };
  }

  /** Follows a link mailed by requestEmailChange: the account moves to the address it was sent to. */
  async confirmEmailChange(token: string): Promise<EmailChangeConfirmation> {
    const used = await this.#d.tokens.consume(hashToken(token), "email-change", this.#iso());
    if (!used?.newEmail) return { status: "invalid" };
    const user = await this.#d.users.findById(used.userId);
    if (!user) return { status: "invalid" };
    if (await this.#d.users.emailExists(used.newEmail)) return { status: "email-taken" };
    try {
      await this.#d.users.changeEmail(user.id, used.newEmail);
    } catch (error) {
      // A sign-up may take the address between the check and the update; the unique index refuses it.
      if (await this.#d.users.emailExists(used.newEmail)) return { status: "email-taken" };
      throw error;
    }
    await this.#d.audit.record("email-changed", user.id);
    await this.#d.mailer.send(emailChangedMail(this.#firm(), user.email, displayName(user), used.newEmail));
    return { status: "changed", email: used.newEmail.toLowerCase() };
  }

  interests(userId: number): Promise<Interests> {
    return this.#d.preferences.interests(userId);
  }

  saveInterests(userId: number, interests: Interests): Promise<void> {
    return this.#d.preferences.saveInterests(userId, interests);
  }

  likedListingIds(userId: number): Promise<number[]> {
    return this.#d.preferences.likedListingIds(userId);
  }

  setLiked(userId: number, listingId: number, liked: boolean): Promise<void> {
    return this.#d.preferences.setLiked(userId, listingId, liked);
  }

  findUser(userId: number): Promise<User | undefined> {
    return this.#d.users.findById(userId);
  }

  // Internals

  #iso(at = this.#clock.now()): string {
    return new Date(at).toISOString();
  }

  /**
   * One password check under the lockout: the attempt is counted before the slow hash runs, so
   * parallel guesses get at most `lockAfterFailures` checks per lock window.
   */
  async #checkPassword(
    user: UserCredentials,
    password: string,
  ): Promise<{ status: "ok" } | { status: "incorrect-password" } | { status: "locked"; until: string }> {
    const now = this.#clock.now();
    const lockUntil = this.#iso(now + ACCOUNT_LIMITS.lockMinutes * MINUTE);
    const attempt = await this.#d.users.reserveLoginAttempt(user.id, {
      now: this.#iso(now),
      lockAfter: ACCOUNT_LIMITS.lockAfterFailures,
      lockUntil,
    });
    if (attempt === undefined) {
      const current = await this.#d.users.findCredentials(user.id);
      return { status: "locked", until: current?.lockedUntil ?? lockUntil };
    }
    if (await verifyPassword(user.passwordHash, password)) {
      await this.#d.users.clearFailedLogins(user.id);
      return { status: "ok" };
    }
    await this.#d.audit.record("login-failed", user.id);
    if (attempt >= ACCOUNT_LIMITS.lockAfterFailures) {
      await this.#d.audit.record("account-locked", user.id, `until ${lockUntil}`);
      return { status: "locked", until: lockUntil };
    }
    return { status: "incorrect-password" };
  }

  /** The current password (checked under the lockout) or a login in this session within 10 minutes. */
  async #proveIdentity(actor: Actor, currentPassword: string | undefined): Promise<"ok" | ProofFailure> {
    if (currentPassword) {
      const user = await this.#d.users.findCredentials(actor.userId);
      if (!user) return "reauthenticate";
      const check = await this.#checkPassword(user, currentPassword);
      return check.status;
    }
    if (!actor.sessionToken) return "reauthenticate";
    const session = await this.#d.sessions.find(hashToken(actor.sessionToken));
    if (!session?.authenticatedAt || session.userId !== actor.userId) return "reauthenticate";
    const age = this.#clock.now() - Date.parse(session.authenticatedAt);
    return age <= ACCOUNT_LIMITS.freshLoginMinutes * MINUTE ? "ok" : "reauthenticate";
  }

  async #setPassword(userId: number, newPassword: string) {
    await this.#d.users.setPassword(userId, await hashPassword(newPassword));
    await this.#d.sessions.deleteAllForUser(userId);
    const user = await this.#d.users.findById(userId);
    if (user) await this.#d.mailer.send(passwordChangedMail(this.#firm(), user.email, displayName(user)));
  }

  async #sendVerification(user: User) {
    if (!this.#mailLimiter.tryAttempt(`verify:${user.id}`, this.#clock.now())) return;
    const token = await this.#issueToken(user.id, "verify", ACCOUNT_LIMITS.verifyLinkHours * 60 * MINUTE);
    const url = `${this.#d.config.publicUrl}/verify-user?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.send(
      verificationMail(this.#firm(), user.email, displayName(user), url, ACCOUNT_LIMITS.verifyLinkHours),
    );
  }

  async #issueToken(
    userId: number,
    purpose: "verify" | "reset" | "email-change",
    lifetimeMs: number,
    newEmail?: string,
  ): Promise<string> {
    const now = this.#clock.now();
    await this.#d.tokens.revokeAll(userId, purpose, this.#iso(now));
    const token = newToken();
    await this.#d.tokens.insert({
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
    const existing = await this.#d.users.findByEmail(email);
    const user =
      existing ??
      (await this.#d.users.insert({
        email,
        firstName: "Site",
        middle: null,
        lastName: "Administrator",
        verified: true,
        isAdmin: true,
        hasPrivateDeals: false,
        hasClaimAD: false,
        officialCompanyName: null,
        passwordHash: await hashPassword(newToken()),
      }));
    if (existing) await this.#d.users.makeAdministrator(existing.id);
    const status = existing ? "promoted" : "created";
    await this.#d.audit.record("administrator-made", user.id, `${status} by npm run create-admin`);
    const minutes = ACCOUNT_LIMITS.resetLinkMinutes;
    const token = await this.#issueToken(user.id, "reset", minutes * MINUTE);
    const link = `${this.#d.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    try {
      await this.#d.mailer.send(administratorInvitationMail(this.#firm(), user.email, link, minutes));
      return { status, link, mailError: undefined };
    } catch (error) {
      return { status, link, mailError: error instanceof Error ? error.message : String(error) };
    }
  }
}

export interface AdministratorResult {
  /** Whether a new account was made or an existing one was given the admin role. */
  status: "created" | "promoted";
  /** The one-time set-password link (valid ACCOUNT_LIMITS.resetLinkMinutes). */
  link: string;
  /** Why the mail could not be sent (SMTP refused it), if it could not. */
  mailError: string | undefined;
}
