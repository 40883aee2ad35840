import { randomBytes } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import {
  AppError,
  DATA_ROOM_TEXTS,
  type DataRoomEventName,
  displayName,
  indexNumber,
  numberedName,
  refuseWhileViewingAs,
  type SessionUser,
  type UploadMetadata,
} from "@aea/domain";
import { ZipFile } from "yazl";
import { UserRepository } from "../accounts/user.repository.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { readObject, type Storage, type StoredFile, storedFile } from "../storage/storage.ts";
import type { Actor, DataRoomAccessService } from "./data-room-access.service.ts";
import type { DataRoomFile, DataRoomFolder } from "./data-room-file.repository.ts";
import { type DataRoomStores, dataRoomStores } from "./data-room-stores.ts";
import { isStoredPdf } from "./pdf-content.ts";
import { acceptedName, acceptUpload, type ReceivedFile } from "./uploaded-file.ts";
import { type WatermarkViewer, watermarkPdf } from "./watermark.ts";

/** A folder as the room's tree shows it (depth-first order, index numbers by position). */
export interface FolderNode {
  id: number;
  parentId: number;
  name: string;
  /** "1", "1.2", "1.2.3" … */
  index: string;
  depth: number;
  /** Files directly in the folder. */
  fileCount: number;
  hasSubfolders: boolean;
}

/** A file as the room lists it, with the viewer's own note. */
export interface FileEntry {
  id: number;
  folderId: number;
  name: string;
  index: string;
  size: number;
  contentType: string;
  updatedAt: string;
  note: { id: number; text: string; updatedAt: string } | null;
}

/** What the data-room page shows: every folder, and the files of the one open. */
export interface RoomView {
  folders: FolderNode[];
  /** 0: the room's top level. */
  currentFolderId: number;
  files: FileEntry[];
  totalFiles: number;
}

/** A file ready to send: a PDF stamped for its viewer, anything else as stored (ranges work). */
export type FileDelivery =
  | { kind: "stamped"; file: DataRoomFile; bytes: Uint8Array; watermarkId: string }
  | { kind: "stored"; file: DataRoomFile; stored: StoredFile };

const notFound = () => new AppError(404, "Not found", "NOT_FOUND");
const staffOnly = () => new AppError(403, "Only staff can change a data room.", "FORBIDDEN");
const nameTaken = () => new AppError(409, "That name is already used in this folder.", "NAME_TAKEN");

/**
 * The documents of listings' data rooms: the folder tree with index numbers, files and their
 * per-viewer notes, stamped PDF delivery, folder zips, and staff changes and uploads. Every method
 * first asks the access service whether the viewer is in the room (a 404 otherwise, the same as for a
 * missing listing), and records what happened in the room's audit trail.
 */
export class DataRoomService {
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #access: DataRoomAccessService;
  readonly #maxFileBytes: number;
  readonly #clock: Clock;
  readonly #read: DataRoomStores;

  constructor(options: {
    database: Database;
    storage: Storage;
    access: DataRoomAccessService;
    /** DATA_ROOM_MAX_FILE_MB in bytes. */
    maxFileBytes: number;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#storage = options.storage;
    this.#access = options.access;
    this.#maxFileBytes = options.maxFileBytes;
    this.#clock = options.clock ?? systemClock;
    this.#read = dataRoomStores(options.database.db);
  }

  get maxFileBytes(): number {
    return this.#maxFileBytes;
  }

  /**
   * The room as the viewer sees it with `folderId` open (0 or undefined: the top level). Opening a
   * folder is recorded.
   */
  async room(user: SessionUser | null, listingId: number, folderId = 0, ipAddress: string | null = null) {
    const listing = await this.#access.openDataRoom(user, listingId);
    const viewer = user as SessionUser;
    const [folders, counts] = await Promise.all([
      this.#read.files.folders(listingId),
      this.#read.files.fileCounts(listingId),
    ]);
    const tree = folderTree(folders, counts);
    const current = folderId === 0 ? undefined : tree.find((folder) => folder.id === folderId);
    if (folderId !== 0 && !current) throw notFound();
    const files = await this.#read.files.files(listingId, folderId);
    const notes = await this.#read.notes.forViewer(
      viewer.id,
      files.map((file) => file.id),
    );
    const subfolderCount = tree.filter((folder) => folder.parentId === folderId).length;
    const view: RoomView = {
      folders: tree,
      currentFolderId: folderId,
      files: files.map((file, n) => {
        const note = notes.get(file.id);
        return {
          id: file.id,
          folderId: file.folderId,
          name: file.name,
          index: indexNumber(current?.index ?? "", subfolderCount + n + 1),
          size: file.size,
          contentType: file.contentType,
          updatedAt: file.updatedAt,
          note: note ? { id: note.id, text: note.text, updatedAt: note.updatedAt } : null,
        };
      }),
      totalFiles: [...counts.values()].reduce((sum, count) => sum + count, 0),
    };
    await this.#record(this.#read, actorOf(viewer, ipAddress), listingId, "folder-opened", {
      folderId: folderId || null,
    });
    return { listing, view };
  }

  /**
   * One file for a viewer in the room: PDFs (by their bytes, not their name) stamped with the
   * viewer's verified email, the time, the watermark id (which goes into the event), their name and
   * company; other files as stored.
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
      const watermarkId = newWatermarkId();
      const stamped = await stampedOrRefused(bytes, { ...(await this.#stampFor(viewer)), watermarkId });
      await this.#record(this.#read, actor, listingId, event, { name: file.name, watermarkId }, file);
      return { kind: "stamped", file, bytes: stamped, watermarkId };
    }
    const stored = await storedFile(this.#storage, file.storageKey, file.contentType);
    if (!stored) throw notFound();
    // A range request of a large file (a resumed download, a video's seek) is one event per request
    // start only, so a download in many ranges does not flood the trail.
    await this.#record(this.#read, actor, listingId, event, { name: file.name }, file);
    return { kind: "stored", file, stored };
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
   * a time, PDFs stamped for the viewer as they go.
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
    const watermarkId = newWatermarkId();
    const stamp = { ...(await this.#stampFor(viewer)), watermarkId };
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
    await this.#record(
      this.#read,
      actorOf(viewer, ipAddress),
      listingId,
      "folder-downloaded",
      { name: root?.name ?? listing.Header, files: files.length, watermarkId },
      undefined,
      folderId || null,
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

  // Notes (private to their author)

  async insertNote(user: SessionUser | null, fileId: number, text: string, ipAddress: string | null) {
    const file = await this.#read.files.fileById(fileId);
    if (!file) throw notFound();
    await this.#access.openDataRoom(user, file.ListingId);
    refuseWhileViewingAs(user);
    const viewer = user as SessionUser;
    return this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const now = this.#now();
      const note = await stores.notes.upsert({
        fileId,
        userId: viewer.id,
        text,
        createdAt: now,
        updatedAt: now,
      });
      await this.#record(stores, { userId: viewer.id, ipAddress }, file.ListingId, "note-saved", {}, file);
      return note;
    });
  }

  async updateNote(user: SessionUser | null, noteId: number, text: string, ipAddress: string | null) {
    const note = await this.#read.notes.find(noteId);
    // Someone else's note is as missing as one that does not exist.
    if (!note || !user || note.userId !== user.id) throw notFound();
    return this.insertNote(user, note.fileId, text, ipAddress);
  }

  // Staff changes

  async createFolder(
    user: SessionUser | null,
    listingId: number,
    parentId: number,
    name: string,
    ip: string | null,
  ) {
    const actor = await this.#staff(user, listingId, ip);
    const cleaned = acceptedName(name);
    return this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      if (parentId !== 0 && !(await stores.files.folder(listingId, parentId))) throw notFound();
      const now = this.#now();
      const folder = await stores.files.insertFolder({
        ListingId: listingId,
        parentId,
        name: cleaned,
        createdAt: now,
        updatedAt: now,
      });
      if (!folder) throw nameTaken();
      await this.#record(stores, actor, listingId, "folder-created", { name: cleaned }, undefined, folder.id);
      return folder;
    });
  }

  async rename(
    user: SessionUser | null,
    listingId: number,
    target: { kind: "folder" | "file"; id: number },
    name: string,
    ip: string | null,
  ): Promise<void> {
    const actor = await this.#staff(user, listingId, ip);
    const cleaned = acceptedName(name);
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const before = await this.#target(stores, listingId, target);
      const change = { name: cleaned, updatedAt: this.#now() };
      const done =
        target.kind === "folder"
          ? await stores.files.updateFolder(listingId, target.id, change)
          : await stores.files.updateFile(listingId, target.id, change);
      if (!done) throw nameTaken();
      await this.#record(
        stores,
        actor,
        listingId,
        "renamed",
        { from: before.name, to: cleaned },
        ...ids(target),
      );
    });
  }

  async move(
    user: SessionUser | null,
    listingId: number,
    target: { kind: "folder" | "file"; id: number },
    folderId: number,
    ip: string | null,
  ): Promise<void> {
    const actor = await this.#staff(user, listingId, ip);
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const before = await this.#target(stores, listingId, target);
      const folders = await stores.files.folders(listingId);
      if (folderId !== 0 && !folders.some((folder) => folder.id === folderId)) throw notFound();
      if (target.kind === "folder" && folderPaths(folders, target.id).has(folderId)) {
        throw new AppError(400, "A folder cannot be moved into itself.", "INVALID_MOVE");
      }
      const updatedAt = this.#now();
      const done =
        target.kind === "folder"
          ? await stores.files.updateFolder(listingId, target.id, {
              parentId: folderId,
              position:
                1 + Math.max(0, ...folders.filter((f) => f.parentId === folderId).map((f) => f.position)),
              updatedAt,
            })
          : await stores.files.updateFile(listingId, target.id, { folderId, updatedAt });
      if (!done) throw nameTaken();
      await this.#record(
        stores,
        actor,
        listingId,
        "moved",
        { name: before.name, to: folderId || null },
        ...ids(target),
      );
    });
  }

  /** Deletes a file, or a folder with everything below it; the bytes go once the rows are gone. */
  async delete(
    user: SessionUser | null,
    listingId: number,
    target: { kind: "folder" | "file"; id: number },
    ip: string | null,
  ): Promise<void> {
    const actor = await this.#staff(user, listingId, ip);
    const keys = await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const before = await this.#target(stores, listingId, target);
      let removed: string[];
      if (target.kind === "folder") {
        const below = [...folderPaths(await stores.files.folders(listingId), target.id).keys()];
        removed = await stores.files.deleteFiles(listingId, { folderIds: below });
        await stores.files.deleteFolders(listingId, below);
      } else {
        removed = await stores.files.deleteFiles(listingId, { fileIds: [target.id] });
      }
      await this.#record(
        stores,
        actor,
        listingId,
        "deleted",
        { name: before.name, files: removed.length },
        ...ids(target),
      );
      // Demo rooms share one stored copy of each demo document: only bytes nothing else names go.
      return stores.files.unusedKeys(removed);
    });
    for (const key of keys) await this.#storage.delete(key);
  }

  /**
   * Checks a finished upload and files it in the room: under `folderId`, in the folders its relative
   * path names (made when missing), under its cleaned name, numbered " (2)" … when taken.
   */
  async addUpload(
    user: SessionUser | null,
    metadata: Extract<UploadMetadata, { target: "data-room" }>,
    received: ReceivedFile,
    ip: string | null,
  ): Promise<DataRoomFile> {
    const { listingId } = metadata;
    const actor = await this.#staff(user, listingId, ip);
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
            await this.#record(
              stores,
              actor,
              listingId,
              "file-uploaded",
              { name: file.name, size: file.size },
              file,
            );
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
      const now = this.#now();
      const made = await this.#database.transaction(async (trx) => {
        const stores = dataRoomStores(trx);
        const folder = await stores.files.insertFolder({
          ListingId: listingId,
          parentId,
          name,
          createdAt: now,
          updatedAt: now,
        });
        if (folder)
          await this.#record(stores, actor, listingId, "folder-created", { name }, undefined, folder.id);
        return folder;
      });
      // Made meanwhile by another upload of the same drop: use that one.
      parentId = (made ?? (await this.#read.files.folderNamed(listingId, parentId, name)))?.id ?? parentId;
    }
    return parentId;
  }

  async #staff(user: SessionUser | null, listingId: number, ipAddress: string | null): Promise<Actor> {
    await this.#access.openDataRoom(user, listingId);
    if (!user?.isAdmin) throw staffOnly();
    return { userId: user.id, ipAddress };
  }

  async #target(stores: DataRoomStores, listingId: number, target: { kind: "folder" | "file"; id: number }) {
    const found =
      target.kind === "folder"
        ? await stores.files.folder(listingId, target.id)
        : await stores.files.file(listingId, target.id);
    if (!found) throw notFound();
    return found;
  }

  /** Who a copy is stamped for: the viewer, and the staff member while they "View as" the viewer. */
  async #stampFor(viewer: SessionUser): Promise<Omit<WatermarkViewer, "watermarkId">> {
    const staff =
      viewer.impersonatorId === null
        ? undefined
        : await new UserRepository(this.#database.db).findById(viewer.impersonatorId);
    return {
      name: displayName(viewer),
      email: viewer.email,
      company: viewer.officialCompanyName ?? "",
      at: this.#now(),
      ...(viewer.impersonatorId === null
        ? {}
        : {
            staff: staff
              ? { name: displayName(staff), email: staff.email }
              : { name: "", email: `staff account #${viewer.impersonatorId}` },
          }),
    };
  }

  /** Every event of the room's trail goes through here, naming the admin when one is viewing as the actor. */
  #record(
    stores: DataRoomStores,
    actor: Actor,
    listingId: number,
    event: DataRoomEventName,
    detail: Record<string, unknown>,
    file?: Pick<DataRoomFile, "id" | "folderId">,
    folderId: number | null = file ? file.folderId || null : null,
  ) {
    return stores.events.recordBy(actor, this.#now(), listingId, event, detail, {
      fileId: file?.id ?? null,
      folderId,
    });
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}

/** Who did something in the room: the viewer, and the admin viewing the site as them, if any. */
function actorOf(viewer: SessionUser, ipAddress: string | null): Actor {
  return { userId: viewer.id, ipAddress, impersonatorId: viewer.impersonatorId };
}

/** The event's file and folder columns for a rename, move or delete target. */
function ids(target: {
  kind: "folder" | "file";
  id: number;
}): [Pick<DataRoomFile, "id" | "folderId"> | undefined, number | null] {
  return target.kind === "file" ? [{ id: target.id, folderId: 0 }, null] : [undefined, target.id];
}

/** The PDF stamped, or a 422 when its bytes cannot be read as one: it is never sent unstamped. */
async function stampedOrRefused(bytes: Uint8Array, viewer: WatermarkViewer): Promise<Uint8Array> {
  try {
    return await watermarkPdf(bytes, viewer);
  } catch {
    throw new AppError(422, DATA_ROOM_TEXTS.notStampable, "NOT_STAMPABLE");
  }
}

/** A short id printed on each stamped page and kept in the event: "WM-" and 10 base32 characters. */
function newWatermarkId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return `WM-${[...randomBytes(10)].map((b) => alphabet[b % 32]).join("")}`;
}

/** Folders depth-first by position, numbered 1, 1.1, 1.2 …; subfolders come before a folder's files. */
export function folderTree(folders: DataRoomFolder[], fileCounts: Map<number, number>): FolderNode[] {
  const children = new Map<number, DataRoomFolder[]>();
  for (const folder of folders) {
    const siblings = children.get(folder.parentId) ?? [];
    siblings.push(folder);
    children.set(folder.parentId, siblings);
  }
  const nodes: FolderNode[] = [];
  const walk = (parentId: number, parentIndex: string, depth: number) => {
    const siblings = (children.get(parentId) ?? []).sort((a, b) => a.position - b.position || a.id - b.id);
    siblings.forEach((folder, n) => {
      const index = indexNumber(parentIndex, n + 1);
      nodes.push({
        id: folder.id,
        parentId,
        name: folder.name,
        index,
        depth,
        fileCount: fileCounts.get(folder.id) ?? 0,
        hasSubfolders: children.has(folder.id),
      });
      walk(folder.id, index, depth + 1);
    });
  };
  walk(0, "", 0);
  return nodes;
}

/** The folder `rootId` and every folder below it, each with its path inside a zip ("" for the root). */
function folderPaths(folders: DataRoomFolder[], rootId: number): Map<number, string> {
  const paths = new Map<number, string>([[rootId, ""]]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const folder of folders) {
      const parentPath = paths.get(folder.parentId);
      if (parentPath !== undefined && !paths.has(folder.id)) {
        paths.set(folder.id, `${parentPath}${folder.name}/`);
        grew = true;
      }
    }
  }
  return paths;
}
