import type { Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { DataRoomFileNoteRow } from "../../db/schema.ts";

/** A viewer's note on a data-room file: private to its author. */
export type FileNote = Selectable<DataRoomFileNoteRow>;

export class FileNoteRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** The viewer's own notes on the given files (never anyone else's). */
  async forViewer(userId: number, fileIds: number[]): Promise<Map<number, FileNote>> {
    if (fileIds.length === 0) return new Map();
    const notes = new Map<number, FileNote>();
    // Bounded lists: a folder of thousands of files would otherwise exceed the engines' parameter limits.
    for (let start = 0; start < fileIds.length; start += 500) {
      const rows = await this.#db
        .selectFrom("data_room_file_notes")
        .selectAll()
        .where("userId", "=", userId)
        .where("fileId", "in", fileIds.slice(start, start + 500))
        .execute();
      for (const row of rows) notes.set(row.fileId, { ...row, id: Number(row.id) });
    }
    return notes;
  }

  async find(noteId: number): Promise<FileNote | undefined> {
    const row = await this.#db
      .selectFrom("data_room_file_notes")
      .selectAll()
      .where("id", "=", noteId)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id) };
  }

  /** One note per viewer and file: a second insert rewrites the first. */
  async upsert(note: Omit<FileNote, "id">): Promise<FileNote> {
    const row = await this.#db
      .insertInto("data_room_file_notes")
      .values(note)
      .onConflict((oc) =>
        oc.columns(["fileId", "userId"]).doUpdateSet({ text: note.text, updatedAt: note.updatedAt }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, id: Number(row.id) };
  }
}
