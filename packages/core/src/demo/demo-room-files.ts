import { aboutFile, type EventPlace } from "../data-rooms/room-events.ts";
import type { Executor } from "../db/database.ts";

/** A file of a demo room, as the demo's trail names it. */
export interface DemoRoomFile {
  id: number;
  folderId: number;
  name: string;
  size: number;
}

/**
 * The files of each room given, in the order the room lists them (first folder first): the demo's
 * trail opens these, so the activity page's folder heat map counts real folders. A room without
 * files (the demo book without its rooms' documents) has none.
 */
export async function demoRoomFiles(
  trx: Executor,
  listingIds: readonly number[],
): Promise<Map<number, DemoRoomFile[]>> {
  const files = new Map<number, DemoRoomFile[]>(listingIds.map((id) => [id, []]));
  if (listingIds.length === 0) return files;
  const rows = await trx
    .selectFrom("data_room_files")
    .select(["id", "ListingId", "folderId", "name", "size"])
    .where("ListingId", "in", [...listingIds])
    // The demo rooms' documents are stored folder by folder, in the room's order.
    .orderBy("id")
    .execute();
  for (const row of rows)
    files.get(row.ListingId)?.push({
      id: Number(row.id),
      folderId: Number(row.folderId),
      name: row.name,
      size: Number(row.size),
    });
  return files;
}

/**
 * What a buyer's look at a file of the room records, as the room's own pages do: opening its folder
 * names the folder (in the details and as the event's place), a preview or download the file.
 */
export function demoLook(
  event: "folder-opened" | "file-previewed" | "file-downloaded",
  file: DemoRoomFile,
): { detail: Record<string, unknown>; place: EventPlace } {
  return event === "folder-opened"
    ? { detail: { folderId: file.folderId }, place: { folder: file.folderId || null } }
    : { detail: { name: file.name }, place: aboutFile(file) };
}
