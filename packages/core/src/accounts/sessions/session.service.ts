import { displayName, type SessionUser } from "@aea/domain";
import type { AccountContext } from "../account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "../account-limits.ts";
import { viewStillAllowed } from "../impersonation/view-lifetime.ts";
import { hashToken, newToken } from "../tokens.ts";
import type { User } from "../user.repository.ts";
import type { SessionRepository } from "./session.repository.ts";
import { isLive } from "./session-lifetime.ts";

export interface SessionOptions {
  /** "View as": the admin, and the token of the admin's own session it lives no longer than. */
  impersonation?: { impersonatorId: number; staffSessionToken: string };
  authenticatedAt?: string | null;
  /** When a second factor was checked for this session (its login), if one was. */
  secondFactorAt?: string | null;
}

/** Sessions: starting one, the user behind a cookie (within its idle and absolute limits), ending one. */
export class SessionService {
  readonly #c: AccountContext;

  constructor(context: AccountContext) {
    this.#c = context;
  }

  /**
   * Starts a session and returns its token. `authenticatedAt` is when the password was last proved
   * for it: now for a login, an older session's time for a replacement, null for none (impersonation).
   */
  startSession(userId: number, remember: boolean, options: SessionOptions = {}): Promise<string> {
    return this.openSession(this.#c.stores.sessions, userId, remember, options);
  }

  /** startSession on the sessions of a caller's transaction (a login, a password change, "View as"). */
  async openSession(
    sessions: SessionRepository,
    userId: number,
    remember: boolean,
    { impersonation, authenticatedAt = this.#c.iso(), secondFactorAt = null }: SessionOptions,
  ): Promise<string> {
    const token = newToken();
    const now = this.#c.clock.now();
    const lifetime = remember
      ? ACCOUNT_LIMITS.rememberDays * 24 * 60 * MINUTE
      : ACCOUNT_LIMITS.browserSessionHours * 60 * MINUTE;
    await sessions.insert({
      tokenHash: hashToken(token),
      userId,
      remember,
      impersonatorId: impersonation?.impersonatorId ?? null,
      createdAt: this.#c.iso(now),
      lastSeenAt: this.#c.iso(now),
      expiresAt: this.#c.iso(now + lifetime),
      authenticatedAt: impersonation ? null : authenticatedAt,
      secondFactorAt: impersonation ? null : secondFactorAt,
      staffSessionHash: impersonation ? hashToken(impersonation.staffSessionToken) : null,
    });
    return token;
  }

  /** The user behind a session cookie, or undefined when the session is unknown, expired or idle too long. */
  async resolveSession(token: string | undefined): Promise<SessionUser | undefined> {
    if (!token || token === "null") return undefined;
    const r = this.#c.stores;
    const tokenHash = hashToken(token);
    const session = await r.sessions.find(tokenHash);
    if (!session) return undefined;
    const now = this.#c.clock.now();
    const user = await r.users.findById(session.userId);
    // Disabling ends the sessions; this covers one that raced the disable. "View as" ends with
    // its admin's own session, role or account, whichever goes first.
    const alive =
      isLive(session, now) &&
      user !== undefined &&
      !user.disabledAt &&
      (session.impersonatorId === null || (await viewStillAllowed(r, session, now)));
    if (!alive || !user) {
      await r.sessions.delete(tokenHash);
      return undefined;
    }
    // Writing on every request would be wasteful; a minute's precision is plenty for the idle limit.
    if (now - Date.parse(session.lastSeenAt) > MINUTE) {
      await r.sessions.touch(tokenHash, this.#c.iso(now));
      // The admin's own session is in use while they view as someone: it must not idle out under it.
      if (session.staffSessionHash) await r.sessions.touch(session.staffSessionHash, this.#c.iso(now));
    }
    return this.sessionUser(user, session.impersonatorId);
  }

  /** Ends a session and any "view as" started from it; an impersonation's logout names its admin. */
  async endSession(token: string | undefined, userId?: number): Promise<void> {
    if (!token) return;
    await this.#c.write(async (r) => {
      const tokenHash = hashToken(token);
      const session = await r.sessions.find(tokenHash);
      await r.sessions.deleteWithViews(tokenHash);
      if (userId)
        await r.audit.record({
          actor: userId,
          action: "logout",
          impersonator: session?.impersonatorId ?? null,
        });
    });
  }

  /**
   * The session's user as pages, the API and core see it. While staff view the site as the account
   * (`impersonatorId` set) no staff role applies: "view as" shows what a buyer sees and can reach
   * no staff page, route or service, whatever roles the account has.
   */
  sessionUser(user: User, impersonatorId: number | null = null): SessionUser {
    const staffRolesApply = impersonatorId === null;
    return {
      id: user.id,
      firstName: user.firstName,
      middle: user.middle,
      lastName: user.lastName,
      name: displayName(user),
      email: user.email,
      // Staff roles need a proved address: otherwise anyone could sign up as a listed manager.
      isAdmin: staffRolesApply && user.isAdmin && user.verified,
      hasPrivateDeals: user.privateListingIds.length > 0,
      privateListingIds: user.privateListingIds,
      hasClaimAD: staffRolesApply && user.hasClaimAD,
      isManagement: staffRolesApply && this.isManagement(user),
      officialCompanyName: user.officialCompanyName,
      impersonatorId,
      // Staff viewing as the buyer are not the ones asked to reset it.
      passwordResetRequired: staffRolesApply && user.passwordResetRequestedAt !== null,
    };
  }

  /** On the management list (MANAGEMENT_EMAILS) with a proved address. */
  isManagement(user: Pick<User, "email" | "verified">): boolean {
    return user.verified && this.#c.config.managementEmails.includes(user.email.toLowerCase());
  }
}
