import { indexNumber, notFound, refuseWhileViewingAs, type SessionUser } from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { DataRoomAccessService } from "../data-room-access.service.ts";
import { type DataRoomStores, dataRoomStores } from "../data-room-stores.ts";
import { aboutFile, actorOf, roomEvent } from "../room-events.ts";
import { type FolderNode, folderTree } from "./folder-tree.ts";

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

/**
 * What a viewer in a listing's data room sees: the folder tree with index numbers, the open folder's
 * files, and their own notes on files (private to their author). Opening a folder and saving a note are
 * recorded in the room's trail.
 */
export class RoomViewService {
  readonly #database: Database;
  readonly #access: DataRoomAccessService;
  readonly #clock: Clock;
  readonly #read: DataRoomStores;

  constructor(options: { database: Database; access: DataRoomAccessService; clock?: Clock }) {
    this.#database = options.database;
    this.#access = options.access;
    this.#clock = options.clock ?? systemClock;
    this.#read = dataRoomStores(options.database.db);
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
    await new AuditTrail(this.#database.db, this.#clock).record(
      // The folder as the event's place too: the engagement heat map counts its openers by it.
      roomEvent(
        actorOf(viewer, ipAddress),
        listingId,
        "folder-opened",
        { folderId: folderId || null },
        { folder: folderId || null },
      ),
    );
    return { listing, view };
  }

  /** Saves the viewer's note on a file (one per viewer and file: a second replaces the first). */
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
      await new AuditTrail(trx, this.#clock).record(
        roomEvent({ userId: viewer.id, ipAddress }, file.ListingId, "note-saved", {}, aboutFile(file)),
      );
      return note;
    });
  }

  async updateNote(user: SessionUser | null, noteId: number, text: string, ipAddress: string | null) {
    const note = await this.#read.notes.find(noteId);
    // Someone else's note is as missing as one that does not exist.
    if (!note || !user || note.userId !== user.id) throw notFound();
    return this.insertNote(user, note.fileId, text, ipAddress);
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}
