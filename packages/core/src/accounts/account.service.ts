import { displayName, type Interests, type Profile, type SessionUser, type SignupInput } from "@aea/domain";
import type { Config } from "../config.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  administratorInvitationMail,
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
import type { User, UserRepository } from "./user.repository.ts";
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

interface AccountDeps {
  config: Config;
  users: UserRepository;
  sessions: SessionRepository;
  tokens: UserTokenRepository;
  preferences: BuyerPreferencesRepository;
  mailer: Mailer;
  audit: AuditLog;
}

/** Sign-up, verification, login, sessions, passwords, profile and interests. */
export class AccountService {
  readonly #d: AccountDeps;
  readonly #mailLimiter = new AttemptLimiter(ACCOUNT_LIMITS.mailsPerAccountPerHour, 60 * MINUTE);
  #dummyHash: Promise<string> | undefined;

  constructor(deps: AccountDeps) {
    this.#d = deps;
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

  async startSession(
    userId: number,
    remember: boolean,
    impersonatorId: number | null = null,
  ): Promise<string> {
    const token = newToken();
    const now = Date.now();
    const lifetime = remember
      ? ACCOUNT_LIMITS.rememberDays * 24 * 60 * MINUTE
      : ACCOUNT_LIMITS.browserSessionHours * 60 * MINUTE;
    await this.#d.sessions.insert({
      tokenHash: hashToken(token),
      userId,
      remember: remember ? 1 : 0,
      impersonatorId,
      createdAt: new Date(now).toISOString(),
      lastSeenAt: new Date(now).toISOString(),
      expiresAt: new Date(now + lifetime).toISOString(),
    });
    return token;
  }

  /** The user behind a session cookie, or undefined when the session is unknown, expired or idle too long. */
  async resolveSession(token: string | undefined): Promise<SessionUser | undefined> {
    if (!token || token === "null") return undefined;
    const tokenHash = hashToken(token);
    const session = await this.#d.sessions.find(tokenHash);
    if (!session) return undefined;
    const now = Date.now();
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
      await this.#d.sessions.touch(tokenHash, new Date(now).toISOString());
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
      isAdmin: user.isAdmin,
      hasPrivateDeals: user.hasPrivateDeals,
      hasClaimAD: user.hasClaimAD,
      isManagement: this.#d.config.managementEmails.includes(user.email.toLowerCase()),
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
    if (user.lockedUntil && Date.parse(user.lockedUntil) > Date.now()) {
      await verifyPassword(user.passwordHash, "");
      return { status: "locked", until: user.lockedUntil };
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      const lockedUntil = new Date(Date.now() + ACCOUNT_LIMITS.lockMinutes * MINUTE).toISOString();
      await this.#d.users.recordFailedLogin(user.id, ACCOUNT_LIMITS.lockAfterFailures, lockedUntil);
      await this.#d.audit.record("login-failed", user.id);
      if (user.failedLogins + 1 >= ACCOUNT_LIMITS.lockAfterFailures) {
        await this.#d.audit.record("account-locked", user.id, `until ${lockedUntil}`);
        return { status: "locked", until: lockedUntil };
      }
      return { status: "incorrect-password" };
    }
    // Checked after the password, so the answer reveals nothing to someone without it.
    if (!user.verified) return { status: "not-verified" };
    await this.#d.users.recordLogin(user.id);
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
    const userId = await this.#d.tokens.consume(hashToken(token), "verify", new Date().toISOString());
    if (!userId) return false;
    await this.#d.users.markVerified(userId);
    await this.#d.audit.record("email-verified", userId);
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
    if (!this.#mailLimiter.tryAttempt(`reset:${user.id}`)) return true;
    const token = await this.#issueToken(user.id, "reset", ACCOUNT_LIMITS.resetLinkMinutes * MINUTE);
    const url = `${this.#d.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.send(
      resetPasswordMail(this.#firm(), user.email, displayName(user), url, ACCOUNT_LIMITS.resetLinkMinutes),
    );
    return true;
  }

  /** Sets a new password from a mailed reset link; every session of the account ends. */
  async resetPassword(token: string, newPassword: string): Promise<boolean> {
    const userId = await this.#d.tokens.consume(hashToken(token), "reset", new Date().toISOString());
    if (!userId) return false;
    await this.#setPassword(userId, newPassword);
    // Following the mailed link proves the address, so an unverified account becomes verified.
    await this.#d.users.markVerified(userId);
    await this.#d.audit.record("password-reset", userId);
    return true;
  }

  /** Changes the signed-in user's password and logs out everywhere else; returns the new session token. */
  async changePassword(userId: number, newPassword: string, remember: boolean): Promise<string> {
    await this.#setPassword(userId, newPassword);
    await this.#d.audit.record("password-changed", userId);
    return this.startSession(userId, remember);
  }

  // Profile, interests, likes

  profile(userId: number): Promise<Profile | undefined> {
    return this.#d.users.findProfile(userId);
  }

  updateProfile(userId: number, profile: Profile): Promise<void> {
    return this.#d.users.updateProfile(userId, profile);
  }

  /** Moves the account to a new address, which must then be verified again. */
  async changeEmail(userId: number, newEmail: string): Promise<"changed" | "email-taken"> {
    if (await this.#d.users.emailExists(newEmail)) return "email-taken";
    await this.#d.users.changeEmail(userId, newEmail);
    await this.#d.audit.record("email-changed", userId);
    const user = await this.#d.users.findById(userId);
    if (user) await this.#sendVerification(user);
    return "changed";
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

  async #setPassword(userId: number, newPassword: string) {
    await this.#d.users.setPassword(userId, await hashPassword(newPassword));
    await this.#d.sessions.deleteAllForUser(userId);
    const user = await this.#d.users.findById(userId);
    if (user) await this.#d.mailer.send(passwordChangedMail(this.#firm(), user.email, displayName(user)));
  }

  async #sendVerification(user: User) {
    if (!this.#mailLimiter.tryAttempt(`verify:${user.id}`)) return;
    const token = await this.#issueToken(user.id, "verify", ACCOUNT_LIMITS.verifyLinkHours * 60 * MINUTE);
    const url = `${this.#d.config.publicUrl}/verify-user?token=${encodeURIComponent(token)}`;
    await this.#d.mailer.send(
      verificationMail(this.#firm(), user.email, displayName(user), url, ACCOUNT_LIMITS.verifyLinkHours),
    );
  }

  async #issueToken(userId: number, purpose: "verify" | "reset", lifetimeMs: number): Promise<string> {
    const now = new Date();
    await this.#d.tokens.revokeAll(userId, purpose, now.toISOString());
    const token = newToken();
    await this.#d.tokens.insert({
      tokenHash: hashToken(token),
      userId,
      purpose,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
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
