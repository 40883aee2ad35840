import type { DataRoomEventName, SessionUser } from "@aea/domain";
import { type AuditedEvent, actedBy } from "../audit/audit-trail.ts";
import type { DataRoomFile } from "./documents/data-room-file.repository.ts";

/** Who did something in a data room and from where, for the audit trail. */
export interface Actor {
  userId: number;
  ipAddress: string | null;
  /** The admin viewing the site as `userId`, if it is staff doing it under "view as". */
  impersonatorId?: number | null;
}

/** A folder or a file of the room, as staff rename, move or delete it. */
export interface RoomItem {
  kind: "folder" | "file";
  id: number;
}

/** The file and folder an event of a room's trail is about. */
export interface EventPlace {
  file?: number | null;
  folder?: number | null;
}

/**
 * An event of the listing's data-room trail, in the shape the one audit API (AuditTrail.record)
 * takes: the actor converted, the room as the subject, and the file or folder concerned.
 */
export function roomEvent(
  actor: Actor,
  listingId: number,
  action: DataRoomEventName,
  details: Record<string, unknown>,
  place: EventPlace = {},
): AuditedEvent {
  return { ...actedBy(actor), action, subject: { dataRoom: listingId, ...place }, details };
}

/** Who did something in the room: the viewer, and the admin viewing the site as them, if any. */
export function actorOf(viewer: SessionUser, ipAddress: string | null): Actor {
  return { userId: viewer.id, ipAddress, impersonatorId: viewer.impersonatorId };
}

/** An event about a file names the file and the folder it is in (none at the top level). */
export function aboutFile(file: Pick<DataRoomFile, "id" | "folderId">): EventPlace {
  return { file: file.id, folder: file.folderId || null };
}

/** An event about a renamed, moved or deleted item names the file, or the folder. */
export function aboutItem(item: RoomItem): EventPlace {
  return item.kind === "file" ? { file: item.id } : { folder: item.id };
}
