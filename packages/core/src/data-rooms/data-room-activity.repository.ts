import { DOCUMENT_VIEW_EVENTS, DOWNLOAD_EVENTS } from "@aea/domain";
import { type ExpressionBuilder, sql } from "kysely";
import type { Executor } from "../db/database.ts";
import type { DatabaseSchema } from "../db/schema.ts";

/** What one buyer did in one listing's data room. */
export interface BuyerActivity {
  userId: number;
  name: string;
  email: string;
  /** Distinct files previewed or downloaded. */
  documentsViewed: number;
  downloads: number;
  lastVisit: string;
  signedAgreement: boolean;
}

/** One listing's data room at a glance, for the Mgmt Dash. */
export interface DataRoomTotals {
  ListingId: number;
  /** Buyers (not staff) with any event. */
  visitors: number;
  downloads: number;
  events: number;
}

type Events = ExpressionBuilder<DatabaseSchema & { e: DatabaseSchema["data_room_events"] }, "e">;

/**
 * Reads the data-room audit trail for staff's figures: the per-buyer summary, and per-listing totals
 * and daily counts for the Mgmt Dash (the events themselves are read by the audit's ActivityReader). Buyers are users who are not
 * admins: staff's own grants and uploads are in the trail but not counted as visits.
 */
export class DataRoomActivityRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Every buyer with an event in the listing's data room, the most recent visitor first. */
  async buyers(listingId: number): Promise<BuyerActivity[]> {
    const rows = await this.#db
      .selectFrom("data_room_events as e")
      .innerJoin("users as u", "u.id", "e.userId")
      .leftJoin("signed_agreements as s", (join) =>
        join.onRef("s.userId", "=", "e.userId").onRef("s.ListingId", "=", "e.ListingId"),
      )
      .where("e.ListingId", "=", listingId)
      .where("u.isAdmin", "=", 0)
      // What staff did while viewing as a buyer is theirs, not the buyer's.
      .where("e.impersonatorId", "is", null)
      .groupBy(["u.id", "u.firstName", "u.lastName", "u.email"])
      .select((eb) => [
        "u.id",
        "u.firstName",
        "u.lastName",
        "u.email",
        // A file is known by its id, or by what the event recorded of it when it has none.
        sql<number>`count(distinct case when ${eb("e.event", "in", [...DOCUMENT_VIEW_EVENTS])}
          then coalesce(cast(${eb.ref("e.fileId")} as text), ${eb.ref("e.detail")}) end)`.as(
          "documentsViewed",
        ),
        eb.fn.sum<number>(isDownload(eb)).as("downloads"),
        eb.fn.max("e.at").as("lastVisit"),
        eb.fn.count("s.id").as("signed"),
      ])
      .orderBy("lastVisit", "desc")
      .execute();
    return rows.map((row) => ({
      userId: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      documentsViewed: Number(row.documentsViewed),
      downloads: Number(row.downloads ?? 0),
      lastVisit: String(row.lastVisit),
      signedAgreement: Number(row.signed) > 0,
    }));
  }

  /** Visitors, downloads and events per listing with any event. */
  async totals(): Promise<DataRoomTotals[]> {
    const rows = await this.#db
      .selectFrom("data_room_events as e")
      .leftJoin("users as u", "u.id", "e.userId")
      .groupBy("e.ListingId")
      .select((eb) => [
        "e.ListingId",
        eb.fn
          .count(
            eb
              .case()
              .when(eb.and([eb("u.isAdmin", "=", 0), eb("e.impersonatorId", "is", null)]))
              .then(eb.ref("e.userId"))
              .end(),
          )
          .distinct()
          .as("visitors"),
        eb.fn.sum<number>(isDownload(eb as unknown as Events)).as("downloads"),
        eb.fn.countAll<number>().as("events"),
      ])
      .orderBy("e.ListingId")
      .execute();
    return rows.map((row) => ({
      ListingId: row.ListingId,
      visitors: Number(row.visitors),
      downloads: Number(row.downloads ?? 0),
      events: Number(row.events),
    }));
  }

  /** Events per listing and UTC day (YYYY-MM-DD) since `since` (an ISO time). */
  async dailyCounts(since: string): Promise<{ ListingId: number; day: string; events: number }[]> {
    const rows = await this.#db
      .selectFrom("data_room_events")
      .where("at", ">=", since)
      .select((eb) => [
        "ListingId",
        sql<string>`substr(at, 1, 10)`.as("day"),
        eb.fn.countAll<number>().as("events"),
      ])
      // By the output name: PostgreSQL takes two parameterised substr calls for different expressions.
      .groupBy(["ListingId", sql.ref("day")])
      .execute();
    return rows.map((row) => ({ ListingId: row.ListingId, day: row.day, events: Number(row.events) }));
  }
}

/** 1 for a download event, 0 otherwise (summed per buyer or listing). */
function isDownload(eb: Events) {
  return eb
    .case()
    .when("e.event", "in", [...DOWNLOAD_EVENTS])
    .then(1)
    .else(0)
    .end();
}
