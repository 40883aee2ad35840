import { LOCKOUT } from "./login-lockout.ts";

/** Account security numbers (documented in the README). */
export const ACCOUNT_LIMITS = {
  /** Failed logins (wrong passwords and wrong second factors together) that lock an account… */
  lockAfterFailures: LOCKOUT.lockAfterFailures,
  /** …for this long. */
  lockMinutes: LOCKOUT.lockMinutes,
  /** Remember-me sessions last a year (§4). */
  rememberDays: 365,
  /** Browser sessions end after this long without a request… */
  idleMinutes: 120,
  /** …and after this long in any case. */
  browserSessionHours: 12,
  verifyLinkHours: 48,
  resetLinkMinutes: 60,
  /** A link mailed to a new address moves the account there if followed within this time. */
  emailChangeLinkHours: 48,
  /** A password or email change without the current password needs a login this recent. */
  freshLoginMinutes: 10,
  /** Verification and reset mails per account per hour. */
  mailsPerAccountPerHour: 3,
} as const;

export const MINUTE = 60_000;
