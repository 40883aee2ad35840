import { PassThrough, Readable } from "node:stream";
import { notFound, type SessionUser } from "@aea/domain";
import { ZipFile } from "yazl";
import { AuditTrail } from "../../audit/audit-trail.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { readObject, type Storage, type StoredFile, storedFile } from "../../storage/storage.ts";
import type { DataRoomAccessService } from "../data-room-access.service.ts";
import { type DataRoomStores, dataRoomStores } from "../data-room-stores.ts";
import { aboutFile, actorOf, roomEvent } from "../room-events.ts";
import type { DataRoomFile } from "./data-room-file.repository.ts";
import { folderPaths } from "./folder-tree.ts";
import { isStoredPdf } from "./pdf-content.ts";
import { stampedOrRefused, stampFor } from "./stamp.ts";
import type { WatermarkViewer } from "./watermark.ts";

/** A file ready to send: a PDF stamped for its viewer, anything else as stored (ranges work). */
export type FileDelivery =
  | { kind: "stamped"; file: DataRoomFile; bytes: Uint8Array; watermarkId: string }
  | { kind: "stored"; file: DataRoomFile; stored: StoredFile };

/**
 * The room's documents as they leave it: one file previewed or downloaded, or a folder as a zip. Every
 * PDF (by its bytes, not its name) is stamped for its viewer on the way out, and every delivery is
 * recorded in the room's trail with the watermark id the copy carries.
 */
export class FileDeliveryService {
  readonly #storage: Storage;
  readonly #access: DataRoomAccessService;
  readonly #clock: Clock;
  readonly #read: DataRoomStores;
  readonly #trail: AuditTrail;

  constructor(options: {
    database: Database;
    storage: Storage;
    access: DataRoomAccessService;
    clock?: Clock;
  }) {
    this.#storage = options.storage;
    this.#access = options.access;
    this.#clock = options.clock ?? systemClock;
    this.#read = dataRoomStores(options.database.db);
    this.#trail = new AuditTrail(options.database.db, this.#clock);
  }

  /**
   * One file for a viewer in the room: PDFs stamped with the viewer's verified email, the time, the
   * watermark id (which goes into the event), their name and company; other files as stored.
   */
  async deliver(
    user: SessionUser | null,
    listingId: number,
    fileId: number,
    purpose: "preview" | "download",
    ipAddress: string | null,
  ): Promise<FileDelivery> {
    await this.#access.openDataRoom(user, listingId);
    const viewer = user as SessionUser;
    const file = await this.#read.files.file(listingId, fileId);
    if (!file) throw notFound();
    const event = purpose === "preview" ? "file-previewed" : "file-downloaded";
    const actor = actorOf(viewer, ipAddress);
    if (await isStoredPdf(this.#storage, file)) {
      const bytes = await readObject(this.#storage, file.storageKey);
      if (!bytes) throw notFound();
      const stamp = await stampFor(this.#read.people, viewer, this.#now());
      const stamped = await stampedOrRefused(bytes, stamp);
      const { watermarkId } = stamp;
      await this.#trail.record(
        roomEvent(actor, listingId, event, { name: file.name, watermarkId }, aboutFile(file)),
      );
      return { kind: "stamped", file, bytes: stamped, watermarkId };
    }
    const stored = await storedFile(this.#storage, file.storageKey, file.contentType);
    if (!stored) throw notFound();
    // A range request of a large file (a resumed download, a video's seek) is one event per request
    // start only, so a download in many ranges does not flood the trail.
    await this.#trail.record(roomEvent(actor, listingId, event, { name: file.name }, aboutFile(file)));
    return { kind: "stored", file, stored };
  }

  /**
   * The preview's report of how many pages of a file it showed the viewer (an engagement score part):
   * only from someone who may open the file, about a file of the room.
   */
  async recordPagesViewed(
    user: SessionUser | null,
    listingId: number,
    fileId: number,
    pages: number,
    ipAddress: string | null,
  ): Promise<void> {
    await this.#access.openDataRoom(user, listingId);
    const file = await this.#read.files.file(listingId, fileId);
    if (!file) throw notFound();
    await this.#trail.record(
      roomEvent(
        actorOf(user as SessionUser, ipAddress),
        listingId,
        "pages-viewed",
        { name: file.name, pages },
        aboutFile(file),
      ),
    );
  }

  /**
   * What a HEAD request learns of a file: whether it would come stamped (a PDF) or as stored. Nothing
   * is stamped and nothing recorded: only a GET delivers the file.
   */
  async describe(
    user: SessionUser | null,
    listingId: number,
    fileId: number,
  ): Promise<
    { file: DataRoomFile; stamped: true } | { file: DataRoomFile; stamped: false; stored: StoredFile }
  > {
    await this.#access.openDataRoom(user, listingId);
    const file = await this.#read.files.file(listingId, fileId);
    if (!file) throw notFound();
    if (await isStoredPdf(this.#storage, file)) return { file, stamped: true };
    const stored = await storedFile(this.#storage, file.storageKey, file.contentType);
    if (!stored) throw notFound();
    return { file, stamped: false, stored };
  }

  /**
   * A folder (0: the whole room) and everything below it as a zip, streamed: entries are read one at
   * a time, PDFs stamped for the viewer as they go (one watermark id for the whole zip).
   */
  async folderZip(
    user: SessionUser | null,
    listingId: number,
    folderId: number,
    ipAddress: string | null,
  ): Promise<{ name: string; body: Readable }> {
    const listing = await this.#access.openDataRoom(user, listingId);
    const viewer = user as SessionUser;
    const folders = await this.#read.files.folders(listingId);
    const root = folderId === 0 ? undefined : folders.find((folder) => folder.id === folderId);
    if (folderId !== 0 && !root) throw notFound();
    const paths = folderPaths(folders, folderId);
    const files = (await this.#read.files.files(listingId)).filter((file) => paths.has(file.folderId));
    const stamp = await stampFor(this.#read.people, viewer, this.#now());
    const zip = new ZipFile();
    for (const file of files) {
      const path = `${paths.get(file.folderId)}${file.name}`;
      zip.addReadStreamLazy(
        path,
        { compress: !/^(image|application\/(zip|pdf))/.test(file.contentType) },
        (done) => {
          this.#zipEntry(file, stamp).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error, new PassThrough()),
          );
        },
      );
    }
    for (const [id, path] of paths) {
      if (id !== folderId && path) zip.addEmptyDirectory(path);
    }
    zip.end();
    await this.#trail.record(
      roomEvent(
        actorOf(viewer, ipAddress),
        listingId,
        "folder-downloaded",
        { name: root?.name ?? listing.Header, files: files.length, watermarkId: stamp.watermarkId },
        { folder: folderId || null },
      ),
    );
    const name = `${(root?.name ?? `Data room ${listingId}`).replace(/[^\w .()-]/g, "_")}.zip`;
    return { name, body: Readable.from(zip.outputStream) };
  }

  async #zipEntry(file: DataRoomFile, stamp: WatermarkViewer): Promise<Readable> {
    if (await isStoredPdf(this.#storage, file)) {
      const bytes = await readObject(this.#storage, file.storageKey);
      if (!bytes) throw new Error(`${file.name} is missing from storage`);
      return Readable.from([Buffer.from(await stampedOrRefused(bytes, stamp))]);
    }
    const read = await this.#storage.get(file.storageKey);
    if (!read) throw new Error(`${file.name} is missing from storage`);
    return read.body;
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}
