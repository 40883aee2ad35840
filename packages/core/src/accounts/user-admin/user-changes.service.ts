import {
  CANNOT_DISABLE_SELF,
  CANNOT_REMOVE_OWN_ADMIN,
  fail,
  notFound,
  type Profile,
  STAFF_ROLE_NEEDS_VERIFIED,
} from "@aea/domain";
import type { AccountContext } from "../account-context.ts";
import type { PasswordService } from "../password.service.ts";
import type { SecondFactorService } from "../second-factor/second-factor.service.ts";
import type { SignUpService } from "../sign-up.service.ts";
import { changeAccount, NO_SUCH_USER, requireStaff, type StaffActor } from "./staff-actor.ts";

export type StaffRole = "isAdmin" | "hasClaimAD";

/**
 * The changes staff make to an account from its page: profile edits, verification, mailed links,
 * disabling, ending its sessions, staff roles. Each runs in one transaction with its audit entry
 * naming the admin who made it.
 */
export class UserChangesService {
  readonly #c: AccountContext;
  readonly #signUp: SignUpService;
  readonly #passwords: PasswordService;
  readonly #secondFactor: SecondFactorService;

  constructor(deps: {
    context: AccountContext;
    signUp: SignUpService;
    passwords: PasswordService;
    secondFactor: SecondFactorService;
  }) {
    this.#c = deps.context;
    this.#signUp = deps.signUp;
    this.#passwords = deps.passwords;
    this.#secondFactor = deps.secondFactor;
  }

  async updateProfile(actor: StaffActor, userId: number, profile: Omit<Profile, "email">): Promise<void> {
    await changeAccount(this.#c, actor, userId, async (r, user) => {
      await r.users.updateProfile(userId, { ...profile, email: user.email });
      await r.audit.record({ actor: actor.user.id, action: "profile-edited", subject: { user: userId } });
    });
  }

  async markVerified(actor: StaffActor, userId: number): Promise<void> {
    await changeAccount(this.#c, actor, userId, async (r, user) => {
      if (user.verified) return;
      await r.users.markVerified(userId);
      await r.audit.record({ actor: actor.user.id, action: "verified-by-staff", subject: { user: userId } });
    });
  }

  /** Mails the account a new verification link (as the buyer's own resend does, with its hourly cap). */
  async resendVerification(actor: StaffActor, userId: number): Promise<void> {
    const user = await this.#target(actor, userId);
    if (user.verified) throw fail("REFUSED", "This address is already verified.");
    await this.#signUp.resendVerification(user.email);
    await this.#c.stores.audit.record({
      actor: actor.user.id,
      action: "verification-resent",
      subject: { user: userId },
    });
  }

  /** Mails the account a password-reset link (the forgot-password flow, with its hourly cap). */
  async sendResetLink(actor: StaffActor, userId: number): Promise<void> {
    const user = await this.#target(actor, userId);
    await this.#passwords.sendResetPasswordEmail(user.email);
    await this.#c.stores.audit.record({
      actor: actor.user.id,
      action: "reset-link-sent",
      subject: { user: userId },
    });
  }

  /**
   * Marks the account's password for reset (or withdraws the mark): its holder still logs in, is
   * told to choose a new password (the older login answers `isValidPassword` 'N'), and a new password
   * clears the mark.
   */
  async requirePasswordReset(actor: StaffActor, userId: number, required: boolean): Promise<void> {
    await changeAccount(this.#c, actor, userId, async (r, user) => {
      if ((user.passwordResetRequestedAt !== null) === required) return;
      await r.users.setPasswordResetRequested(userId, required ? this.#c.iso() : null);
      await r.audit.record({
        actor: actor.user.id,
        action: required ? "password-reset-required" : "password-reset-withdrawn",
        subject: { user: userId },
      });
    });
  }

  /** A disabled account cannot log in, and every session it has ends at once. */
  async disable(actor: StaffActor, userId: number): Promise<void> {
    if (userId === actor.user.id) throw fail("REFUSED", CANNOT_DISABLE_SELF);
    await changeAccount(this.#c, actor, userId, async (r, user) => {
      if (user.disabledAt) return;
      await r.users.setDisabled(userId, this.#c.iso());
      await r.sessions.deleteAllForUser(userId);
      await r.audit.record({ actor: actor.user.id, action: "account-disabled", subject: { user: userId } });
    });
  }

  async enable(actor: StaffActor, userId: number): Promise<void> {
    await changeAccount(this.#c, actor, userId, async (r, user) => {
      if (!user.disabledAt) return;
      await r.users.setDisabled(userId, null);
      await r.audit.record({ actor: actor.user.id, action: "account-enabled", subject: { user: userId } });
    });
  }

  /** Logs the account out everywhere. */
  async endSessions(actor: StaffActor, userId: number): Promise<void> {
    await changeAccount(this.#c, actor, userId, async (r) => {
      await r.sessions.deleteAllForUser(userId);
      await r.audit.record({ actor: actor.user.id, action: "sessions-ended", subject: { user: userId } });
    });
  }

  /**
   * Grants or revokes `isAdmin` or `hasClaimAD`. An admin cannot take away their own admin role
   * (the firm would risk having none), and the admin role is given only to a verified address.
   */
  async setRole(actor: StaffActor, userId: number, role: StaffRole, granted: boolean): Promise<void> {
    if (role === "isAdmin" && !granted && userId === actor.user.id)
      throw fail("REFUSED", CANNOT_REMOVE_OWN_ADMIN);
    requireStaff(actor);
    await this.#secondFactor.requireRecentCheck({ userId: actor.user.id, sessionToken: actor.sessionToken });
    await changeAccount(this.#c, actor, userId, async (r, user) => {
      if (user[role] === granted) return;
      if (role === "isAdmin" && granted && !user.verified) throw fail("REFUSED", STAFF_ROLE_NEEDS_VERIFIED);
      await r.users.setRole(userId, role, granted);
      // A demoted admin's "view as" sessions end with the role.
      if (role === "isAdmin" && !granted) await r.sessions.deleteStartedBy(userId);
      await r.audit.record({
        actor: actor.user.id,
        action: granted ? "role-granted" : "role-revoked",
        subject: { user: userId },
        details: role,
      });
    });
  }

  async #target(actor: StaffActor, userId: number) {
    requireStaff(actor);
    const user = await this.#c.stores.users.findById(userId);
    if (!user) throw notFound(NO_SUCH_USER);
    return user;
  }
}
