import {
  DATA_ROOM_TEXTS,
  displayName,
  fail,
  formatFileSize,
  notFound,
  refuseWhileViewingAs,
  type SessionUser,
} from "@aea/domain";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { acceptUpload, type ReceivedFile } from "../data-rooms/documents/uploaded-file.ts";
import type { Database, Executor } from "../db/database.ts";
import type { Mailroom } from "../mail/mailroom.ts";
import { type Storage, type StoredFile, storedFile } from "../storage/storage.ts";
import { PendingUploadRepository } from "./pending-upload.repository.ts";
import { type SecureFile, SecureFileRepository, type SentSecureFile } from "./secure-file.repository.ts";

type SecureFilesConfig = Pick<
  Config,
  "supportEmail" | "publicUrl" | "firmName" | "secureFilesQuotaMb" | "secureFilesMaxOpenUploads"
>;

/** The Secure Files repositories bound to one executor, so a reservation or a filing is one transaction. */
function secureFileStores(executor: Executor) {
  return {
    secureFiles: new SecureFileRepository(executor),
    pendingUploads: new PendingUploadRepository(executor),
  };
}

/** An unfinished upload's part file expires after a day (the tus store's expiry); so does its reservation. */
const OPEN_UPLOAD_HOURS = 24;

/**
 * Files a signed-in buyer or seller sends the firm (/secure-files): checked like data-room uploads,
 * kept in storage, listed to their sender and to staff, who are mailed when one arrives.
 */
export class SecureFileService {
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #mailroom: Pick<Mailroom, "transactionReportingMail">;
  readonly #config: SecureFilesConfig;
  readonly #maxFileBytes: number;
  readonly #clock: Clock;

  constructor(options: {
    database: Database;
    storage: Storage;
    mailroom: Pick<Mailroom, "transactionReportingMail">;
    config: SecureFilesConfig;
    maxFileBytes: number;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#storage = options.storage;
    this.#mailroom = options.mailroom;
    this.#config = options.config;
    this.#maxFileBytes = options.maxFileBytes;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * Reserves the size a buyer's new upload declares, before any byte is stored: refused (429) with
   * SECURE_FILES_MAX_OPEN_UPLOADS already under way, or (413) when their kept files, their unfinished
   * uploads and this one would pass SECURE_FILES_QUOTA_MB. Staff upload to data rooms and are not
   * counted. The reservation lasts until releaseUpload, or the part file's expiry.
   */
  async reserveUpload(user: SessionUser, upload: { id: string; bytes: number }): Promise<void> {
    if (user.isAdmin) return;
    const now = this.#clock.now();
    const since = new Date(now - OPEN_UPLOAD_HOURS * 3_600_000).toISOString();
    const quotaBytes = this.#config.secureFilesQuotaMb * 1024 * 1024;
    await this.#database.transaction(async (trx) => {
      const stores = secureFileStores(trx);
      if (this.#database.engine === "postgres") await stores.pendingUploads.lockOwner(user.id);
      const open = await stores.pendingUploads.openSince(user.id, since);
      const max = this.#config.secureFilesMaxOpenUploads;
      if (open.count >= max) throw fail("TOO_MANY_UPLOADS", DATA_ROOM_TEXTS.tooManyOpenUploads(max));
      const left = quotaBytes - (await stores.secureFiles.totalBytes(user.id)) - open.bytes;
      if (upload.bytes > left) {
        const quota = formatFileSize(quotaBytes);
        throw fail("QUOTA_FULL", DATA_ROOM_TEXTS.quotaFull(quota, formatFileSize(Math.max(0, left))));
      }
      await stores.pendingUploads.insert({
        id: upload.id,
        userId: user.id,
        bytes: upload.bytes,
        createdAt: new Date(now).toISOString(),
      });
    });
  }

  /** Ends an upload's reservation: it was filed, refused or cancelled. */
  async releaseUpload(uploadId: string): Promise<void> {
    await secureFileStores(this.#database.db).pendingUploads.delete(uploadId);
  }

  /** Checks and keeps a sender's finished upload, and mails staff (a failed mail does not lose the file). */
  async add(user: SessionUser | null, received: ReceivedFile): Promise<SecureFile> {
    if (!user) throw fail("UNAUTHENTICATED", "Log in to send files.");
    refuseWhileViewingAs(user);
    const accepted = await acceptUpload(this.#storage, received, {
      prefix: `secure-files/${user.id}`,
      maxBytes: this.#maxFileBytes,
    });
    const { value } = await this.#mailroom.transactionReportingMail(
      secureFileStores,
      async (stores, fileMail) => {
        const file = await stores.secureFiles.insert({
          userId: user.id,
          name: accepted.name,
          size: accepted.size,
          contentType: accepted.contentType,
          storageKey: accepted.storageKey,
          createdAt: new Date().toISOString(),
        });
        const sender = `${displayName(user)} <${user.email}>`;
        const link = `${this.#config.publicUrl}/secure-files`;
        await fileMail({
          to: this.#config.supportEmail,
          subject: `New secure file from ${displayName(user)}: ${file.name}`,
          text: `${sender} sent ${file.name} (${formatFileSize(file.size)}) through Secure Files.\n\nOpen it at ${link}`,
          html: `<p>${escapeHtml(sender)} sent <strong>${escapeHtml(file.name)}</strong> (${formatFileSize(file.size)}) through Secure Files.</p><p><a href="${link}">Open Secure Files</a></p>`,
        });
        return file;
      },
    );
    return value;
  }

  /** The sender's own files, newest first. */
  mine(user: SessionUser): Promise<SecureFile[]> {
    return secureFileStores(this.#database.db).secureFiles.forUser(user.id);
  }

  /** Every sender's files, for staff. */
  all(user: SessionUser): Promise<SentSecureFile[]> {
    if (!user.isAdmin) throw notFound();
    return secureFileStores(this.#database.db).secureFiles.all();
  }

  /** A file for its sender or staff; a 404 for anyone else. */
  async file(user: SessionUser | null, fileId: number): Promise<{ file: SecureFile; stored: StoredFile }> {
    const file = await secureFileStores(this.#database.db).secureFiles.find(fileId);
    if (!user || !file || (file.userId !== user.id && !user.isAdmin)) throw notFound();
    const stored = await storedFile(this.#storage, file.storageKey, file.contentType);
    if (!stored) throw notFound();
    return { file, stored };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
