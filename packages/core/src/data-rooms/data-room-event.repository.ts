import type { DataRoomEventName } from "@aea/domain";
import type { Executor } from "../db/database.ts";

export interface DataRoomEvent {
  id: number;
  at: string;
  userId: number | null;
  ListingId: number;
  event: DataRoomEventName;
  fileId: number | null;
  folderId: number | null;
  ipAddress: string | null;
  detail: Record<string, unknown> | null;
  /** The admin viewing the site as `userId` when it happened (the event is theirs), else null. */
  impersonatorId: number | null;
}

export type NewDataRoomEvent = Omit<DataRoomEvent, "id">;

/** Who did something in a data room and from where, for the audit trail. */
export interface Actor {
  userId: number;
  ipAddress: string | null;
  /** The admin viewing the site as `userId`, if it is staff doing it under "view as". */
  impersonatorId?: number | null;
}

/** The data-room audit trail: who did what in which listing's data room, when and from where. */
export class DataRoomEventRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async record(event: NewDataRoomEvent): Promise<void> {
    await this.#db
      .insertInto("data_room_events")
      .values({ ...event, detail: event.detail ? JSON.stringify(event.detail) : null })
      .execute();
  }

  /** What `actor` did in the listing's room at `at`, about a file or folder where one is named. */
  recordBy(
    actor: Actor,
    at: string,
    listingId: number,
    event: DataRoomEventName,
    detail: Record<string, unknown>,
    about: { fileId?: number | null; folderId?: number | null } = {},
  ): Promise<void> {
    return this.record({
      at,
      userId: actor.userId,
      ListingId: listingId,
      event,
      fileId: about.fileId ?? null,
      folderId: about.folderId ?? null,
      ipAddress: actor.ipAddress,
      detail,
      impersonatorId: actor.impersonatorId ?? null,
    });
  }

  /** A listing's events, newest first. */
  async forListing(listingId: number, limit = 5000): Promise<DataRoomEvent[]> {
    const rows = await this.#db
      .selectFrom("data_room_events")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toEvent);
  }

  /**
   * A buyer's events in every data room, and those of an admin made while viewing the site as
   * someone, newest first (the staff's user page).
   */
  async forUser(userId: number, limit: number): Promise<DataRoomEvent[]> {
    const rows = await this.#db
      .selectFrom("data_room_events")
      .selectAll()
      .where((eb) => eb.or([eb("userId", "=", userId), eb("impersonatorId", "=", userId)]))
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toEvent);
  }
}

function toEvent(
  row: Omit<DataRoomEvent, "event" | "detail"> & { event: string; detail: string | null },
): DataRoomEvent {
  return {
    ...row,
    id: Number(row.id),
    impersonatorId: row.impersonatorId === null ? null : Number(row.impersonatorId),
    event: row.event as DataRoomEventName,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null,
  };
}
