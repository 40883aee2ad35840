import { administratorInvitationMail } from "../mail/templates.ts";
import type { AccountContext } from "./account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import { accountStores } from "./account-stores.ts";
import { hashPassword } from "./password.ts";
import { newToken } from "./tokens.ts";

export interface AdministratorResult {
  /** Whether a new account was made or an existing one was given the admin role. */
  status: "created" | "promoted";
  /** The one-time set-password link (valid ACCOUNT_LIMITS.resetLinkMinutes). */
  link: string;
  /** Why the mail could not be sent (SMTP refused it), if it could not. */
  mailError: string | undefined;
}

/**
 * Makes `email` (already validated) a verified administrator (`npm run create-admin`): a new account
 * whose random password nobody knows, or an existing account promoted with its password kept. Either
 * way it issues a one-time set-password link (the reset flow) and mails it; the link is returned too,
 * because a fresh deployment may have no working mail yet and the operator must still be able to get in.
 */
export class FirstAdministrator {
  readonly #c: AccountContext;

  constructor(context: AccountContext) {
    this.#c = context;
  }

  async make(email: string): Promise<AdministratorResult> {
    const c = this.#c;
    const unknownPasswordHash = await hashPassword(newToken());
    const minutes = ACCOUNT_LIMITS.resetLinkMinutes;
    const { value, mailError } = await c.mailroom.transactionReportingMail(
      (trx) => accountStores(trx, c.clock),
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
        await r.audit.record({
          actor: null,
          action: "administrator-made",
          subject: { user: user.id },
          details: `${status} by npm run create-admin`,
        });
        const token = await c.issueToken(r, user.id, "reset", minutes * MINUTE);
        const link = c.linkTo("/reset-password", token);
        await fileMail(administratorInvitationMail(c.firm(), user.email, link, minutes));
        return { status, link } as const;
      },
    );
    return { ...value, mailError };
  }
}
