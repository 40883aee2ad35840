import {
  curateSimilarDeals,
  fail,
  forbidden,
  type Listing,
  notFound,
  type SessionUser,
  SIMILAR_DEALS_LIMIT,
  type SimilarDealChoice,
  type SimilarDealChoices,
  type SimilarityFactor,
  similarDeals,
  similarityFactors,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { DataVersionReader } from "../data-version/data-version.ts";
import type { Database } from "../db/database.ts";
import type { ListingService } from "./listing.service.ts";
import { SimilarDealChoiceRepository } from "./similar-deal-choice.repository.ts";

/** One suggestion as the staff page shows it. */
export interface SimilarDealSuggestion {
  listing: Listing;
  score: number;
  factors: SimilarityFactor[];
  pinned: boolean;
  /** Among the deals the public deal page shows. */
  shown: boolean;
}

export interface StaffSimilarDeals {
  listing: Listing;
  /** Pinned first, then the ranking; hidden deals are listed apart. */
  suggestions: SimilarDealSuggestion[];
  hidden: Listing[];
}

/**
 * Similar deals (§9 weights) as staff curate them: the ranking from the domain, with suggestions
 * pinned or hidden per deal. The choices are few, so they are held in memory beside the listings.
 */
export class SimilarDealService {
  readonly #database: Database;
  readonly #listings: ListingService;
  readonly #clock: Clock;
  #choices: Promise<Map<number, SimilarDealChoices>> | undefined;

  constructor(options: {
    database: Database;
    listings: ListingService;
    dataVersion: DataVersionReader;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#listings = options.listings;
    this.#clock = options.clock ?? systemClock;
    options.dataVersion.subscribe(["similar-deals"], () => {
      this.#choices = undefined;
    });
  }

  /** The deals a deal page shows as similar, staff's pins first and hidden ones left out. */
  async shownWith(listing: Listing): Promise<Listing[]> {
    return similarDeals(
      listing,
      await this.#pool(listing),
      SIMILAR_DEALS_LIMIT,
      await this.#choicesFor(listing),
    );
  }

  /** Every suggestion for a listing with each factor's contribution, for the staff page. */
  async forStaff(listingId: number): Promise<StaffSimilarDeals | undefined> {
    const listing = await this.#listings.findById(listingId);
    if (!listing) return undefined;
    const pool = await this.#pool(listing);
    const choices = await this.#choicesFor(listing);
    const suggestions = curateSimilarDeals(listing, pool, choices).map((entry, index) => ({
      listing: entry.listing,
      score: entry.score,
      factors: similarityFactors(entry.shared),
      pinned: entry.pinned,
      shown: index < SIMILAR_DEALS_LIMIT,
    }));
    const byId = new Map(pool.map((deal) => [deal.ListingId, deal]));
    const hidden = choices.hidden.flatMap((id) => byId.get(id) ?? []);
    return { listing, suggestions, hidden };
  }

  /** Pins, hides or releases one suggestion of a listing; audited with who did it. */
  async choose(
    staff: Pick<SessionUser, "id" | "isAdmin">,
    listingId: number,
    similarListingId: number,
    choice: SimilarDealChoice,
  ): Promise<void> {
    if (!staff.isAdmin) throw forbidden("Only staff choose similar deals.");
    const listing = await this.#listings.findById(listingId);
    if (!listing) throw notFound("That listing does not exist.");
    const similar = (await this.#pool(listing)).find((deal) => deal.ListingId === similarListingId);
    if (!similar || similar.ListingId === listing.ListingId || similar.isPrivate) {
      throw fail("NOT_SIMILAR", "That deal cannot be a similar deal of this listing.");
    }
    await this.#database.transaction(async (trx) => {
      const repository = new SimilarDealChoiceRepository(trx);
      await repository.remove(listingId, similarListingId);
      if (choice !== "none") {
        await repository.insert({
          ListingId: listingId,
          similarListingId,
          choice,
          position: await repository.nextPosition(listingId),
          updatedBy: staff.id,
          updatedAt: new Date(this.#clock.now()).toISOString(),
        });
      }
      await new AuditTrail(trx, this.#clock).record({
        actor: staff.id,
        action: "similar-deal-chosen",
        subject: { listing: listingId },
        details: { ListingId: listingId, similarListingId, choice },
      });
    });
  }

  /** The deals a listing's similar deals come from: research deals for a study, else the public deals. */
  async #pool(listing: Listing): Promise<Listing[]> {
    return listing.isStudy ? this.#listings.studyListings() : this.#listings.publicListings();
  }

  async #choicesFor(listing: Listing): Promise<SimilarDealChoices> {
    this.#choices ??= new SimilarDealChoiceRepository(this.#database.db).findAll().catch((error: unknown) => {
      this.#choices = undefined;
      throw error;
    });
    return (await this.#choices).get(listing.ListingId) ?? { pinned: [], hidden: [] };
  }
}
