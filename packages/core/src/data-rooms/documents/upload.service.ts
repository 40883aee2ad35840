import { notFound, numberedName, type SessionUser, type UploadMetadata } from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { Storage } from "../../storage/storage.ts";
import type { DataRoomAccessService } from "../data-room-access.service.ts";
import { type DataRoomStores, dataRoomStores } from "../data-room-stores.ts";
import { type Actor, aboutFile, roomEvent } from "../room-events.ts";
import type { DocumentSearchService } from "../search/document-search.service.ts";
import type { DataRoomFile } from "./data-room-file.repository.ts";
import { addFolder, nameTaken } from "./folder-changes.service.ts";
import { acceptedName, acceptUpload, type ReceivedFile } from "./uploaded-file.ts";

type DocumentTextReader = Pick<DocumentSearchService, "readSoon">;

/**
 * Staff's uploads into a room: a finished upload is checked by its bytes (no PDFs inside archives:
 * they could not be stamped), filed under the folders its relative path names (made when missing) and
 * numbered " (2)" … when its name is taken. A refused or failed upload leaves no bytes behind.
 */
export class DataRoomUploadService {
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #access: DataRoomAccessService;
  readonly #maxFileBytes: number;
  readonly #documentText: DocumentTextReader | undefined;
  readonly #clock: Clock;
  readonly #read: DataRoomStores;

  constructor(options: {
    database: Database;
    storage: Storage;
    access: DataRoomAccessService;
    /** DATA_ROOM_MAX_FILE_MB in bytes. */
    maxFileBytes: number;
    /** Reads a filed upload's text for search, after the upload (a background job). */
    documentText?: DocumentTextReader;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#storage = options.storage;
    this.#access = options.access;
    this.#maxFileBytes = options.maxFileBytes;
    this.#documentText = options.documentText;
    this.#clock = options.clock ?? systemClock;
    this.#read = dataRoomStores(options.database.db);
  }

  /**
   * Checks a finished upload and files it in the room: under `folderId`, in the folders its relative
   * path names (made when missing), under its cleaned name, numbered " (2)" … when taken.
   */
  async add(
    user: SessionUser | null,
    metadata: Extract<UploadMetadata, { target: "data-room" }>,
    received: ReceivedFile,
    ip: string | null,
  ): Promise<DataRoomFile> {
    const { listingId } = metadata;
    const actor = await this.#access.staffInRoom(user, listingId, ip);
    if (metadata.folderId !== 0 && !(await this.#read.files.folder(listingId, metadata.folderId)))
      throw notFound();
    const accepted = await acceptUpload(this.#storage, received, {
      prefix: `data-rooms/${listingId}`,
      maxBytes: this.#maxFileBytes,
      noPdfsInArchives: true,
    });
    try {
      const folderId = await this.#folderForPath(actor, listingId, metadata.folderId, metadata.relativePath);
      return await this.#database.transaction(async (trx) => {
        const stores = dataRoomStores(trx);
        const now = this.#now();
        for (let n = 1; n <= 10_000; n++) {
          const file = await stores.files.insertFile({
            ListingId: listingId,
            folderId,
            name: numberedName(accepted.name, n),
            size: accepted.size,
            contentType: accepted.contentType,
            storageKey: accepted.storageKey,
            sha256: accepted.sha256,
            uploadedBy: actor.userId,
            createdAt: now,
            updatedAt: now,
          });
          if (file) {
            const detail = { name: file.name, size: file.size };
            await new AuditTrail(trx, this.#clock).record(
              roomEvent(actor, listingId, "file-uploaded", detail, aboutFile(file)),
            );
            await this.#documentText?.readSoon(trx);
            return file;
          }
        }
        throw nameTaken();
      });
    } catch (error) {
      await this.#storage.delete(accepted.storageKey);
      throw error;
    }
  }

  /** The folder a dropped file's relative path (`Reports/2024/a.pdf`) puts it in, made as needed. */
  async #folderForPath(actor: Actor, listingId: number, start: number, relativePath: string | undefined) {
    const segments = (relativePath ?? "").split(/[/\\]/).slice(0, -1);
    let parentId = start;
    for (const segment of segments) {
      const name = acceptedName(segment);
      const existing = await this.#read.files.folderNamed(listingId, parentId, name);
      if (existing) {
        parentId = existing.id;
        continue;
      }
      const made = await this.#database.transaction((trx) =>
        addFolder(dataRoomStores(trx), new AuditTrail(trx, this.#clock), actor, this.#now(), {
          listingId,
          parentId,
          name,
        }),
      );
      // Made meanwhile by another upload of the same drop: use that one.
      parentId = (made ?? (await this.#read.files.folderNamed(listingId, parentId, name)))?.id ?? parentId;
    }
    return parentId;
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}
