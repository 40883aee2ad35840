import type { Listing, PrivateDealExtras } from "@aea/domain";
import type { Generated } from "kysely";

/** Booleans are stored as 0/1 integers on both engines (see docs/decisions/002). */
type Stored<T> = { [K in keyof T]: T[K] extends boolean ? number : T[K] };

export type ListingRow = Stored<Omit<Listing, "liked" | "locationId">> & {
  locationId: number;
  latitude: number | null;
  longitude: number | null;
};

export type ListingPrivateDetailsRow = Stored<PrivateDealExtras> & { ListingId: number };

export interface DealTypeRow {
  code: string;
  title: string;
  queryValue: string;
  position: number;
}

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
}

export interface SessionRow {
  tokenHash: string;
  userId: number;
  remember: number;
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

export interface MailOutboxRow {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  /** "outbox" (kept for staff to read) or "smtp" (sent). */
  delivery: string;
  error: string | null;
}

export interface AuditLogRow {
  id: Generated<number>;
  at: string;
  userId: number | null;
  action: string;
  detail: string | null;
  /** Who made the change when it was not the account's owner (staff), else null. */
  actorId: number | null;
  /** The admin viewing the site as the account when the entry was made, else null. */
  impersonatorId: number | null;
  /** Where the change came from, when a request made it (since migration 021). */
  ipAddress: string | null;
  /** The listing a staff change was made to, else null (since migration 021). */
  ListingId: number | null;
}

export interface DealWebSearchRow {
  id: Generated<number>;
  searchText: string;
  userId: number | null;
  createdAt: string;
}

export interface ContentItemRow {
  collection: string;
  id: string;
  status: string;
  sort: number | null;
  /** The item's own fields as JSON text (see packages/domain/src/content/collections.ts). */
  data: string;
  createdAt: string;
  updatedAt: string;
}

export interface ContentFileRow {
  id: string;
  /** The name a download gets (Directus' filename_download). */
  filename: string;
  type: string;
  width: number | null;
  height: number | null;
  filesize: number;
  title: string | null;
  /** Relative to DATA_DIR/media/content/. */
  storagePath: string;
  focalPointX: number | null;
  focalPointY: number | null;
  createdAt: string;
}

export interface InquiryRow {
  id: Generated<number>;
  /** "contact", "seller" or "chat". */
  kind: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** Every field the visitor sent, as JSON text. */
  fields: string;
  appName: string | null;
  createdAt: string;
  /** "sent" or "failed" (the mail to staff). */
  delivery: string;
  error: string | null;
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

export interface PrivateDealGrantRow {
  userId: number;
  ListingId: number;
  grantedBy: number | null;
  grantedAt: string;
}

export interface DataRoomGrantRow {
  userId: number;
  ListingId: number;
  via: string;
  grantedBy: number | null;
  grantedAt: string;
}

export interface SignedAgreementRow {
  id: Generated<number>;
  userId: number;
  ListingId: number;
  signerName: string;
  signerEmail: string;
  company: string;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  agreementSha256: string;
  storageKey: string;
}

export interface DataRoomEventRow {
  id: Generated<number>;
  at: string;
  userId: number | null;
  ListingId: number;
  event: string;
  fileId: number | null;
  folderId: number | null;
  ipAddress: string | null;
  detail: string | null;
  /** The admin viewing the site as `userId` when it happened, else null. */
  impersonatorId: number | null;
}

export interface DataRoomSettingsRow {
  ListingId: number;
  accessCode: string;
  exclusiveContactName: string | null;
  exclusiveContactPhone: string | null;
  exclusiveContactPhone2: string | null;
  exclusiveContactEmail: string | null;
  updatedAt: string;
}

export interface AccessCodeAttemptRow {
  scope: string;
  attempts: number;
  windowStart: string;
  lockedUntil: string | null;
}

export interface AccessRequestRow {
  id: Generated<number>;
  userId: number;
  ListingId: number;
  message: string | null;
  requestedAt: string;
  status: string;
  answeredBy: number | null;
  answeredAt: string | null;
}

export interface DataRoomFolderRow {
  id: Generated<number>;
  ListingId: number;
  /** 0 at the room's top level. */
  parentId: number;
  name: string;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface DataRoomFileRow {
  id: Generated<number>;
  ListingId: number;
  /** 0 at the room's top level. */
  folderId: number;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  sha256: string;
  uploadedBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface DataRoomFileNoteRow {
  id: Generated<number>;
  fileId: number;
  userId: number;
  text: string;
  createdAt: string;
  updatedAt: string;
}

export interface SecureFileRow {
  id: Generated<number>;
  userId: number;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  createdAt: string;
}

/**
 * A resumable upload a buyer has started and not finished: its declared size counts against their
 * Secure Files quota until it is filed, refused or cancelled, or the part file expires (24 hours).
 */
export interface PendingUploadRow {
  /** The tus upload id. */
  id: string;
  userId: number;
  bytes: number;
  createdAt: string;
}

export interface DealStatisticsRow {
  ListingId: number;
  hotLeadCount: number;
  noCount: number;
  contactedCount: number;
  offersCount: number;
  revenueRisk: number | null;
  lastWhiteButtonDate: string | null;
  loadCode: string | null;
  updatedBy: number | null;
  updatedByName: string | null;
  updatedAt: string | null;
}

export interface DealWebHitRow {
  ListingId: number;
  day: string;
  hits: number;
}

export interface JobRow {
  id: Generated<number>;
  kind: string;
  payload: string;
  status: string;
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lockedUntil: string | null;
  lastError: string | null;
  uniqueKey: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface DealAlertSubscriptionRow {
  userId: number;
  frequency: string;
  subscribedAt: string;
}

export interface DealAlertRow {
  id: Generated<number>;
  ListingId: number;
  publishedAt: string;
}

export interface DealAlertDeliveryRow {
  id: Generated<number>;
  alertId: number;
  ListingId: number;
  userId: number;
  frequency: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

export interface SiteSecretRow {
  name: string;
  value: string;
}

export interface SimilarDealChoiceRow {
  ListingId: number;
  similarListingId: number;
  /** "pinned" or "hidden". */
  choice: string;
  position: number;
  updatedBy: number | null;
  updatedAt: string;
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

export interface DatabaseSchema {
  passkeys: PasskeyRow;
  passkey_challenges: PasskeyChallengeRow;
  deal_statistics: DealStatisticsRow;
  deal_web_hits: DealWebHitRow;
  jobs: JobRow;
  deal_alert_subscriptions: DealAlertSubscriptionRow;
  deal_alerts: DealAlertRow;
  deal_alert_deliveries: DealAlertDeliveryRow;
  site_secrets: SiteSecretRow;
  deal_web_searches: DealWebSearchRow;
  listings: ListingRow;
  listing_private_details: ListingPrivateDetailsRow;
  deal_types: DealTypeRow;
  users: UserRow;
  sessions: SessionRow;
  totp_authenticators: TotpAuthenticatorRow;
  recovery_codes: RecoveryCodeRow;
  pending_logins: PendingLoginRow;
  known_browsers: KnownBrowserRow;
  user_tokens: UserTokenRow;
  user_interests: { userId: number; interests: string; updatedAt: string };
  liked_listings: { userId: number; ListingId: number; createdAt: string };
  mail_outbox: MailOutboxRow;
  audit_log: AuditLogRow;
  content_items: ContentItemRow;
  content_files: ContentFileRow;
  inquiries: InquiryRow;
  push_subscriptions: PushSubscriptionRow;
  private_deal_grants: PrivateDealGrantRow;
  data_room_grants: DataRoomGrantRow;
  signed_agreements: SignedAgreementRow;
  data_room_events: DataRoomEventRow;
  data_room_settings: DataRoomSettingsRow;
  access_code_attempts: AccessCodeAttemptRow;
  access_requests: AccessRequestRow;
  data_room_folders: DataRoomFolderRow;
  data_room_files: DataRoomFileRow;
  data_room_file_notes: DataRoomFileNoteRow;
  secure_files: SecureFileRow;
  pending_uploads: PendingUploadRow;
  similar_deal_choices: SimilarDealChoiceRow;
}
