import type { Kysely } from "kysely";

/**
 * The files of its data room an answer cites (issue 23 item 1): the links under the answer open the
 * preview at each. A file deleted from the room leaves the answers that cited it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_room_answer_files")
    .addColumn("questionId", "integer", (c) =>
      c.notNull().references("data_room_questions.id").onDelete("cascade"),
    )
    .addColumn("fileId", "integer", (c) => c.notNull().references("data_room_files.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("data_room_answer_files_pk", ["questionId", "fileId"])
    .execute();
}
