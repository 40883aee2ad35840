import { displayName } from "@aea/domain";
import type { FileMail } from "../mail/mailroom.ts";
import { passwordChangedMail, resetPasswordMail } from "../mail/templates.ts";
import type { AccountContext } from "./account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import type { AccountStores } from "./account-stores.ts";
import { type Actor, type ProofFailure, proveIdentity } from "./identity-proof.ts";
import { hashPassword, spendPasswordCheckTime } from "./password.ts";
import type { SessionService } from "./sessions/session.service.ts";
import { hashToken } from "./tokens.ts";

export type ChangePasswordResult =
  | { status: "changed"; token: string; remember: boolean }
  | { status: ProofFailure };

/** Passwords: the forgotten password's mailed link, and the signed-in user's change. */
export class PasswordService {
  readonly #c: AccountContext;
  readonly #sessions: SessionService;

  constructor(context: AccountContext, sessions: SessionService) {
    this.#c = context;
    this.#sessions = sessions;
  }

  /** Mails a reset link; false when no account has that email (the spec's forgot-password failure). */
  async sendResetPasswordEmail(email: string): Promise<boolean> {
    const user = await this.#c.stores.users.findByEmail(email);
    if (!user) {
      await spendPasswordCheckTime(email);
      return false;
    }
    if (!(await this.#c.mayMail("reset", user.id))) return true;
    await this.#c.write(async (r, fileMail) => {
      const minutes = ACCOUNT_LIMITS.resetLinkMinutes;
      const token = await this.#c.issueToken(r, user.id, "reset", minutes * MINUTE);
      const url = this.#c.linkTo("/reset-password", token);
      await fileMail(resetPasswordMail(this.#c.firm(), user.email, displayName(user), url, minutes));
    });
    return true;
  }

  /** Sets a new password from a mailed reset link; every session of the account ends. */
  async resetPassword(token: string, newPassword: string): Promise<boolean> {
    const passwordHash = await hashPassword(newPassword);
    return this.#c.write(async (r, fileMail) => {
      const used = await r.tokens.consume(hashToken(token), "reset", this.#c.iso());
      if (!used) return false;
      await this.#setPassword(r, fileMail, used.userId, passwordHash);
      // Following the mailed link proves the address, so an unverified account becomes verified.
      await r.users.markVerified(used.userId);
      await r.audit.record({ actor: null, action: "password-reset", subject: { user: used.userId } });
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
    const proof = await proveIdentity(this.#c, actor, currentPassword);
    if (proof !== "ok") return { status: proof };
    const passwordHash = await hashPassword(newPassword);
    return this.#c.write(async (r, fileMail) => {
      const session = actor.sessionToken ? await r.sessions.find(hashToken(actor.sessionToken)) : undefined;
      const remember = session?.remember ?? false;
      await this.#setPassword(r, fileMail, actor.userId, passwordHash);
      await r.audit.record({ actor: actor.userId, action: "password-changed" });
      const token = await this.#sessions.openSession(r.sessions, actor.userId, remember, {
        authenticatedAt: session?.authenticatedAt ?? null,
      });
      return { status: "changed", token, remember };
    });
  }

  /** A new password ends every session of the account; the owner is told by mail. */
  async #setPassword(r: AccountStores, fileMail: FileMail, userId: number, passwordHash: string) {
    await r.users.setPassword(userId, passwordHash);
    await r.sessions.deleteAllForUser(userId);
    const user = await r.users.findById(userId);
    if (user) await fileMail(passwordChangedMail(this.#c.firm(), user.email, displayName(user)));
  }
}
