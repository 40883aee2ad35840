import {
  ACTIVITY_PAGE_SIZE,
  type ActivityFilter,
  DATA_ROOM_EVENT_LABELS,
  dataRoomItemName,
  type Listing,
  notFound,
  type Pagination,
  paginate,
  type SessionUser,
  staffViewingAs,
} from "@aea/domain";
import { type ActivityEntry, ActivityReader } from "../audit/activity-reader.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { type ExportColumn, type ExportFile, exportFile } from "../export/table-export.ts";
import type { ListingService } from "../listings/listing.service.ts";
import { lastWeekStarts, perWeek } from "../weeks.ts";
import { type BuyerActivity, DataRoomActivityRepository } from "./data-room-activity.repository.ts";
import { dataRoomStores } from "./data-room-stores.ts";

/** A CSV export stops here; a listing's trail is far shorter, and the page filters by date. */
const CSV_MAX_ROWS = 100_000;

const CSV_COLUMNS: readonly ExportColumn<ActivityEntry>[] = [
  { header: "Time (UTC)", value: (e) => e.at },
  // The email identifies the account; the name is what its holder typed.
  { header: "Email", value: (e) => e.userEmail },
  { header: "Name", value: (e) => e.userName },
  { header: "Event", value: (e) => DATA_ROOM_EVENT_LABELS[e.event] ?? e.event },
  { header: "File or folder", value: (e) => dataRoomItemName(e.detail) },
  { header: "IP address", value: (e) => e.ipAddress },
  { header: "Details", value: (e) => (e.detail ? JSON.stringify(e.detail) : "") },
];

export interface ListingActivity {
  listing: Listing;
  entries: ActivityEntry[];
  /** The page shown, by domain's `paginate` (the spec's clamping: the last page is kept full). */
  pagination: Pagination;
  buyers: BuyerActivity[];
}

/** A listing's data room on the Mgmt Dash. */
export interface DataRoomDashboardRow {
  ListingId: number;
  header: string;
  signedCAs: number;
  visitors: number;
  downloads: number;
  /** Events per week, oldest first; `week` is the Monday (UTC) it starts on. */
  weekly: { week: string; events: number }[];
}

/**
 * The data-room audit trail as staff read it: the activity page and its CSV (admins only: for
 * anyone else a listing's activity does not exist, the same 404 as a missing listing) and the
 * Mgmt Dash's per-listing figures.
 */
export class DataRoomActivityService {
  readonly #listings: ListingService;
  readonly #activity: DataRoomActivityRepository;
  readonly #reader: ActivityReader;
  readonly #database: Database;
  readonly #clock: Clock;

  constructor(options: { database: Database; listings: ListingService; clock?: Clock }) {
    this.#listings = options.listings;
    this.#database = options.database;
    this.#activity = new DataRoomActivityRepository(options.database.db);
    this.#reader = new ActivityReader(options.database.db);
    this.#clock = options.clock ?? systemClock;
  }

  async forListing(
    viewer: SessionUser | null,
    listingId: number,
    filter: ActivityFilter,
  ): Promise<ListingActivity> {
    const listing = await this.#staffListing(viewer, listingId);
    const read = (pagination: Pick<Pagination, "offset">) =>
      this.#reader.dataRoom(listingId, filter, { offset: pagination.offset, limit: ACTIVITY_PAGE_SIZE });
    const [first, buyers] = await Promise.all([
      read({ offset: (filter.page - 1) * ACTIVITY_PAGE_SIZE }),
      this.#activity.buyers(listingId),
    ]);
    // The total is known only after the first read: a last page (or one past the end) is clamped and read again.
    const pagination = paginate(first.total, filter.page, ACTIVITY_PAGE_SIZE);
    const shown =
      pagination.offset === (filter.page - 1) * ACTIVITY_PAGE_SIZE ? first : await read(pagination);
    return { listing, entries: shown.entries.map(namedActor), pagination, buyers };
  }

  /** The filtered trail as CSV (every page of it), safe to open in a spreadsheet. */
  async csv(viewer: SessionUser | null, listingId: number, filter: ActivityFilter): Promise<ExportFile> {
    await this.#staffListing(viewer, listingId);
    const found = await this.#reader.dataRoom(listingId, filter, { offset: 0, limit: CSV_MAX_ROWS });
    const rows = found.entries.map(namedActor);
    return exportFile({ sheet: "Data room activity", columns: CSV_COLUMNS, rows }, "csv");
  }

  /** Signed CAs, visitors, downloads and a weekly event count for every listing with a data-room trail. */
  async dashboard(weeks = 12): Promise<DataRoomDashboardRow[]> {
    const weekStarts = lastWeekStarts(this.#clock.now(), weeks);
    const [totals, daily, signed] = await Promise.all([
      this.#activity.totals(),
      this.#activity.dailyCounts(`${weekStarts[0]}T00:00:00.000Z`),
      dataRoomStores(this.#database.db).signedAgreements.countByListing(),
    ]);
    const listingIds = [...new Set([...totals.map((t) => t.ListingId), ...signed.keys()])];
    const listings = new Map(
      (await Promise.all(listingIds.map((id) => this.#listings.findById(id))))
        .filter((l) => l !== undefined)
        .map((l) => [l.ListingId, l]),
    );
    return listingIds
      .filter((id) => listings.has(id))
      .map((id) => {
        const total = totals.find((t) => t.ListingId === id);
        return {
          ListingId: id,
          header: listings.get(id)?.Header ?? `Listing #${id}`,
          signedCAs: signed.get(id) ?? 0,
          visitors: total?.visitors ?? 0,
          downloads: total?.downloads ?? 0,
          weekly: perWeek(
            weekStarts,
            daily.filter((d) => d.ListingId === id).map((d) => ({ day: d.day, count: d.events })),
          ),
        };
      })
      .sort((a, b) => b.visitors - a.visitors || b.signedCAs - a.signedCAs || a.ListingId - b.ListingId);
  }

  async #staffListing(viewer: SessionUser | null, listingId: number): Promise<Listing> {
    const listing = viewer?.isAdmin ? await this.#listings.findById(listingId) : undefined;
    if (!listing) throw notFound("No such deal");
    return listing;
  }
}

/** An entry made while staff viewed the site as a buyer names them both: "{staff} viewing as {buyer}". */
function namedActor(entry: ActivityEntry): ActivityEntry {
  if (entry.impersonatorName === null) return entry;
  return {
    ...entry,
    userName: staffViewingAs(entry.impersonatorName, entry.userName ?? entry.userEmail ?? ""),
  };
}
