import { AppError, displayName, formatFileSize, refuseWhileViewingAs, type SessionUser } from "@aea/domain";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { Mailroom } from "../mail/mailroom.ts";
import { type Storage, type StoredFile, storedFile } from "../storage/storage.ts";
import { dataRoomStores } from "./data-room-stores.ts";
import type { SecureFile, SentSecureFile } from "./secure-file.repository.ts";
import { acceptUpload, type ReceivedFile } from "./uploaded-file.ts";

const notFound = () => new AppError(404, "Not found", "NOT_FOUND");

/**
 * Files a signed-in buyer or seller sends the firm (/secure-files): checked like data-room uploads,
 * kept in storage, listed to their sender and to staff, who are mailed when one arrives.
 */
export class SecureFileService {
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #mailroom: Pick<Mailroom, "transactionReportingMail">;
  readonly #config: Pick<Config, "supportEmail" | "publicUrl" | "firmName">;
  readonly #maxFileBytes: number;

  constructor(options: {
    database: Database;
    storage: Storage;
    mailroom: Pick<Mailroom, "transactionReportingMail">;
    config: Pick<Config, "supportEmail" | "publicUrl" | "firmName">;
    maxFileBytes: number;
  }) {
    this.#database = options.database;
    this.#storage = options.storage;
    this.#mailroom = options.mailroom;
    this.#config = options.config;
    this.#maxFileBytes = options.maxFileBytes;
  }

  /** Checks and keeps a sender's finished upload, and mails staff (a failed mail does not lose the file). */
  async add(user: SessionUser | null, received: ReceivedFile): Promise<SecureFile> {
    if (!user) throw new AppError(401, "Log in to send files.", "UNAUTHENTICATED");
    refuseWhileViewingAs(user);
    const accepted = await acceptUpload(this.#storage, received, {
      prefix: `secure-files/${user.id}`,
      maxBytes: this.#maxFileBytes,
    });
    const { value } = await this.#mailroom.transactionReportingMail(
      dataRoomStores,
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
    return dataRoomStores(this.#database.db).secureFiles.forUser(user.id);
  }

  /** Every sender's files, for staff. */
  all(user: SessionUser): Promise<SentSecureFile[]> {
    if (!user.isAdmin) throw notFound();
    return dataRoomStores(this.#database.db).secureFiles.all();
  }

  /** A file for its sender or staff; a 404 for anyone else. */
  async file(user: SessionUser | null, fileId: number): Promise<{ file: SecureFile; stored: StoredFile }> {
    const file = await dataRoomStores(this.#database.db).secureFiles.find(fileId);
    if (!user || !file || (file.userId !== user.id && !user.isAdmin)) throw notFound();
    const stored = await storedFile(this.#storage, file.storageKey, file.contentType);
    if (!stored) throw notFound();
    return { file, stored };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
