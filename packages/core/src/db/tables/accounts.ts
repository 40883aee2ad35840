import type { Generated } from "kysely";

export interface UserRow {
  id: Generated<number>;
  email: string;
  firstName: string;
  middle: string | null;
  lastName: string;
  passwordHash: string;
  verified: number;
  isAdmin: number;
  hasClaimAD: number;
  officialCompanyName: string | null;
  createdAt: string;
  updatedAt: string;
  companyName: string | null;
  title: string | null;
  contactPhone: string | null;
  userRequestedAddress: string | null;
  userRequestedCity: string | null;
  userRequestedState: string | null;
  userRequestedZip: string | null;
  companyLocationAddress: string | null;
  companyLocationCity: string | null;
  companyLocationState: string | null;
  companyLocationZip: string | null;
  failedLogins: Generated<number>;
  lockedUntil: string | null;
  lastLoginAt: string | null;
  passwordChangedAt: string | null;
  /** When staff disabled the account (null: enabled). */
  disabledAt: string | null;
  /** When staff marked the password for reset (null: it stands); a new password clears it. */
  passwordResetRequestedAt: string | null;
}

export interface SessionRow {
  tokenHash: string;
  userId: number;
  /** A remember-me session outlives the browser and has no idle limit (1), or not (0). */
  remember: number;
  /** The administrator who acts as this user, for an impersonation session. */
  impersonatorId: number | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** When the password was last proved in this session (null: never, e.g. a replacement session). */
  authenticatedAt: string | null;
  /** An impersonation session's admin session (the hash of its token); null otherwise. */
  staffSessionHash: string | null;
  /** When a second factor was last checked in this session (null: never). */
  secondFactorAt: string | null;
}

export interface TotpAuthenticatorRow {
  userId: number;
  /** Sealed by core/accounts/secret-box.ts. */
  secret: string;
  createdAt: string;
  /** Null while the enrolment waits for its first code. */
  confirmedAt: string | null;
  /** The 30-second step of the last accepted code. */
  lastUsedStep: number | null;
}

export interface RecoveryCodeRow {
  userId: number;
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

export interface PendingLoginRow {
  tokenHash: string;
  userId: number;
  remember: number;
  createdAt: string;
  expiresAt: string;
}

export interface KnownBrowserRow {
  userId: number;
  browserHash: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface UserTokenRow {
  tokenHash: string;
  userId: number;
  purpose: "verify" | "reset" | "email-change";
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** The address an email-change link moves the account to; null for other purposes. */
  newEmail: string | null;
}

/** A WebAuthn credential an account registered as a second factor (binary fields in base64url). */
export interface PasskeyRow {
  id: Generated<number>;
  userId: number;
  credentialId: string;
  /** The COSE public key the authenticator gave at registration. */
  publicKey: string;
  /** The authenticator's signature counter at its last use (0 for authenticators that keep none). */
  counter: number;
  /** How the browser may reach the authenticator ("internal", "usb", …), comma-separated. */
  transports: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The challenge of one registration or sign-in ceremony: single-use, short-lived. */
export interface PasskeyChallengeRow {
  challenge: string;
  purpose: "registration" | "authentication";
  userId: number;
  /** The hash of the browser's token (session or pending login) that asked for the challenge. */
  boundTo: string;
  expiresAt: string;
}

export interface PushSubscriptionRow {
  id: Generated<number>;
  /** The push service's URL for one browser (unique). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for encrypting messages to it. */
  p256dh: string;
  auth: string;
  userId: number | null;
  createdAt: string;
}

/** Accounts, their sign-in and second factors, and what buyers keep on their account. */
export interface AccountTables {
  users: UserRow;
  sessions: SessionRow;
  totp_authenticators: TotpAuthenticatorRow;
  recovery_codes: RecoveryCodeRow;
  pending_logins: PendingLoginRow;
  known_browsers: KnownBrowserRow;
  user_tokens: UserTokenRow;
  user_interests: { userId: number; interests: string; updatedAt: string };
  liked_listings: { userId: number; ListingId: number; createdAt: string };
  passkeys: PasskeyRow;
  passkey_challenges: PasskeyChallengeRow;
  push_subscriptions: PushSubscriptionRow;
}
