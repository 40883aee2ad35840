import {
  DEFAULT_HOT_LEAD_THRESHOLD,
  DOCUMENT_VIEW_EVENTS,
  type EngagementCounts,
  type TalliedEvent,
} from "@aea/domain";
import { sql } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
import { compactRows } from "../db/compact-rows.ts";
import type { Engine, Executor } from "../db/database.ts";

/** A buyer's stored score with one listing. */
export interface StoredEngagement {
  ListingId: number;
  userId: number;
  score: number;
  scoreWeekAgo: number;
  counts: EngagementCounts;
  lastEventAt: string;
  computedAt: string;
}

/** A stored score with the buyer it belongs to. */
export interface BuyerEngagement extends StoredEngagement {
  name: string;
  email: string;
}

export interface HotLeadThreshold {
  threshold: number;
  /** Who set it, when; null while the default applies. */
  updatedBy: string | null;
  updatedAt: string | null;
}

/** The last quarter-hour recount: what the next one counts from. */
export interface EngagementRecount {
  countedAt: string;
  /** When it last counted every room. */
  fullAt: string;
  /** What it counted with (staff's ids, the parts' weights and caps), as text to compare. */
  basis: string;
}

/** A buyer event as the database hands a room's events over (ROOM_EVENT_COLUMNS in order). */
type RoomEvent = [userId: number, event: string, fileId: number | null, at: string, detail: string | null];
const ROOM_EVENT_COLUMNS = ["userId", "event", "fileId", "at", "detail"];

const ENGAGEMENT_COLUMNS = sql.join(
  ["ListingId", "userId", "score", "scoreWeekAgo", "counts", "lastEventAt", "computedAt"].map((c) =>
    sql.ref(c),
  ),
);

/**
 * Stored scores as rows PostgreSQL reads from one JSON value: far cheaper to send than a statement of
 * bound rows, or arrays whose every element the driver escapes.
 */
const asRecords = (rows: readonly StoredEngagement[]) =>
  sql`json_populate_recordset(null::data_room_engagement, ${JSON.stringify(
    rows.map((r) => ({ ...r, counts: JSON.stringify(r.counts) })),
  )}::json)`;

/** Rows written at once on SQLite: far under its limit of bound parameters (7 a row: 14,000 a statement). */
const INSERT_BATCH = 2_000;

/**
 * The engagement scores: the buyers' events they are computed from, the stored scores, the
 * threshold. Buyers are users who are not admins, acting for themselves (what staff did while viewing
 * as a buyer is theirs, not the buyer's), as on the activity page.
 */
export class EngagementRepository {
  readonly #db: Executor;
  readonly #engine: Engine;

  /** `engine` picks the faster bulk read and write where the engine has one. */
  constructor(db: Executor, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  /** Staff's accounts: their own looks around a room are not a buyer's engagement. */
  async adminIds(): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("users")
      .select("id")
      .where("isAdmin", "=", 1)
      .orderBy("id")
      .execute();
    return rows.map((row) => Number(row.id));
  }

  /** Listings with any buyer event, so the recomputation reads one room at a time. */
  async listingsWithEvents(adminIds: readonly number[]): Promise<number[]> {
    const rows = await this.#ownEvents(adminIds)
      .select("e.ListingId")
      .distinct()
      .orderBy("e.ListingId")
      .execute();
    return rows.map((row) => row.ListingId);
  }

  /**
   * Per listing, the buyers with an event recorded after `after`, or one that passed the one-week
   * line between the two times of `weekLine` (their score of a week ago changed): the scores a
   * recount since the last one has to count again.
   */
  async buyersChangedSince(
    adminIds: readonly number[],
    after: string,
    weekLine: { after: string; upTo: string },
  ): Promise<Map<number, number[]>> {
    const rows = await this.#ownEvents(adminIds)
      .where((eb) =>
        eb.or([
          eb("e.at", ">", after),
          eb.and([eb("e.at", ">", weekLine.after), eb("e.at", "<=", weekLine.upTo)]),
        ]),
      )
      .select(["e.ListingId", "e.userId"])
      .distinct()
      .orderBy("e.ListingId")
      .orderBy("e.userId")
      .execute();
    const buyers = new Map<number, number[]>();
    for (const row of rows) {
      const list = buyers.get(row.ListingId) ?? [];
      list.push(Number(row.userId));
      buyers.set(row.ListingId, list);
    }
    return buyers;
  }

  /**
   * A room's buyer events (or those of the buyers given), by buyer, oldest first (in the order of data_room_events_by_buyer, so
   * neither engine sorts); admins are left out by id rather than by a join, for the same reason. The
   * database hands the room over as one JSON value: a driver object per event was most of Node's
   * share of a full recount on PostgreSQL (bench row of decision 043).
   */
  async events(
    listingId: number,
    adminIds: readonly number[],
    buyers?: readonly number[],
  ): Promise<(TalliedEvent & { userId: number })[]> {
    const room = this.#ownEvents(adminIds)
      .where("e.ListingId", "=", listingId)
      .$if(buyers !== undefined, (q) => q.where("e.userId", "in", [...(buyers as number[])]))
      .select((eb) => [
        "e.userId",
        "e.event",
        "e.fileId",
        "e.at",
        // Only a page-view event's detail is read (its page count), and a document event's without a
        // file id (what it recorded of the file names it, as on the activity page): the rest stay put.
        eb
          .case()
          .when(
            eb.or([
              eb("e.event", "=", "pages-viewed"),
              eb.and([eb("e.fileId", "is", null), eb("e.event", "in", [...DOCUMENT_VIEW_EVENTS])]),
            ]),
          )
          .then(eb.ref("e.detail"))
          .end()
          .as("detail"),
      ]);
    const rows = await compactRows<RoomEvent>(this.#db, this.#engine, room, ROOM_EVENT_COLUMNS, {
      orderBy: ["userId", "at"],
      tuples: true,
    });
    return rows.map(([userId, event, fileId, at, detail]) => ({
      userId,
      event,
      file: fileId ?? detail,
      at: Date.parse(at),
      ...(event === "pages-viewed" && detail !== null && { pages: pagesOf(detail) }),
    }));
  }

  /** Replaces every stored score with the given ones (inside the recomputation's transaction). */
  async replaceAll(rows: readonly StoredEngagement[]): Promise<void> {
    const before = await this.#db.selectFrom("data_room_engagement").select("ListingId").distinct().execute();
    if (this.#engine === "postgres") await this.#writeChanged(rows);
    else {
      await this.#db.deleteFrom("data_room_engagement").execute();
      await this.#insert(rows);
    }
    const listings = new Set([...before.map((r) => r.ListingId), ...rows.map((r) => r.ListingId)]);
    recordChange(this.#db, { dataset: "deal-activity", ids: [...listings] });
  }

  /** Replaces one listing's stored scores (staff's recount of it). */
  async replaceListing(listingId: number, rows: readonly StoredEngagement[]): Promise<void> {
    await this.#db.deleteFrom("data_room_engagement").where("ListingId", "=", listingId).execute();
    await this.#insert(rows);
    recordChange(this.#db, { dataset: "deal-activity", ids: [listingId] });
  }

  /** Replaces the stored scores of the buyers recounted, per listing (a recount since the last one). */
  async replaceBuyers(buyers: ReadonlyMap<number, readonly number[]>, rows: readonly StoredEngagement[]) {
    if (buyers.size === 0) return;
    for (const [listingId, userIds] of buyers)
      await this.#db
        .deleteFrom("data_room_engagement")
        .where("ListingId", "=", listingId)
        .where("userId", "in", [...userIds])
        .execute();
    await this.#insert(rows);
    recordChange(this.#db, { dataset: "deal-activity", ids: [...buyers.keys()] });
  }

  async lastRecount(): Promise<EngagementRecount | undefined> {
    return this.#db
      .selectFrom("engagement_recounts")
      .where("id", "=", 1)
      .select(["countedAt", "fullAt", "basis"])
      .executeTakeFirst();
  }

  async saveRecount(recount: EngagementRecount): Promise<void> {
    await this.#db
      .insertInto("engagement_recounts")
      .values({ id: 1, ...recount })
      .onConflict((oc) => oc.column("id").doUpdateSet(recount))
      .execute();
  }

  /** A listing's buyers with a score, highest first. */
  async forListing(listingId: number): Promise<BuyerEngagement[]> {
    const rows = await this.#db
      .selectFrom("data_room_engagement as g")
      .innerJoin("users as u", "u.id", "g.userId")
      .where("g.ListingId", "=", listingId)
      .select(["g.ListingId", "g.userId", "g.score", "g.scoreWeekAgo", "g.counts", "g.lastEventAt"])
      .select(["g.computedAt", "u.firstName", "u.lastName", "u.email"])
      .orderBy("g.score", "desc")
      .orderBy("g.lastEventAt", "desc")
      .execute();
    return rows.map((row) => ({
      ListingId: row.ListingId,
      userId: row.userId,
      score: Number(row.score),
      scoreWeekAgo: Number(row.scoreWeekAgo),
      counts: JSON.parse(row.counts) as EngagementCounts,
      lastEventAt: row.lastEventAt,
      computedAt: row.computedAt,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
    }));
  }

  /** Buyers at or above the threshold, per listing. */
  async hotLeadCounts(threshold: number): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom("data_room_engagement")
      .where("score", ">=", threshold)
      .groupBy("ListingId")
      .select((eb) => ["ListingId", eb.fn.countAll<number>().as("n")])
      .execute();
    return new Map(rows.map((row) => [row.ListingId, Number(row.n)]));
  }

  /** When the scores were last computed (undefined: never, or nobody has been in a room). */
  async lastComputedAt(): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom("data_room_engagement")
      .select((eb) => eb.fn.max("computedAt").as("at"))
      .executeTakeFirst();
    return row?.at ?? undefined;
  }

  /** Per folder of a room: how many buyers opened it or a file in it. */
  async folderOpeners(listingId: number): Promise<Map<number, number>> {
    const rows = await this.#buyerEvents()
      .where("e.ListingId", "=", listingId)
      .where("e.event", "in", ["folder-opened", "file-previewed", "file-downloaded", "pages-viewed"])
      .where("e.folderId", "is not", null)
      .groupBy("e.folderId")
      .select((eb) => ["e.folderId", eb.fn.count("e.userId").distinct().as("n")])
      .execute();
    return new Map(rows.map((row) => [Number(row.folderId), Number(row.n)]));
  }

  async threshold(): Promise<HotLeadThreshold> {
    const row = await this.#db
      .selectFrom("engagement_settings as s")
      .leftJoin("users as u", "u.id", "s.updatedBy")
      .where("s.id", "=", 1)
      .select(["s.hotLeadThreshold", "s.updatedAt", "u.firstName", "u.lastName"])
      .executeTakeFirst();
    if (!row) return { threshold: DEFAULT_HOT_LEAD_THRESHOLD, updatedBy: null, updatedAt: null };
    const name = `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim();
    return { threshold: row.hotLeadThreshold, updatedBy: name || null, updatedAt: row.updatedAt };
  }

  async setThreshold(threshold: number, updatedBy: number, updatedAt: string): Promise<void> {
    await this.#db
      .insertInto("engagement_settings")
      .values({ id: 1, hotLeadThreshold: threshold, updatedBy, updatedAt })
      .onConflict((oc) => oc.column("id").doUpdateSet({ hotLeadThreshold: threshold, updatedBy, updatedAt }))
      .execute();
    // Every listing's hot-lead count follows the threshold.
    recordChange(this.#db, { dataset: "deal-activity", ids: [], all: true });
  }

  async #insert(rows: readonly StoredEngagement[]): Promise<void> {
    if (rows.length === 0) return;
    if (this.#engine === "postgres") {
      await sql`insert into data_room_engagement (${ENGAGEMENT_COLUMNS})
        select ${ENGAGEMENT_COLUMNS} from ${asRecords(rows)}`.execute(this.#db);
      return;
    }
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await this.#db
        .insertInto("data_room_engagement")
        .values(
          rows.slice(start, start + INSERT_BATCH).map((r) => ({ ...r, counts: JSON.stringify(r.counts) })),
        )
        .execute();
    }
  }

  /**
   * PostgreSQL's whole replacement: the scores that changed are written, the rest left as they are
   * (with the time they were counted), and the scores of buyers no longer counted deleted. There an
   * insert costs a foreign-key check and two index entries, which for every score were most of a full
   * recount; a daily one finds most scores unchanged.
   */
  async #writeChanged(rows: readonly StoredEngagement[]): Promise<void> {
    const stored = sql.raw("data_room_engagement");
    await sql`with incoming as (select * from ${asRecords(rows)}),
      gone as (
        delete from data_room_engagement g where not exists (
          select 1 from incoming i where i."ListingId" = g."ListingId" and i."userId" = g."userId"))
      insert into data_room_engagement (${ENGAGEMENT_COLUMNS})
      select ${ENGAGEMENT_COLUMNS} from incoming
      on conflict ("ListingId", "userId") do update set
        score = excluded.score, "scoreWeekAgo" = excluded."scoreWeekAgo", counts = excluded.counts,
        "lastEventAt" = excluded."lastEventAt", "computedAt" = excluded."computedAt"
      where (${stored}.score, ${stored}."scoreWeekAgo", ${stored}.counts, ${stored}."lastEventAt")
        is distinct from (excluded.score, excluded."scoreWeekAgo", excluded.counts, excluded."lastEventAt")`.execute(
      this.#db,
    );
  }

  /** Events buyers did themselves: not staff's, nor staff's while viewing the site as a buyer. */
  #ownEvents(adminIds: readonly number[]) {
    return this.#db
      .selectFrom("data_room_events as e")
      .where("e.userId", "is not", null)
      .where("e.impersonatorId", "is", null)
      .$if(adminIds.length > 0, (q) => q.where("e.userId", "not in", [...adminIds]));
  }

  #buyerEvents() {
    return this.#db
      .selectFrom("data_room_events as e")
      .innerJoin("users as u", "u.id", "e.userId")
      .where("u.isAdmin", "=", 0)
      .where("e.impersonatorId", "is", null);
  }
}

/** The page count a page-view event recorded (0 when its detail is not what the site writes). */
function pagesOf(detail: string): number {
  try {
    const pages = (JSON.parse(detail) as { pages?: unknown }).pages;
    return typeof pages === "number" && Number.isInteger(pages) && pages > 0 ? pages : 0;
  } catch {
    return 0;
  }
}
