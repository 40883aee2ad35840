import {
  type DealStatistics,
  type DealStatisticsEdit,
  isSold,
  listingStatusName,
  notFound,
  type SessionUser,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import { dataRoomStores } from "../data-rooms/data-room-stores.ts";
import type { Database } from "../db/database.ts";
import { type ExportColumn, type ExportFile, exportFile } from "../export/table-export.ts";
import type { ListingService } from "../listings/listing.service.ts";
import { lastWeekStarts, perWeek } from "../weeks.ts";
import { DealStatisticsRepository } from "./deal-statistics.repository.ts";
import { WebHitCounter } from "./web-hit-counter.ts";

/** A listing's row on the Mgmt Dash: its statistics and what identifies it. */
export interface DealStatisticsRow extends DealStatistics {
  header: string;
  status: string;
  sold: boolean;
  isPrivate: boolean;
  /** Deal-alert mails sent about it. */
  dealAlertsSent: number;
  /** Buyers staff sent it to from an analysis query. */
  buyersReached: number;
  /** It ran a bid round, so its offers are its bidders, not a typed figure. */
  offersFromBids: boolean;
}

/** The statistics CSV's columns: the listing's number, header and status, then spec §3's names. */
const CSV_COLUMNS: readonly ExportColumn<DealStatisticsRow>[] = [
  { header: "ListingId", value: (r) => r.ListingId },
  { header: "Header", value: (r) => r.header },
  { header: "Status", value: (r) => r.status },
  ...(
    [
      "signedCACount",
      "hotLeadCount",
      "noCount",
      "contactedCount",
      "webhitCount",
      "offersCount",
      "revenueRisk",
      "updatedBy",
      "lastWhiteButtonDate",
      "loadCode",
      "dealAlertsSent",
      "buyersReached",
    ] as const
  ).map((name) => ({ header: name, value: (r: DealStatisticsRow) => r[name] })),
];

export interface DealStatisticsOverview {
  rows: DealStatisticsRow[];
  totals: Omit<
    DealStatistics,
    | "ListingId"
    | "updatedBy"
    | "updatedAt"
    | "lastWhiteButtonDate"
    | "loadCode"
    | "hotLeadCounted"
    | "hotLeadOverride"
  > & {
    revenueRisk: number;
    dealAlertsSent: number;
    buyersReached: number;
  };
  /** Deal-page views and deal searches per week, oldest first. */
  webHitsWeekly: { week: string; events: number }[];
  searchesWeekly: { week: string; events: number }[];
}

/**
 * The Mgmt Dash's deal statistics (spec §3): counted ones (signed CAs, web hits, alerts sent) beside
 * the ones management enters by hand, whose changes are audited with who made them.
 */
export class DealStatisticsService {
  readonly #database: Database;
  readonly #listings: ListingService;
  readonly #repository: DealStatisticsRepository;
  readonly #clock: Clock;
  readonly #alertsSent: () => Promise<Map<number, number>>;
  readonly #buyersReached: () => Promise<Map<number, number>>;
  readonly #hotLeads: () => Promise<Map<number, number>>;
  readonly #offersFromBids: () => Promise<Map<number, number>>;
  /** Deal-page views, counted in memory and written in batches. */
  readonly webHits: WebHitCounter;

  constructor(options: {
    database: Database;
    listings: ListingService;
    alertsSent: () => Promise<Map<number, number>>;
    buyersReached: () => Promise<Map<number, number>>;
    /** Buyers above the hot-lead threshold per listing, from the stored engagement scores. */
    hotLeads: () => Promise<Map<number, number>>;
    /** Per listing that ran a bid round, the buyers who bid: its offers (decision 041). */
    offersFromBids: () => Promise<Map<number, number>>;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#listings = options.listings;
    this.#repository = new DealStatisticsRepository(options.database.db);
    this.#clock = options.clock ?? systemClock;
    this.#alertsSent = options.alertsSent;
    this.#buyersReached = options.buyersReached;
    this.#hotLeads = options.hotLeads;
    this.#offersFromBids = options.offersFromBids;
    this.webHits = new WebHitCounter(this.#repository, this.#clock);
  }

  /** Every public and private listing's statistics (research studies have none), with totals and weekly figures. */
  async overview(viewer: SessionUser | null, weeks = 12): Promise<DealStatisticsOverview> {
    requireManagement(viewer);
    const weekStarts = lastWeekStarts(this.#clock.now(), weeks);
    const since = weekStarts[0] ?? "";
    const [
      publicDeals,
      privateDeals,
      entered,
      hits,
      signed,
      alerts,
      reached,
      offers,
      hitDays,
      searchDays,
      hot,
    ] = await Promise.all([
      this.#listings.publicListings(),
      this.#listings.privateListings(),
      this.#repository.all(),
      this.#repository.webHitTotals(),
      dataRoomStores(this.#database.db).signedAgreements.countByListing(),
      this.#alertsSent(),
      this.#buyersReached(),
      this.#offersFromBids(),
      this.#repository.webHitsPerDay(since),
      this.#repository.searchesPerDay(since),
      this.#hotLeads(),
    ]);
    const rows = [...publicDeals, ...privateDeals].map((listing): DealStatisticsRow => {
      const row = entered.get(listing.ListingId);
      const hotLeadCounted = hot.get(listing.ListingId) ?? 0;
      const hotLeadOverride = row?.hotLeadOverride ?? null;
      return {
        ListingId: listing.ListingId,
        header: listing.Header,
        status: listingStatusName(listing),
        sold: isSold(listing),
        isPrivate: listing.isPrivate,
        signedCACount: signed.get(listing.ListingId) ?? 0,
        hotLeadCount: hotLeadOverride ?? hotLeadCounted,
        hotLeadCounted,
        hotLeadOverride,
        noCount: row?.noCount ?? 0,
        contactedCount: row?.contactedCount ?? 0,
        webhitCount: hits.get(listing.ListingId) ?? 0,
        // A listing that ran a round counts its bidders; one sold before the site took bids keeps the typed figure.
        offersCount: offers.get(listing.ListingId) ?? row?.offersCount ?? 0,
        revenueRisk: row?.revenueRisk ?? null,
        updatedBy: row?.updatedByName ?? null,
        updatedAt: row?.updatedAt ?? null,
        lastWhiteButtonDate: row?.lastWhiteButtonDate ?? null,
        loadCode: row?.loadCode ?? null,
        dealAlertsSent: alerts.get(listing.ListingId) ?? 0,
        buyersReached: reached.get(listing.ListingId) ?? 0,
        offersFromBids: offers.has(listing.ListingId),
      };
    });
    const sum = (pick: (r: DealStatisticsRow) => number | null) =>
      rows.reduce((total, r) => total + (pick(r) ?? 0), 0);
    return {
      rows,
      totals: {
        signedCACount: sum((r) => r.signedCACount),
        hotLeadCount: sum((r) => r.hotLeadCount),
        noCount: sum((r) => r.noCount),
        contactedCount: sum((r) => r.contactedCount),
        webhitCount: sum((r) => r.webhitCount),
        offersCount: sum((r) => r.offersCount),
        revenueRisk: sum((r) => r.revenueRisk),
        dealAlertsSent: sum((r) => r.dealAlertsSent),
        buyersReached: sum((r) => r.buyersReached),
      },
      webHitsWeekly: perWeek(weekStarts, hitDays),
      searchesWeekly: perWeek(weekStarts, searchDays),
    };
  }

  /** Saves a listing's hand-entered figures; `updatedBy` is the editor, and the change is audited. */
  async update(editor: SessionUser | null, edit: DealStatisticsEdit): Promise<void> {
    const manager = requireManagement(editor);
    const listing = await this.#listings.findById(edit.listingId);
    if (!listing || listing.isStudy) throw notFound("No such deal");
    const { listingId, ...figures } = edit;
    await this.#database.transaction(async (trx) => {
      await new DealStatisticsRepository(trx).save({
        ListingId: listingId,
        ...figures,
        updatedBy: manager.id,
        updatedByName: manager.name,
        updatedAt: new Date(this.#clock.now()).toISOString(),
      });
      await new AuditTrail(trx, this.#clock).record({
        actor: manager.id,
        action: "deal-statistics-updated",
        subject: { listing: listingId },
        details: { ListingId: listingId, ...figures },
      });
    });
  }

  /** The statistics of every listing as CSV, spec §3 names as the header. */
  async csv(viewer: SessionUser | null): Promise<ExportFile> {
    const { rows } = await this.overview(viewer, 1);
    return exportFile({ sheet: "Deal statistics", columns: CSV_COLUMNS, rows }, "csv");
  }
}

/**
 * Only management sees and edits the statistics; anyone else is told the page does not exist, and
 * so is an admin viewing the site as a manager ("view as" carries no staff role).
 */
function requireManagement(viewer: SessionUser | null): SessionUser {
  if (!viewer?.isManagement || viewer.impersonatorId !== null) throw notFound("No such page");
  return viewer;
}
