import { displayName, type SignupInput } from "@aea/domain";
import type { FileMail } from "../mail/mailroom.ts";
import { verificationMail } from "../mail/templates.ts";
import type { AccountContext } from "./account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import type { AccountStores } from "./account-stores.ts";
import { hashPassword } from "./password.ts";
import { hashToken } from "./tokens.ts";
import type { User } from "./user.repository.ts";

/** What a mailed /verify-user link asks for, read before the visitor confirms it. */
export type MailedLink =
  | { purpose: "verify" }
  | { purpose: "email-change"; newEmail: string }
  | { purpose: "invalid" };

/** Sign-up and the verification of its address by a mailed link. */
export class SignUpService {
  readonly #c: AccountContext;

  constructor(context: AccountContext) {
    this.#c = context;
  }

  async emailAvailable(email: string): Promise<boolean> {
    return !(await this.#c.stores.users.emailExists(email));
  }

  async signup(
    input: SignupInput,
  ): Promise<{ status: "created"; userId: number } | { status: "email-taken" }> {
    if (await this.#c.stores.users.emailExists(input.email)) return { status: "email-taken" };
    const passwordHash = await hashPassword(input.password);
    const user = await this.#c.write(async (r, fileMail) => {
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
      await r.audit.record({ actor: created.id, action: "signup" });
      await this.#fileVerification(r, fileMail, created);
      return created;
    });
    return { status: "created", userId: user.id };
  }

  /** Sends a new verification link to an unverified account; quietly does nothing otherwise. */
  async resendVerification(email: string): Promise<void> {
    const user = await this.#c.stores.users.findByEmail(email);
    if (!user || user.verified) return;
    await this.#c.write((r, fileMail) => this.#fileVerification(r, fileMail, user));
  }

  /**
   * Reads a /verify-user link without using it (a sign-up's verification or an email change): the
   * page asks the visitor to confirm, and only their POST runs verifyUser or confirmEmailChange.
   */
  async mailedLink(token: string): Promise<MailedLink> {
    const live = await this.#c.stores.tokens.findLive(hashToken(token), this.#c.iso());
    if (live?.purpose === "verify") return { purpose: "verify" };
    if (live?.purpose === "email-change" && live.newEmail)
      return { purpose: "email-change", newEmail: live.newEmail.toLowerCase() };
    return { purpose: "invalid" };
  }

  async verifyUser(token: string): Promise<boolean> {
    return this.#c.write(async (r) => {
      const used = await r.tokens.consume(hashToken(token), "verify", this.#c.iso());
      if (!used) return false;
      await r.users.markVerified(used.userId);
      await r.audit.record({ actor: null, action: "email-verified", subject: { user: used.userId } });
      return true;
    });
  }

  async #fileVerification(r: AccountStores, fileMail: FileMail, user: User) {
    if (!(await this.#c.mayMail("verify", user.id))) return;
    const hours = ACCOUNT_LIMITS.verifyLinkHours;
    const token = await this.#c.issueToken(r, user.id, "verify", hours * 60 * MINUTE);
    const url = this.#c.linkTo("/verify-user", token);
    await fileMail(verificationMail(this.#c.firm(), user.email, displayName(user), url, hours));
  }
}
