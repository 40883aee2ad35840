import { displayName } from "@aea/domain";
import { confirmEmailChangeMail, emailChangedMail, emailChangeRequestedMail } from "../mail/templates.ts";
import type { AccountContext } from "./account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import { type Actor, type ProofFailure, proveIdentity } from "./identity-proof.ts";
import { hashToken } from "./tokens.ts";

export type EmailChangeRequest =
  | { status: "link-sent" }
  | { status: "email-taken" | "no-such-user" }
  | { status: ProofFailure };

export type EmailChangeConfirmation =
  | { status: "changed"; email: string }
  | { status: "email-taken" | "invalid" };

/** Moving an account to a new address: a link to the new address, a notice to the old one. */
export class EmailChangeService {
  readonly #c: AccountContext;

  constructor(context: AccountContext) {
    this.#c = context;
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
    const proof = await proveIdentity(this.#c, actor, currentPassword);
    if (proof !== "ok") return { status: proof };
    const user = await this.#c.stores.users.findById(userId);
    if (!user) return { status: "no-such-user" };
    if (await this.#c.stores.users.emailExists(newEmail)) return { status: "email-taken" };
    const mayMail = await this.#c.mayMail("email-change", userId);
    await this.#c.write(async (r, fileMail) => {
      // Filed under the account, naming the asker in its details (as the user page has always shown it).
      await r.audit.record({
        actor: userId,
        action: "email-change-requested",
        details: `by ${actor.userId}`,
      });
      if (!mayMail) return;
      const hours = ACCOUNT_LIMITS.emailChangeLinkHours;
      const token = await this.#c.issueToken(r, userId, "email-change", hours * 60 * MINUTE, newEmail);
      const url = this.#c.linkTo("/verify-user", token);
      const name = displayName(user);
      await fileMail(confirmEmailChangeMail(this.#c.firm(), newEmail, name, url, hours));
      await fileMail(emailChangeRequestedMail(this.#c.firm(), user.email, name, newEmail));
    });
    return { status: "link-sent" };
  }

  /** Follows a link mailed by requestEmailChange: the account moves to the address it was sent to. */
  async confirmEmailChange(token: string): Promise<EmailChangeConfirmation> {
    let move: { userId: number; newEmail: string } | undefined;
    try {
      return await this.#c.write(async (r, fileMail): Promise<EmailChangeConfirmation> => {
        const used = await r.tokens.consume(hashToken(token), "email-change", this.#c.iso());
        if (!used?.newEmail) return { status: "invalid" };
        const user = await r.users.findById(used.userId);
        if (!user) return { status: "invalid" };
        if (await r.users.emailExists(used.newEmail)) return { status: "email-taken" };
        move = { userId: user.id, newEmail: used.newEmail };
        await r.users.changeEmail(user.id, used.newEmail);
        await r.audit.record({ actor: null, action: "email-changed", subject: { user: user.id } });
        await fileMail(emailChangedMail(this.#c.firm(), user.email, displayName(user), used.newEmail));
        return { status: "changed", email: used.newEmail.toLowerCase() };
      });
    } catch (error) {
      // A sign-up may take the address between the check and the update: the unique index refuses
      // it, the whole change rolls back, and the link stays unused.
      const holder = move && (await this.#c.stores.users.findByEmail(move.newEmail));
      if (holder && holder.id !== move?.userId) return { status: "email-taken" };
      throw error;
    }
  }
}
