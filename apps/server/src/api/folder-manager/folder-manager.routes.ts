import type { Core } from "@aea/core";
import type { SessionUser } from "@aea/domain";
import {
  createFolderSchema,
  DATA_ROOM_TEXTS,
  deleteSchema,
  insertFileNoteSchema,
  moveSchema,
  PAGES_VIEWED_PATH,
  pagesViewedSchema,
  renameSchema,
  updateFileNoteSchema,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { failureReply } from "../shared/replies.ts";
import { signedInCalls } from "../shared/signed-in-calls.ts";

const noteReply = z.object({
  message: z.string(),
  noteId: z.number(),
  note: z.string(),
  updatedAt: z.string(),
});

/**
 * The data room's notes (spec §7: POST /api/FolderManager/InsertFileNotes and UpdateFileNotes) and
 * staff changes to its folders and files. Each call is answered only inside a room the viewer may
 * open: a 404 otherwise, the same as for a missing listing or file.
 */
export async function folderManagerRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const { post } = signedInCalls(app, ["FolderManager"]);

  /** Saving the viewer's own note on a file, answered with the note as saved. */
  function noteChange<Body extends z.ZodType>(
    url: string,
    text: { summary: string; description: string },
    body: Body,
    save: (
      user: SessionUser,
      body: z.infer<Body>,
      ip: string,
    ) => Promise<{ id: number; text: string; updatedAt: string }>,
  ) {
    post(url, text, body, noteReply, async (user, request, ip) => {
      const note = await save(user, request, ip);
      return {
        message: DATA_ROOM_TEXTS.noteSaved,
        noteId: note.id,
        note: note.text,
        updatedAt: note.updatedAt,
      };
    });
  }

  noteChange(
    "/api/FolderManager/InsertFileNotes",
    {
      summary: "Save the viewer's note on a data-room file",
      description: "Notes are private: each viewer sees only their own. A second insert rewrites the first.",
    },
    insertFileNoteSchema,
    (user, { fileId, note }, ip) => core.dataRoomView.insertNote(user, fileId, note, ip),
  );
  noteChange(
    "/api/FolderManager/UpdateFileNotes",
    {
      summary: "Rewrite the viewer's own note",
      description: "Only the note's author may change it; anyone else's note id answers 404.",
    },
    updateFileNoteSchema,
    (user, { noteId, note }, ip) => core.dataRoomView.updateNote(user, noteId, note, ip),
  );

  post(
    PAGES_VIEWED_PATH,
    {
      summary: "Report the pages of a file the preview showed",
      description:
        "Sent by the preview when it closes: one event in the room's trail, counted in the viewer's engagement score. Answered 404 outside a room the viewer may open.",
    },
    pagesViewedSchema,
    failureReply,
    async (user, { listingId, fileId, pages }, ip) => {
      await core.dataRoomDelivery.recordPagesViewed(user, listingId, fileId, pages, ip);
      return { message: "Recorded" };
    },
  );

  post(
    "/api/FolderManager/CreateFolder",
    { summary: "Create a folder in a data room (staff)" },
    createFolderSchema,
    z.object({ message: z.string(), id: z.number(), name: z.string() }),
    async (user, { listingId, parentId, name }, ip) => {
      const folder = await core.dataRoomFolders.createFolder(user, listingId, parentId, name, ip);
      return { message: "Folder created", id: folder.id, name: folder.name };
    },
  );

  /** A staff change to a folder or file, answered with what was done. */
  function folderChange<Body extends z.ZodType>(
    url: string,
    text: { summary: string; description?: string },
    body: Body,
    done: string,
    change: (user: SessionUser, body: z.infer<Body>, ip: string) => Promise<unknown>,
  ) {
    post(url, text, body, failureReply, async (user, request, ip) => {
      await change(user, request, ip);
      return { message: done };
    });
  }

  folderChange(
    "/api/FolderManager/Rename",
    { summary: "Rename a folder or file (staff)" },
    renameSchema,
    "Renamed",
    (user, { listingId, kind, id, name }, ip) =>
      core.dataRoomFolders.rename(user, listingId, { kind, id }, name, ip),
  );

  folderChange(
    "/api/FolderManager/Move",
    {
      summary: "Move a folder or file into another folder (staff)",
      description: "folderId 0 is the room's top level; a folder cannot move into itself or below itself.",
    },
    moveSchema,
    "Moved",
    (user, { listingId, kind, id, folderId }, ip) =>
      core.dataRoomFolders.move(user, listingId, { kind, id }, folderId, ip),
  );

  folderChange(
    "/api/FolderManager/Delete",
    { summary: "Delete a file, or a folder and everything in it (staff)" },
    deleteSchema,
    "Deleted",
    (user, { listingId, kind, id }, ip) => core.dataRoomFolders.delete(user, listingId, { kind, id }, ip),
  );
}
