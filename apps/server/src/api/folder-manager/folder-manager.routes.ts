import type { Core } from "@aea/core";
import {
  createFolderSchema,
  DATA_ROOM_TEXTS,
  deleteSchema,
  insertFileNoteSchema,
  moveSchema,
  renameSchema,
  updateFileNoteSchema,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";

const message = z.object({ message: z.string(), code: z.string().optional() });
const invalid = message.extend({
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
const errors = { 400: invalid, 401: message, 403: message, 404: message, 409: message };
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["FolderManager"];

  api.post(
    "/api/FolderManager/InsertFileNotes",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Save the viewer's note on a data-room file",
        description:
          "Notes are private: each viewer sees only their own. A second insert rewrites the first.",
        body: insertFileNoteSchema,
        response: { 200: noteReply, ...errors },
      },
    },
    async (request) => {
      const user = admittedUser(request);
      const note = await core.dataRoomView.insertNote(
        user,
        request.body.fileId,
        request.body.note,
        request.ip,
      );
      return {
        message: DATA_ROOM_TEXTS.noteSaved,
        noteId: note.id,
        note: note.text,
        updatedAt: note.updatedAt,
      };
    },
  );

  api.post(
    "/api/FolderManager/UpdateFileNotes",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Rewrite the viewer's own note",
        description: "Only the note's author may change it; anyone else's note id answers 404.",
        body: updateFileNoteSchema,
        response: { 200: noteReply, ...errors },
      },
    },
    async (request) => {
      const user = admittedUser(request);
      const note = await core.dataRoomView.updateNote(
        user,
        request.body.noteId,
        request.body.note,
        request.ip,
      );
      return {
        message: DATA_ROOM_TEXTS.noteSaved,
        noteId: note.id,
        note: note.text,
        updatedAt: note.updatedAt,
      };
    },
  );

  api.post(
    "/api/FolderManager/CreateFolder",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Create a folder in a data room (staff)",
        body: createFolderSchema,
        response: { 200: z.object({ message: z.string(), id: z.number(), name: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { listingId, parentId, name } = request.body;
      const user = admittedUser(request);
      const folder = await core.dataRoomFolders.createFolder(user, listingId, parentId, name, request.ip);
      return { message: "Folder created", id: folder.id, name: folder.name };
    },
  );

  api.post(
    "/api/FolderManager/Rename",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Rename a folder or file (staff)",
        body: renameSchema,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const { listingId, kind, id, name } = request.body;
      await core.dataRoomFolders.rename(admittedUser(request), listingId, { kind, id }, name, request.ip);
      return { message: "Renamed" };
    },
  );

  api.post(
    "/api/FolderManager/Move",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Move a folder or file into another folder (staff)",
        description: "folderId 0 is the room's top level; a folder cannot move into itself or below itself.",
        body: moveSchema,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const { listingId, kind, id, folderId } = request.body;
      await core.dataRoomFolders.move(admittedUser(request), listingId, { kind, id }, folderId, request.ip);
      return { message: "Moved" };
    },
  );

  api.post(
    "/api/FolderManager/Delete",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Delete a file, or a folder and everything in it (staff)",
        body: deleteSchema,
        response: { 200: message, ...errors },
      },
    },
    async (request) => {
      const { listingId, kind, id } = request.body;
      await core.dataRoomFolders.delete(admittedUser(request), listingId, { kind, id }, request.ip);
      return { message: "Deleted" };
    },
  );
}
