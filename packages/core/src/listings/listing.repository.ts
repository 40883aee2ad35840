import {
  LISTING_DATA_ROOM_FLAGS,
  LISTING_SIZE_FLAGS,
  LISTING_WEB_FLAGS,
  type Listing,
  listingMediaPath,
  type PrivateDealExtras,
  versionedListingMediaUrl,
} from "@aea/domain";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { ListingRow } from "../db/schema.ts";

/** The listing's yes/no fields, stored as 0/1: the editor's groups of flags and those it does not edit. */
const flagFields = [
  ...LISTING_SIZE_FLAGS,
  ...LISTING_WEB_FLAGS,
  ...LISTING_DATA_ROOM_FLAGS,
  "isPrivate",
  "isStudy",
  "sold",
  "hasDueDiligenceAccess",
  "hasLogoImage",
] as const satisfies ReadonlyArray<keyof Listing>;

/** Picture URLs: stored as plain paths, read with the listing's media version. */
const mediaUrlFields = ["ImageUrl", "boxLogoUrl", "tombstoneUrl"] as const satisfies ReadonlyArray<
  keyof Listing
>;

// SQLite's write path for one listing is ~100 bound values; batches keep each statement well under its limits.
const insertBatchSize = 50;

export class ListingRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom("listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findAll(): Promise<Listing[]> {
    const rows = await this.#db.selectFrom("listings").selectAll().orderBy("ListingId").execute();
    return rows.map(toListing);
  }

  async findPrivateDetails(listingId: number): Promise<PrivateDealExtras | undefined> {
    const row = await this.#db
      .selectFrom("listing_private_details")
      .selectAll()
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { ListingId: _id, ...details } = row;
    return { ...details, hideSimilarDeals: Boolean(details.hideSimilarDeals) };
  }

  async exists(listingId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom("listings")
      .select("ListingId")
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One listing as stored, straight from the database (the version check reads it in its transaction). */
  async findById(listingId: number): Promise<Listing | undefined> {
    const row = await this.#db
      .selectFrom("listings")
      .selectAll()
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return row && toListing(row);
  }

  /**
   * Writes a listing over the stored one only if that one still carries `expectedUpdatedDate`:
   * false when someone else saved in between (nothing is written then).
   */
  async replace(listing: Listing, expectedUpdatedDate: string | null): Promise<boolean> {
    const { ListingId: _id, ...row } = toRow(listing);
    const result = await this.#db
      .updateTable("listings")
      .set(row)
      .where("ListingId", "=", listing.ListingId)
      .where((eb) =>
        expectedUpdatedDate === null
          ? eb("updatedDate", "is", null)
          : eb("updatedDate", "=", expectedUpdatedDate),
      )
      .executeTakeFirst();
    const replaced = Number(result.numUpdatedRows) === 1;
    if (replaced) recordChange(this.#db, { dataset: "listings", ids: [listing.ListingId] });
    return replaced;
  }

  /** A private deal's extras, written whole (or removed when the listing is no longer private). */
  async savePrivateDetails(listingId: number, details: PrivateDealExtras | null): Promise<void> {
    await this.#db.deleteFrom("listing_private_details").where("ListingId", "=", listingId).execute();
    if (details)
      await this.#db
        .insertInto("listing_private_details")
        .values({ ...details, ListingId: listingId, hideSimilarDeals: details.hideSimilarDeals ? 1 : 0 })
        .execute();
    recordChange(this.#db, { dataset: "listings", ids: [listingId] });
  }

  /**
   * Staff's order of the public deals: `order[i]` gets RowNumber i + 1. Deals already at their place
   * (as `current` says) are not written.
   */
  async saveOrder(order: readonly number[], current: ReadonlyMap<number, number | null>): Promise<void> {
    const moved = order.flatMap((listingId, index) =>
      current.get(listingId) === index + 1 ? [] : [{ listingId, rowNumber: index + 1 }],
    );
    for (const { listingId, rowNumber } of moved) {
      await this.#db
        .updateTable("listings")
        .set({ RowNumber: rowNumber })
        .where("ListingId", "=", listingId)
        .execute();
    }
    if (moved.length > 0)
      recordChange(this.#db, { dataset: "listings", ids: moved.map((deal) => deal.listingId) });
  }

  /** Several statements: the caller runs it in a transaction so a book of deals lands whole. */
  async insertMany(listings: Listing[], privateDetails: Map<number, PrivateDealExtras>): Promise<void> {
    for (let i = 0; i < listings.length; i += insertBatchSize) {
      const batch = listings.slice(i, i + insertBatchSize);
      await this.#db.insertInto("listings").values(batch.map(toRow)).execute();
    }
    const details = [...privateDetails].map(([ListingId, d]) => ({
      ...d,
      ListingId,
      hideSimilarDeals: d.hideSimilarDeals ? 1 : 0,
    }));
    for (let i = 0; i < details.length; i += insertBatchSize) {
      await this.#db
        .insertInto("listing_private_details")
        .values(details.slice(i, i + insertBatchSize))
        .execute();
    }
    recordChange(this.#db, { dataset: "listings", ids: listings.map((listing) => listing.ListingId) });
  }
}

function toRow(listing: Listing): ListingRow {
  const { liked: _liked, ...rest } = listing;
  const row = { ...rest } as unknown as Record<string, unknown>;
  for (const field of flagFields) row[field] = listing[field] ? 1 : 0;
  for (const field of mediaUrlFields) row[field] = listing[field] && listingMediaPath(listing[field]);
  const [lat, lng] = parseCoordinates(listing.coordinates);
  row.latitude = lat;
  row.longitude = lng;
  return row as unknown as ListingRow;
}

function toListing(row: ListingRow): Listing {
  const { latitude: _lat, longitude: _lng, ...rest } = row;
  const listing = { ...rest, liked: false } as unknown as Record<string, unknown>;
  for (const field of flagFields) listing[field] = Boolean(row[field]);
  // Rows keep the plain paths; readers get them versioned by mediaUpdatedDate (spec §3 Listing), so the
  // version follows every change of that date without rewriting the URLs.
  for (const field of mediaUrlFields)
    listing[field] = versionedListingMediaUrl(row[field], row.mediaUpdatedDate);
  return listing as unknown as Listing;
}

function parseCoordinates(coordinates: string | null): [number | null, number | null] {
  if (!coordinates) return [null, null];
  const [lat, lng] = coordinates.split(",").map((part) => Number.parseFloat(part));
  return Number.isFinite(lat) && Number.isFinite(lng) ? [lat, lng] : [null, null];
}
