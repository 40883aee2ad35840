import type { SessionUser } from "@aea/domain";
import type { Actor } from "../data-room-access.service.ts";
import type { DataRoomFile } from "../data-room-file.repository.ts";

/** A folder or a file of the room, as staff rename, move or delete it. */
export interface RoomItem {
  kind: "folder" | "file";
  id: number;
}

/** The file and folder an event of the room's trail is about. */
export interface EventPlace {
  fileId?: number | null;
  folderId?: number | null;
}

/** Who did something in the room: the viewer, and the admin viewing the site as them, if any. */
export function actorOf(viewer: SessionUser, ipAddress: string | null): Actor {
  return { userId: viewer.id, ipAddress, impersonatorId: viewer.impersonatorId };
}

/** An event about a file names the file and the folder it is in (none at the top level). */
export function aboutFile(file: Pick<DataRoomFile, "id" | "folderId">): EventPlace {
  return { fileId: file.id, folderId: file.folderId || null };
}

/** An event about a renamed, moved or deleted item names the file, or the folder. */
export function aboutItem(item: RoomItem): EventPlace {
  return item.kind === "file" ? { fileId: item.id } : { folderId: item.id };
}
