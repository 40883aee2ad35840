import {
  cleanBasinOrPlay,
  countriesOf,
  DEAL_TYPE_FLAG,
  dealSizesOf,
  type FacetDocument,
  listingStatusName,
  listingTypeFlags,
  locationName,
  regionName,
} from "@aea/domain";
import { BidRepository } from "../data-rooms/bids/bid.repository.ts";
import { DataRoomActivityRepository } from "../data-rooms/data-room-activity.repository.ts";
import type { Engine, Executor } from "../db/database.ts";
import { EngagementRepository } from "../engagement/engagement.repository.ts";

/**
 * Reads the listing dataset (issue 22): every listing with its §3 fields, derived deal types, and its
 * deal statistics (hand-entered figures, web hits, signed CAs, data-room visitors and downloads).
 */
export class ListingDocumentRepository {
  readonly #db: Executor;
  readonly #engine: Engine;

  constructor(db: Executor, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  /** Every listing's document, or only those of `ids` (a ListingId of no listing is left out). */
  async documents(ids?: readonly number[]): Promise<FacetDocument[]> {
    const asked = ids ? (ids.length ? [...ids] : [0]) : undefined;
    const engagement = new EngagementRepository(this.#db, this.#engine);
    const [listings, figures, hits, signed, rooms, hotLeads, offers] = await Promise.all([
      this.#db
        .selectFrom("listings")
        .selectAll()
        .$if(asked !== undefined, (q) => q.where("ListingId", "in", asked as number[]))
        .orderBy("ListingId")
        .execute(),
      this.#db
        .selectFrom("deal_statistics")
        .selectAll()
        .$if(asked !== undefined, (q) => q.where("ListingId", "in", asked as number[]))
        .execute(),
      this.#db
        .selectFrom("deal_web_hits")
        .$if(asked !== undefined, (q) => q.where("ListingId", "in", asked as number[]))
        .groupBy("ListingId")
        .select((eb) => ["ListingId", eb.fn.sum<number>("hits").as("n")])
        .execute(),
      this.#db
        .selectFrom("signed_agreements")
        .$if(asked !== undefined, (q) => q.where("ListingId", "in", asked as number[]))
        .groupBy("ListingId")
        .select((eb) => ["ListingId", eb.fn.countAll<number>().as("n")])
        .execute(),
      // The same visitors and downloads as the activity pages and Mgmt Dash count.
      new DataRoomActivityRepository(this.#db).totals(),
      engagement.threshold().then(({ threshold }) => engagement.hotLeadCounts(threshold)),
      // A listing that ran a bid round counts its bidders as offers, as the Mgmt Dash does (decision 041).
      new BidRepository(this.#db).offersByListing(),
    ]);
    const byListing = <T extends { ListingId: number }>(rows: T[]) =>
      new Map(rows.map((r) => [r.ListingId, r]));
    const stats = byListing(figures);
    const hitCounts = byListing(hits);
    const signedCounts = byListing(signed);
    const roomCounts = byListing(rooms);
    return listings.map((row) => {
      const listing = {
        ...row,
        isPrivate: row.isPrivate === 1,
        isStudy: row.isStudy === 1,
        sold: row.sold === 1,
      };
      const flags = listingTypeFlags(row.PLSCode);
      const stat = stats.get(row.ListingId);
      const room = roomCounts.get(row.ListingId);
      return {
        id: row.ListingId,
        header: row.Header,
        kind: listing.isStudy ? "research" : listing.isPrivate ? "private" : "public",
        plsCode: row.PLSCode || null,
        dealTypes: Object.entries(DEAL_TYPE_FLAG)
          .filter(([, flag]) => flags[flag])
          .map(([type]) => type),
        region: regionName(row.region) || null,
        basin: cleanBasinOrPlay(row.basin) || null,
        play: cleanBasinOrPlay(row.play) || null,
        status: listingStatusName(listing as never),
        location: locationName(row.locationId) ?? null,
        dealSizes: dealSizesOf(listing as never),
        countries: countriesOf(listing as never),
        dateListed: isoOrNull(row.dateListed),
        createdDate: isoOrNull(row.createdDate),
        updatedDate: isoOrNull(row.updatedDate),
        signedCACount: Number(signedCounts.get(row.ListingId)?.n ?? 0),
        // As the Mgmt Dash shows it: management's override, else the buyers above the threshold.
        hotLeadCount: stat?.hotLeadOverride ?? hotLeads.get(row.ListingId) ?? 0,
        noCount: stat?.noCount ?? 0,
        contactedCount: stat?.contactedCount ?? 0,
        webhitCount: Number(hitCounts.get(row.ListingId)?.n ?? 0),
        offersCount: offers.get(row.ListingId) ?? stat?.offersCount ?? 0,
        revenueRisk: stat?.revenueRisk ?? null,
        dataRoomVisitors: Number(room?.visitors ?? 0),
        dataRoomDownloads: Number(room?.downloads ?? 0),
      };
    });
  }
}

/** Listing dates are stored as ISO days or instants; a document holds instants. */
function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
