import {
  displayName,
  hasSecondFactor,
  loginRequired,
  SECOND_FACTOR_LIMITS,
  type SecondFactors,
  type SessionUser,
} from "@aea/domain";
import { newBrowserLoginMail } from "../mail/templates.ts";
import type { AccountContext } from "./account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import type { LoginLockout } from "./login-lockout.ts";
import { spendPasswordCheckTime } from "./password.ts";
import type { SessionService } from "./sessions/session.service.ts";
import { hashToken, newToken } from "./tokens.ts";

/** A login's session, and the browser cookie to set (it names the browser for new-browser mails). */
export interface SignedIn {
  status: "ok";
  user: SessionUser;
  token: string;
  remember: boolean;
  browserToken: string;
  /** Staff marked the password for reset: its holder is asked to choose a new one (spec §8). */
  passwordResetRequired: boolean;
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

/** The browser a login comes from: its cookie (if it has one) and its address, for the new-browser mail. */
export interface LoginBrowser {
  browserToken?: string;
  ipAddress?: string;
}

/** Login: the password under the lockout, then a session or a pending login for the second factor. */
export class LoginService {
  readonly #c: AccountContext;
  readonly #sessions: SessionService;

  constructor(context: AccountContext, sessions: SessionService) {
    this.#c = context;
    this.#sessions = sessions;
  }

  /** The lockout shared by passwords and second factors (SecondFactorService counts against it). */
  get lockout(): LoginLockout {
    return this.#c.lockout;
  }

  /** The security numbers, for staff pages that explain them. */
  get limits(): typeof ACCOUNT_LIMITS {
    return ACCOUNT_LIMITS;
  }

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
    const r = this.#c.stores;
    const user = await r.users.findByEmail(email);
    if (!user) {
      await spendPasswordCheckTime(password);
      return { status: "unknown-email" };
    }
    const factors = await r.secondFactors.factorsOf(user.id);
    const needsSecondFactor = hasSecondFactor(factors);
    const check = await this.#c.lockout.checkPassword(
      user,
      password,
      needsSecondFactor ? "release" : "clear",
    );
    if (check.status === "locked") return check;
    if (check.status === "incorrect-password") return check;
    // Checked after the password, so the answer reveals nothing to someone without it.
    if (!user.verified) return { status: "not-verified" };
    if (user.disabledAt) return { status: "disabled" };
    if (needsSecondFactor) {
      const pendingLogin = newToken();
      const now = this.#c.clock.now();
      await r.secondFactors.deleteExpiredPendingLogins(this.#c.iso(now));
      await r.secondFactors.insertPendingLogin({
        tokenHash: hashToken(pendingLogin),
        userId: user.id,
        remember,
        createdAt: this.#c.iso(now),
        expiresAt: this.#c.iso(now + SECOND_FACTOR_LIMITS.pendingLoginMinutes * MINUTE),
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
    return this.#c.write(async (r, fileMail) => {
      const user = await r.users.findById(userId);
      if (!user) throw loginRequired();
      const now = this.#c.iso();
      await r.users.recordLogin(user.id, now);
      await r.audit.record({
        actor: user.id,
        action: "login",
        ip: ipAddress,
        details: secondFactorAt ? "with a second factor" : undefined,
      });
      // The first browser an account is seen in is remembered quietly (every account's first login,
      // and each account's first login after this feature arrived); any later new one is mailed.
      const knewBrowsers = await r.secondFactors.hasKnownBrowsers(user.id);
      const newBrowser = await r.secondFactors.rememberBrowser(user.id, hashToken(browserToken), now);
      if (newBrowser && knewBrowsers) {
        await r.audit.record({
          actor: user.id,
          action: "new-browser-login",
          ip: ipAddress,
          details: ipAddress,
        });
        await fileMail(
          newBrowserLoginMail(this.#c.firm(), user.email, displayName(user), { at: now, ipAddress }),
        );
      }
      const token = await this.#sessions.openSession(r.sessions, user.id, remember, { secondFactorAt });
      return {
        status: "ok",
        user: this.#sessions.sessionUser(user),
        token,
        remember,
        browserToken,
        passwordResetRequired: user.passwordResetRequestedAt !== null,
      } as const;
    });
  }
}
