import type { Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { DataRoomFileRow, DataRoomFolderRow } from "../../db/schema.ts";

/** A folder of a listing's data room (parentId 0: at the room's top level). */
export type DataRoomFolder = Selectable<DataRoomFolderRow>;

/** A file of a listing's data room; its bytes are in storage under `storageKey`. */
export type DataRoomFile = Selectable<DataRoomFileRow>;

export type NewDataRoomFile = Omit<DataRoomFile, "id">;

const folderOf = (row: DataRoomFolder): DataRoomFolder => ({ ...row, id: Number(row.id) });
const fileOf = (row: DataRoomFile): DataRoomFile => ({ ...row, id: Number(row.id), size: Number(row.size) });

/** Folders and files of data rooms. Names are unique per folder (the tables' unique indexes). */
export class DataRoomFileRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async folders(listingId: number): Promise<DataRoomFolder[]> {
    const rows = await this.#db
      .selectFrom("data_room_folders")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("parentId")
      .orderBy("position")
      .orderBy("id")
      .execute();
    return rows.map(folderOf);
  }

  async folder(listingId: number, folderId: number): Promise<DataRoomFolder | undefined> {
    const row = await this.#db
      .selectFrom("data_room_folders")
      .selectAll()
      .where("ListingId", "=", listingId)
      .where("id", "=", folderId)
      .executeTakeFirst();
    return row && folderOf(row);
  }

  async folderNamed(listingId: number, parentId: number, name: string): Promise<DataRoomFolder | undefined> {
    const row = await this.#db
      .selectFrom("data_room_folders")
      .selectAll()
      .where("ListingId", "=", listingId)
      .where("parentId", "=", parentId)
      .where("name", "=", name)
      .executeTakeFirst();
    return row && folderOf(row);
  }

  /** The folder, or undefined when its name is taken in that parent (nothing is written then). */
  async insertFolder(folder: Omit<DataRoomFolder, "id" | "position">): Promise<DataRoomFolder | undefined> {
    const last = await this.#db
      .selectFrom("data_room_folders")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("ListingId", "=", folder.ListingId)
      .where("parentId", "=", folder.parentId)
      .executeTakeFirst();
    const row = await this.#db
      .insertInto("data_room_folders")
      .values({ ...folder, position: Number(last?.position ?? 0) + 1 })
      .onConflict((oc) => oc.columns(["ListingId", "parentId", "name"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && folderOf(row);
  }

  /** False when the name is taken in the target folder. */
  async updateFolder(
    listingId: number,
    folderId: number,
    change: { name?: string; parentId?: number; position?: number; updatedAt: string },
  ): Promise<boolean> {
    try {
      const result = await this.#db
        .updateTable("data_room_folders")
        .set(change)
        .where("ListingId", "=", listingId)
        .where("id", "=", folderId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async deleteFolders(listingId: number, folderIds: number[]): Promise<void> {
    if (folderIds.length === 0) return;
    await this.#db
      .deleteFrom("data_room_folders")
      .where("ListingId", "=", listingId)
      .where("id", "in", folderIds)
      .execute();
  }

  async files(listingId: number, folderId?: number): Promise<DataRoomFile[]> {
    let query = this.#db.selectFrom("data_room_files").selectAll().where("ListingId", "=", listingId);
    if (folderId !== undefined) query = query.where("folderId", "=", folderId);
    const rows = await query.orderBy("name").orderBy("id").execute();
    return rows.map(fileOf);
  }

  /** How many files each folder holds directly. */
  async fileCounts(listingId: number): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom("data_room_files")
      .select(["folderId", (eb) => eb.fn.countAll<number>().as("count")])
      .where("ListingId", "=", listingId)
      .groupBy("folderId")
      .execute();
    return new Map(rows.map((row) => [row.folderId, Number(row.count)]));
  }

  async file(listingId: number, fileId: number): Promise<DataRoomFile | undefined> {
    const row = await this.#db
      .selectFrom("data_room_files")
      .selectAll()
      .where("ListingId", "=", listingId)
      .where("id", "=", fileId)
      .executeTakeFirst();
    return row && fileOf(row);
  }

  /** A file of any listing (notes name files by id alone; the caller then checks the listing's room). */
  async fileById(fileId: number): Promise<DataRoomFile | undefined> {
    const row = await this.#db
      .selectFrom("data_room_files")
      .selectAll()
      .where("id", "=", fileId)
      .executeTakeFirst();
    return row && fileOf(row);
  }

  /** The file, or undefined when its name is taken in that folder (nothing is written then). */
  async insertFile(file: NewDataRoomFile): Promise<DataRoomFile | undefined> {
    const row = await this.#db
      .insertInto("data_room_files")
      .values(file)
      .onConflict((oc) => oc.columns(["ListingId", "folderId", "name"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && fileOf(row);
  }

  /** False when the name is taken in the target folder. */
  async updateFile(
    listingId: number,
    fileId: number,
    change: { name?: string; folderId?: number; updatedAt: string },
  ): Promise<boolean> {
    try {
      const result = await this.#db
        .updateTable("data_room_files")
        .set(change)
        .where("ListingId", "=", listingId)
        .where("id", "=", fileId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Those of `keys` no file names any more. */
  async unusedKeys(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const used = await this.#db
      .selectFrom("data_room_files")
      .select("storageKey")
      .where("storageKey", "in", [...new Set(keys)])
      .execute();
    const inUse = new Set(used.map((row) => row.storageKey));
    return [...new Set(keys)].filter((key) => !inUse.has(key));
  }

  /** Deletes the files (their notes go with them) and answers their storage keys. */
  async deleteFiles(
    listingId: number,
    where: { fileIds?: number[]; folderIds?: number[] },
  ): Promise<string[]> {
    const ids = where.fileIds ?? [];
    const folders = where.folderIds ?? [];
    if (ids.length === 0 && folders.length === 0) return [];
    const match = this.#db
      .selectFrom("data_room_files")
      .select(["id", "storageKey"])
      .where("ListingId", "=", listingId)
      .where((eb) =>
        eb.or([
          ...(ids.length ? [eb("id", "in", ids)] : []),
          ...(folders.length ? [eb("folderId", "in", folders)] : []),
        ]),
      );
    const rows = await match.execute();
    if (rows.length === 0) return [];
    const fileIds = rows.map((row) => Number(row.id));
    await this.#db.deleteFrom("data_room_file_notes").where("fileId", "in", fileIds).execute();
    await this.#db.deleteFrom("data_room_files").where("id", "in", fileIds).execute();
    return rows.map((row) => row.storageKey);
  }
}

/** A write refused by a unique index, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "23505" || (typeof message === "string" && /UNIQUE constraint failed/i.test(message));
}
