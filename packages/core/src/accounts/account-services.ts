import { AccountContext, type AccountDeps } from "./account-context.ts";
import { AccountDirectory } from "./account-directory.ts";
import { EmailChangeService } from "./email-change.service.ts";
import { FirstAdministrator } from "./first-administrator.ts";
import { ImpersonationService } from "./impersonation/impersonation.service.ts";
import { LikeService } from "./likes.service.ts";
import { LoginService } from "./login.service.ts";
import { PasswordService } from "./password.service.ts";
import { ProfileService } from "./profile.service.ts";
import { PasskeyService } from "./second-factor/passkey.service.ts";
import { SecondFactorService } from "./second-factor/second-factor.service.ts";
import { SessionService } from "./sessions/session.service.ts";
import { SessionCookies } from "./sessions/session-cookies.ts";
import { SignUpService } from "./sign-up.service.ts";
import { UserChangesService } from "./user-admin/user-changes.service.ts";
import { UserDetailService, type UserPageSources } from "./user-admin/user-detail.service.ts";
import { UserListService } from "./user-admin/user-list.service.ts";

/** The accounts' services as the core exposes them, one job each. */
export interface AccountServices {
  /** Finding accounts (by id, by address, the list and count) and the accounts' latest activity. */
  accounts: AccountDirectory;
  /** Sessions: start, the user behind a cookie, end; the session's user as everything else sees it. */
  sessions: SessionService;
  /** The session and browser cookies as Set-Cookie values, and their tokens read back. */
  sessionCookies: SessionCookies;
  /** Login's first step (the password under the lockout) and the end of every login. */
  logins: LoginService;
  /** Sign-up and the verification of its address. */
  signUp: SignUpService;
  /** Forgotten passwords (the mailed link) and the signed-in user's change. */
  passwords: PasswordService;
  /** Moving an account to a new address by a link mailed there. */
  emailChange: EmailChangeService;
  /** A buyer's own profile and deal interests. */
  profiles: ProfileService;
  /** The deals a buyer likes. */
  likes: LikeService;
  /**
   * Second factors: authenticator apps and recovery codes, logins waiting for their second factor,
   * the staff enrolment rule and the fresh check of sensitive staff steps (decision 024).
   */
  secondFactor: SecondFactorService;
  /** Passkeys (WebAuthn) as a second factor: enrolment, the sign-in check, the owner's list. */
  passkeys: PasskeyService;
  /** "View as": an admin seeing the site as a buyer (decision 018). */
  impersonation: ImpersonationService;
  /** Staff's list of accounts (/admin/users): search and export. */
  userList: UserListService;
  /** Staff's page of one account. */
  userDetail: UserDetailService;
  /** The changes staff make to an account: profile, verification, links, disabling, sessions, roles. */
  userChanges: UserChangesService;
  /** `npm run create-admin`: the first administrator and its set-password link. */
  firstAdministrator: FirstAdministrator;
}

/** Builds the accounts' services on one database, mailroom and clock. */
export function createAccountServices(
  deps: AccountDeps & { userPageSources: UserPageSources },
): AccountServices {
  const context = new AccountContext(deps);
  const sessions = new SessionService(context);
  const sessionCookies = new SessionCookies(deps.config);
  const logins = new LoginService(context, sessions);
  const signUp = new SignUpService(context);
  const passwords = new PasswordService(context, sessions);
  const secondFactor = new SecondFactorService({
    config: deps.config,
    database: deps.database,
    logins,
    clock: deps.clock,
  });
  return {
    accounts: new AccountDirectory(context.stores),
    sessions,
    sessionCookies,
    logins,
    signUp,
    passwords,
    emailChange: new EmailChangeService(context),
    profiles: new ProfileService(context.stores),
    likes: new LikeService(context.stores),
    secondFactor,
    passkeys: new PasskeyService({
      config: deps.config,
      database: deps.database,
      secondFactor,
      clock: deps.clock,
    }),
    impersonation: new ImpersonationService({ context, sessions, cookies: sessionCookies, secondFactor }),
    userList: new UserListService({ stores: context.stores, config: deps.config, secondFactor }),
    userDetail: new UserDetailService({
      stores: context.stores,
      sessions,
      sources: deps.userPageSources,
      clock: context.clock,
    }),
    userChanges: new UserChangesService({ context, signUp, passwords, secondFactor }),
    firstAdministrator: new FirstAdministrator(context),
  };
}
