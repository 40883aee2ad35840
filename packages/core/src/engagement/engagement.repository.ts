import {
  DEFAULT_HOT_LEAD_THRESHOLD,
  DOCUMENT_VIEW_EVENTS,
  type EngagementCounts,
  type TalliedEvent,
} from "@aea/domain";
import { sql } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
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

  /** `engine` picks the faster bulk write where the engine has one (reads are the same on both). */
  constructor(db: Executor, engine: Engine = "sqlite") {
    this.#db = db;
    this.#engine = engine;
  }

  /** Staff's accounts: their own looks around a room are not a buyer's engagement. */
  async adminIds(): Promise<number[]> {
    const rows = await this.#db.selectFrom("users").select("id").where("isAdmin", "=", 1).execute();
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
   * A room's buyer events, by buyer, oldest first (in the order of data_room_events_by_buyer, so
   * neither engine sorts); admins are left out by id rather than by a join, for the same reason.
   */
  async events(
    listingId: number,
    adminIds: readonly number[],
  ): Promise<(TalliedEvent & { userId: number })[]> {
    const rows = await this.#ownEvents(adminIds)
      .where("e.ListingId", "=", listingId)
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
      ])
      .orderBy("e.userId")
      .orderBy("e.at")
      .execute();
    return rows.map((row) => ({
      userId: Number(row.userId),
      event: row.event,
      file: row.fileId === null ? row.detail : Number(row.fileId),
      at: Date.parse(row.at),
      ...(row.event === "pages-viewed" && row.detail !== null && { pages: pagesOf(row.detail) }),
    }));
  }

  /** Replaces every stored score with the given ones (inside the recomputation's transaction). */
  async replaceAll(rows: readonly StoredEngagement[]): Promise<void> {
    const before = await this.#db.selectFrom("data_room_engagement").select("ListingId").distinct().execute();
    await this.#db.deleteFrom("data_room_engagement").execute();
    await this.#insert(rows);
    const listings = new Set([...before.map((r) => r.ListingId), ...rows.map((r) => r.ListingId)]);
    recordChange(this.#db, { dataset: "deal-activity", ids: [...listings] });
  }

  /** Replaces one listing's stored scores (staff's recount of it). */
  async replaceListing(listingId: number, rows: readonly StoredEngagement[]): Promise<void> {
    await this.#db.deleteFrom("data_room_engagement").where("ListingId", "=", listingId).execute();
    await this.#insert(rows);
    recordChange(this.#db, { dataset: "deal-activity", ids: [listingId] });
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
      // One statement of seven arrays: several times faster there than batches of bound rows.
      const column = <T>(pick: (r: StoredEngagement) => T) => rows.map(pick);
      await sql`insert into data_room_engagement
        ("ListingId", "userId", score, "scoreWeekAgo", counts, "lastEventAt", "computedAt")
        select * from unnest(
          ${column((r) => r.ListingId)}::integer[], ${column((r) => r.userId)}::integer[],
          ${column((r) => r.score)}::float8[], ${column((r) => r.scoreWeekAgo)}::float8[],
          ${column((r) => JSON.stringify(r.counts))}::text[], ${column((r) => r.lastEventAt)}::text[],
          ${column((r) => r.computedAt)}::text[])`.execute(this.#db);
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
