import {
  type Listing,
  mayViewListing,
  type PrivateDealExtras,
  type SessionUser,
  sortListings,
} from "@aea/domain";
import type { DataVersionReader } from "../data-version/data-version.ts";
import type { ListingRepository } from "./listing.repository.ts";

interface ListingSnapshot {
  all: Listing[];
  byId: Map<number, Listing>;
  publicListings: Listing[];
  studyListings: Listing[];
  privateListings: Listing[];
}

/**
 * Reads listings. The whole book of deals is a few hundred rows, so it is held in memory and
 * dropped when a write to listings commits (the data version, docs/decisions/026); readers never wait
 * on the database after the first load.
 */
export class ListingService {
  readonly #repository: ListingRepository;
  readonly #showBuyNowPrice: boolean;
  #snapshot: Promise<ListingSnapshot> | undefined;

  constructor(
    repository: ListingRepository,
    options: { showBuyNowPrice: boolean; dataVersion: DataVersionReader },
  ) {
    this.#repository = repository;
    this.#showBuyNowPrice = options.showBuyNowPrice;
    options.dataVersion.subscribe(["listings"], () => {
      this.#snapshot = undefined;
    });
  }

  /** Public marketplace deals: neither private nor research. */
  async publicListings(): Promise<Listing[]> {
    return (await this.#load()).publicListings;
  }

  /** Research (study) deals. */
  async studyListings(): Promise<Listing[]> {
    return (await this.#load()).studyListings;
  }

  /** Every private (confidential) deal, for staff and seeding; viewers get privateListingsFor. */
  async privateListings(): Promise<Listing[]> {
    return (await this.#load()).privateListings;
  }

  /** The private deals this viewer may see: every one for admins, the granted ones for a buyer. */
  async privateListingsFor(viewer: Pick<SessionUser, "isAdmin" | "privateListingIds">): Promise<Listing[]> {
    return (await this.#load()).privateListings.filter((listing) => mayViewListing(listing, viewer));
  }

  /** The confidential extras of a private deal (contacts, dates, data-room folder). */
  privateDetails(listingId: number): Promise<PrivateDealExtras | undefined> {
    return this.#repository.findPrivateDetails(listingId);
  }

  /** Every listing (public, private, research; sold ones too) by number, for staff. */
  async allListings(): Promise<Listing[]> {
    return (await this.#load()).all;
  }

  async findById(listingId: number): Promise<Listing | undefined> {
    return (await this.#load()).byId.get(listingId);
  }

  async count(): Promise<number> {
    return (await this.#load()).all.length;
  }

  #load(): Promise<ListingSnapshot> {
    this.#snapshot ??= this.#readAll().then(
      (all) => ({
        all,
        byId: new Map(all.map((l) => [l.ListingId, l])),
        // Lists come in the site's default order (active first, the firm's own order, sold last).
        publicListings: sortListings(all.filter((l) => !l.isPrivate && !l.isStudy)),
        studyListings: sortListings(all.filter((l) => !l.isPrivate && l.isStudy)),
        privateListings: sortListings(all.filter((l) => l.isPrivate)),
      }),
      (error: unknown) => {
        this.#snapshot = undefined;
        throw error;
      },
    );
    return this.#snapshot;
  }

  /**
   * Every listing as the site may show it. SHOW_BUY_NOW_PRICE=false removes the buy-now price here, the
   * one way listings leave core, so no page, loader data, JSON-LD or API reply can carry it.
   */
  async #readAll(): Promise<Listing[]> {
    const all = await this.#repository.findAll();
    return this.#showBuyNowPrice ? all : all.map((listing) => ({ ...listing, projectedSalePrice: null }));
  }
}
