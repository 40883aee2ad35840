import type { ActivityFilter, DataRoomEventName } from "@aea/domain";
import type { Selectable } from "kysely";
import type { Executor } from "../db/database.ts";
import type { AuditLogRow, DataRoomEventRow } from "../db/schema.ts";
import type { AuditAction } from "./audit-actions.ts";

/** One entry of the audit log: something that happened to an account or a listing. */
export interface AuditEntry {
  id: number;
  at: string;
  /** The account it happened to, or the actor's own account for their own deeds; null if unknown. */
  userId: number | null;
  action: AuditAction;
  detail: string | null;
  /** Who made the change when it was not the account's owner (staff), else null. */
  actorId: number | null;
  /** The admin viewing the site as the account when this happened, else null. */
  impersonatorId: number | null;
  ipAddress: string | null;
  /** The listing a staff change was made to, else null. */
  listingId: number | null;
}

/** One event of a data room's trail. */
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

/** One line of a listing's data-room trail as the activity page and its CSV show it. */
export interface ActivityEntry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  /** The admin who did it while viewing the site as the user (their name, else email), or null. */
  impersonatorName: string | null;
  event: DataRoomEventName;
  ipAddress: string | null;
  detail: Record<string, unknown> | null;
}

/**
 * The one reader of what the audit trail recorded, for the staff pages that show activity: the
 * dashboard's latest entries, a user's page (their account's entries and their data-room events),
 * a listing's history, and a listing's data-room activity page and CSV. The per-buyer figures and
 * Mgmt Dash totals are data-rooms' own (DataRoomActivityRepository).
 */
export class ActivityReader {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** The latest audit-log entries, newest first. */
  async recent(limit: number): Promise<AuditEntry[]> {
    const rows = await this.#db
      .selectFrom("audit_log")
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(auditEntry);
  }

  /**
   * What happened to an account or was done by it (as staff, or viewing as someone), and its
   * data-room events (its own, and those an admin made viewing as someone), newest first.
   */
  async forUser(
    userId: number,
    limit: number,
  ): Promise<{ account: AuditEntry[]; dataRooms: DataRoomEvent[] }> {
    const [account, dataRooms] = await Promise.all([
      this.#db
        .selectFrom("audit_log")
        .selectAll()
        .where((eb) =>
          eb.or([eb("userId", "=", userId), eb("actorId", "=", userId), eb("impersonatorId", "=", userId)]),
        )
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
      this.#db
        .selectFrom("data_room_events")
        .selectAll()
        .where((eb) => eb.or([eb("userId", "=", userId), eb("impersonatorId", "=", userId)]))
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
    ]);
    return { account: account.map(auditEntry), dataRooms: dataRooms.map(dataRoomEvent) };
  }

  /** Staff changes to a listing (edits, pictures, web settings), newest first. */
  async forListing(listingId: number, limit: number): Promise<AuditEntry[]> {
    const rows = await this.#db
      .selectFrom("audit_log")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(auditEntry);
  }

  /** A listing's data-room events matching the filter, newest first, one page of them, and how many match. */
  async dataRoom(
    listingId: number,
    filter: Omit<ActivityFilter, "page">,
    page: { offset: number; limit: number },
  ): Promise<{ entries: ActivityEntry[]; total: number }> {
    let query = this.#db
      .selectFrom("data_room_events as e")
      .leftJoin("users as u", "u.id", "e.userId")
      .leftJoin("users as staff", "staff.id", "e.impersonatorId")
      .where("e.ListingId", "=", listingId);
    if (filter.buyer) query = query.where("e.userId", "=", filter.buyer);
    if (filter.event) query = query.where("e.event", "=", filter.event);
    // `at` is ISO 8601 text in UTC on both engines, so days compare as strings.
    if (filter.from) query = query.where("e.at", ">=", `${filter.from}T00:00:00.000Z`);
    if (filter.to) query = query.where("e.at", "<=", `${filter.to}T23:59:59.999Z`);
    const [rows, count] = await Promise.all([
      query
        .select([
          "e.id",
          "e.at",
          "e.userId",
          "e.event",
          "e.ipAddress",
          "e.detail",
          "u.firstName",
          "u.lastName",
          "u.email",
          "e.impersonatorId",
          "staff.firstName as staffFirstName",
          "staff.lastName as staffLastName",
          "staff.email as staffEmail",
        ])
        .orderBy("e.at", "desc")
        .orderBy("e.id", "desc")
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      entries: rows.map((row) => ({
        id: Number(row.id),
        at: row.at,
        userId: row.userId,
        userName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ""}`.trim(),
        userEmail: row.email,
        impersonatorName:
          row.impersonatorId === null
            ? null
            : `${row.staffFirstName ?? ""} ${row.staffLastName ?? ""}`.trim() ||
              (row.staffEmail ?? `account #${row.impersonatorId}`),
        event: row.event as DataRoomEventName,
        ipAddress: row.ipAddress,
        detail: parsed(row.detail),
      })),
    };
  }

  /** A listing's data-room events, newest first (for checks and tests; the page uses `dataRoom`). */
  async dataRoomEvents(listingId: number, limit = 5000): Promise<DataRoomEvent[]> {
    const rows = await this.#db
      .selectFrom("data_room_events")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(dataRoomEvent);
  }
}

function auditEntry(row: Selectable<AuditLogRow>): AuditEntry {
  const { ListingId, ...rest } = row;
  return {
    ...rest,
    id: Number(row.id),
    userId: idOrNull(row.userId),
    actorId: idOrNull(row.actorId),
    impersonatorId: idOrNull(row.impersonatorId),
    listingId: idOrNull(ListingId),
    action: row.action as AuditAction,
  };
}

function dataRoomEvent(row: Selectable<DataRoomEventRow>): DataRoomEvent {
  return {
    ...row,
    id: Number(row.id),
    impersonatorId: idOrNull(row.impersonatorId),
    event: row.event as DataRoomEventName,
    detail: parsed(row.detail),
  };
}

/** PostgreSQL may answer integer columns as strings through some drivers; ids are numbers here. */
function idOrNull(id: number | string | null): number | null {
  return id === null ? null : Number(id);
}

function parsed(detail: string | null): Record<string, unknown> | null {
  return detail ? (JSON.parse(detail) as Record<string, unknown>) : null;
}
