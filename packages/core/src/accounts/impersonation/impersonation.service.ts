import {
  CANNOT_IMPERSONATE_ADMIN,
  CANNOT_IMPERSONATE_DISABLED,
  CANNOT_IMPERSONATE_SELF,
  CANNOT_IMPERSONATE_STAFF,
  fail,
} from "@aea/domain";
import type { AccountContext } from "../account-context.ts";
import type { SecondFactorService } from "../second-factor/second-factor.service.ts";
import type { SessionService } from "../sessions/session.service.ts";
import { clearedSessionCookie, STAFF_SESSION_COOKIE, sessionCookie } from "../sessions/session-cookie.ts";
import { cookieValue, type SessionCookies } from "../sessions/session-cookies.ts";
import { hashToken } from "../tokens.ts";
import { changeAccount, requireStaff, type StaffActor } from "../user-admin/staff-actor.ts";

/** How long an ended impersonation session still answers requests that were already on their way. */
const STOP_GRACE_MS = 15_000;

/**
 * "View as": an admin sees the site as a buyer sees it (decision 018). The pieces elsewhere, all
 * pointing here:
 * - the view's lifetime, tied to the admin's own session and role: ./view-lifetime.ts, checked by
 *   SessionService.resolveSession;
 * - no staff role in a view: SessionService.sessionUser; no write from a view: `refuseWhileViewingAs`
 *   in @aea/domain (accounts/roles.ts), called by core's writes and apps/server/src/plugins/viewing-as.ts;
 * - the trail: `impersonatorId` on audit entries and data-room events ("{admin} viewing as {buyer}");
 * - the pages: Start on /admin/users/:id, the banner with Stop in the site header, /impersonation/stop,
 *   and logout ending both sessions.
 */
export class ImpersonationService {
  readonly #c: AccountContext;
  readonly #sessions: SessionService;
  readonly #cookies: SessionCookies;
  readonly #secondFactor: SecondFactorService;

  constructor(deps: {
    context: AccountContext;
    sessions: SessionService;
    cookies: SessionCookies;
    secondFactor: SecondFactorService;
  }) {
    this.#c = deps.context;
    this.#sessions = deps.sessions;
    this.#cookies = deps.cookies;
    this.#secondFactor = deps.secondFactor;
  }

  /**
   * Starts a session as a buyer for the admin's browser, marked with the admin as its impersonator
   * and tied to the admin's own session (`staffSessionToken`): it is read-only, carries no staff
   * role, and ends when that session, the admin's role or account does. Admins, management and claim
   * staff, the admin themself and disabled accounts cannot be viewed as. Returns the new session's token.
   */
  async start(actor: StaffActor, userId: number, staffSessionToken: string): Promise<string> {
    if (userId === actor.user.id) throw fail("REFUSED", CANNOT_IMPERSONATE_SELF);
    requireStaff(actor);
    // The session that stays aside while viewing as is the one whose second factor must be fresh.
    await this.#secondFactor.requireRecentCheck({ userId: actor.user.id, sessionToken: staffSessionToken });
    return changeAccount(this.#c, actor, userId, async (r, user) => {
      if (user.isAdmin) throw fail("REFUSED", CANNOT_IMPERSONATE_ADMIN);
      if (user.hasClaimAD || this.#sessions.isManagement(user))
        throw fail("REFUSED", CANNOT_IMPERSONATE_STAFF);
      if (user.disabledAt) throw fail("REFUSED", CANNOT_IMPERSONATE_DISABLED);
      const token = await this.#sessions.openSession(r.sessions, userId, false, {
        impersonation: { impersonatorId: actor.user.id, staffSessionToken },
      });
      await r.audit.record({
        actor: actor.user.id,
        action: "impersonation-started",
        subject: { user: userId },
      });
      return token;
    });
  }

  /**
   * Ends an impersonation session and says whether the admin's own session (kept aside while viewing)
   * is still theirs to go back to, and whom they were viewing as.
   */
  async stop(
    impersonationToken: string | undefined,
    staffToken: string | undefined,
  ): Promise<{ userId: number | null; staffSession: { remember: boolean } | null }> {
    return this.#c.transaction(async (r) => {
      const session = impersonationToken ? await r.sessions.find(hashToken(impersonationToken)) : undefined;
      const impersonating = session && session.impersonatorId !== null ? session : undefined;
      if (impersonating) {
        // Not deleted outright: a request the buyer's view had in flight would find no session and
        // clear the cookie, erasing the admin's session that Stop has just put back. The cookie no
        // longer carries this token, so it dies unused a few seconds later.
        await r.sessions.expireBy(impersonating.tokenHash, this.#c.iso(this.#c.clock.now() + STOP_GRACE_MS));
        await r.audit.record({
          actor: impersonating.impersonatorId,
          action: "impersonation-stopped",
          subject: { user: impersonating.userId },
        });
      }
      const staff = staffToken ? await r.sessions.find(hashToken(staffToken)) : undefined;
      // The kept session goes back only to the admin who started viewing (or, with no live
      // impersonation to compare, to a session that is not itself an impersonation).
      const mayRestore =
        staff !== undefined &&
        staff.impersonatorId === null &&
        (!impersonating || staff.userId === impersonating.impersonatorId);
      return {
        userId: impersonating?.userId ?? null,
        staffSession: mayRestore ? { remember: staff.remember } : null,
      };
    });
  }

  /**
   * Set-Cookie values that start viewing the site as a buyer: the impersonation session in the
   * session cookie, the admin's own token kept aside (for the browser session only).
   */
  cookieHeaders(impersonationToken: string, staffToken: string): string[] {
    const secure = this.#cookies.secure;
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
    return clearedSessionCookie({ secure: this.#cookies.secure, name: STAFF_SESSION_COOKIE });
  }
}
