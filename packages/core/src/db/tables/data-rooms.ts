import type { AccessRequestStatus } from "@aea/domain";
import type { Generated } from "kysely";

export interface PrivateDealGrantRow {
  userId: number;
  ListingId: number;
  grantedBy: number | null;
  grantedAt: string;
}

export interface DataRoomGrantRow {
  userId: number;
  ListingId: number;
  via: "code" | "staff" | "request";
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
  /** The signed PDF in storage. */
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
  status: AccessRequestStatus;
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

/** Whether a data-room file's text was read for search (docs/decisions/042); none yet: no row. */
export interface DataRoomFileTextRow {
  fileId: number;
  state: "indexed" | "no-text" | "failed";
  pages: number;
  readAt: string;
}

/** One page of a data-room file's text (a text file is one page), indexed by the engine's full-text search. */
export interface DataRoomFilePageRow {
  id: Generated<number>;
  fileId: number;
  ListingId: number;
  page: number;
  body: string;
}

/** Data rooms, private deals and the Secure Files buyers upload. */
export interface DataRoomTables {
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
  data_room_file_texts: DataRoomFileTextRow;
  data_room_file_pages: DataRoomFilePageRow;
}
