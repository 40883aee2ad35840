import { fail, notFound, type SessionUser } from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { Storage } from "../../storage/storage.ts";
import type { DataRoomAccessService } from "../data-room-access.service.ts";
import { type DataRoomStores, dataRoomStores } from "../data-room-stores.ts";
import { type Actor, aboutItem, type RoomItem, roomEvent } from "../room-events.ts";
import type { DataRoomFolder } from "./data-room-file.repository.ts";
import { folderPaths } from "./folder-tree.ts";
import { acceptedName } from "./uploaded-file.ts";

export const nameTaken = () => fail("NAME_TAKEN", "That name is already used in this folder.");

/**
 * Staff's changes to a room's folders and files: create a folder, rename, move and delete, each in one
 * transaction with its event in the room's trail. Names are cleaned as uploads' are, and a name taken
 * in the folder is a 409.
 */
export class FolderChangeService {
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #access: DataRoomAccessService;
  readonly #clock: Clock;

  constructor(options: {
    database: Database;
    storage: Storage;
    access: DataRoomAccessService;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#storage = options.storage;
    this.#access = options.access;
    this.#clock = options.clock ?? systemClock;
  }

  async createFolder(
    user: SessionUser | null,
    listingId: number,
    parentId: number,
    name: string,
    ip: string | null,
  ): Promise<DataRoomFolder> {
    const actor = await this.#access.staffInRoom(user, listingId, ip);
    const cleaned = acceptedName(name);
    return this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      if (parentId !== 0 && !(await stores.files.folder(listingId, parentId))) throw notFound();
      const trail = new AuditTrail(trx, this.#clock);
      const folder = await addFolder(stores, trail, actor, this.#now(), {
        listingId,
        parentId,
        name: cleaned,
      });
      if (!folder) throw nameTaken();
      return folder;
    });
  }

  async rename(
    user: SessionUser | null,
    listingId: number,
    target: RoomItem,
    name: string,
    ip: string | null,
  ): Promise<void> {
    const actor = await this.#access.staffInRoom(user, listingId, ip);
    const cleaned = acceptedName(name);
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const before = await existing(stores, listingId, target);
      const now = this.#now();
      const change = { name: cleaned, updatedAt: now };
      const done =
        target.kind === "folder"
          ? await stores.files.updateFolder(listingId, target.id, change)
          : await stores.files.updateFile(listingId, target.id, change);
      if (!done) throw nameTaken();
      const detail = { from: before.name, to: cleaned };
      await new AuditTrail(trx, this.#clock).record(
        roomEvent(actor, listingId, "renamed", detail, aboutItem(target)),
      );
    });
  }

  /** Moves a file or folder into `folderId` (0: the top level); a folder goes last among its new siblings. */
  async move(
    user: SessionUser | null,
    listingId: number,
    target: RoomItem,
    folderId: number,
    ip: string | null,
  ): Promise<void> {
    const actor = await this.#access.staffInRoom(user, listingId, ip);
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const before = await existing(stores, listingId, target);
      const folders = await stores.files.folders(listingId);
      if (folderId !== 0 && !folders.some((folder) => folder.id === folderId)) throw notFound();
      if (target.kind === "folder" && folderPaths(folders, target.id).has(folderId)) {
        throw fail("INVALID_MOVE", "A folder cannot be moved into itself.");
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
      const detail = { name: before.name, to: folderId || null };
      await new AuditTrail(trx, this.#clock).record(
        roomEvent(actor, listingId, "moved", detail, aboutItem(target)),
      );
    });
  }

  /** Deletes a file, or a folder with everything below it; the bytes go once the rows are gone. */
  async delete(
    user: SessionUser | null,
    listingId: number,
    target: RoomItem,
    ip: string | null,
  ): Promise<void> {
    const actor = await this.#access.staffInRoom(user, listingId, ip);
    const keys = await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const before = await existing(stores, listingId, target);
      let removed: string[];
      if (target.kind === "folder") {
        const below = [...folderPaths(await stores.files.folders(listingId), target.id).keys()];
        removed = await stores.files.deleteFiles(listingId, { folderIds: below });
        await stores.files.deleteFolders(listingId, below);
      } else {
        removed = await stores.files.deleteFiles(listingId, { fileIds: [target.id] });
      }
      const detail = { name: before.name, files: removed.length };
      await new AuditTrail(trx, this.#clock).record(
        roomEvent(actor, listingId, "deleted", detail, aboutItem(target)),
      );
      // Demo rooms share one stored copy of each demo document: only bytes nothing else names go.
      return stores.files.unusedKeys(removed);
    });
    for (const key of keys) await this.#storage.delete(key);
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}

/**
 * Adds a folder under `parentId` with its `folder-created` event (staff's new folder, or one an
 * upload's path names); undefined when the name is taken there.
 */
export async function addFolder(
  stores: DataRoomStores,
  trail: AuditTrail,
  actor: Actor,
  now: string,
  folder: { listingId: number; parentId: number; name: string },
): Promise<DataRoomFolder | undefined> {
  const made = await stores.files.insertFolder({
    ListingId: folder.listingId,
    parentId: folder.parentId,
    name: folder.name,
    createdAt: now,
    updatedAt: now,
  });
  if (made) {
    const detail = { name: folder.name };
    await trail.record(roomEvent(actor, folder.listingId, "folder-created", detail, { folder: made.id }));
  }
  return made;
}

/** The folder or file being changed; a 404 when the room has no such item. */
async function existing(stores: DataRoomStores, listingId: number, target: RoomItem) {
  const found =
    target.kind === "folder"
      ? await stores.files.folder(listingId, target.id)
      : await stores.files.file(listingId, target.id);
  if (!found) throw notFound();
  return found;
}
