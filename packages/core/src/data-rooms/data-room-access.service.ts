import {
  type DataRoomStep,
  dataRoomStep,
  forbidden,
  isSold,
  type Listing,
  notFound,
  type SessionUser,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Database, Executor } from "../db/database.ts";
import type { ListingService } from "../listings/listing.service.ts";
import { type DataRoomStores, dataRoomStores } from "./data-room-stores.ts";
import type { DataRoomGrantSource } from "./listing-grant.repository.ts";
import { type Actor, roomEvent } from "./room-events.ts";

/**
 * Who may see which private deal and enter which data room. Every data-room page, API call and
 * file asks `step` first; grants and revocations are audited in the same transaction.
 */
export class DataRoomAccessService {
  readonly #database: Database;
  readonly #listings: ListingService;
  readonly #agreementRequired: boolean;
  readonly #clock: Clock;
  readonly #read: DataRoomStores;

  constructor(options: {
    database: Database;
    listings: ListingService;
    /** The showDocusignCA flag: buyers sign a listing's confidentiality agreement before they enter. */
    agreementRequired: boolean;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#listings = options.listings;
    this.#agreementRequired = options.agreementRequired;
    this.#clock = options.clock ?? systemClock;
    this.#read = dataRoomStores(options.database.db);
  }

  /** Where the viewer stands on the way into the listing's data room (see domain's dataRoomStep). */
  async step(user: SessionUser | null, listing: Listing): Promise<DataRoomStep> {
    const [hasDataRoomGrant, agreement] = user
      ? await Promise.all([
          this.#read.dataRoomGrants.has(user.id, listing.ListingId),
          this.#read.signedAgreements.find(user.id, listing.ListingId),
        ])
      : [false, undefined];
    return dataRoomStep(
      listing,
      { user, hasDataRoomGrant, hasSignedAgreement: agreement !== undefined },
      { agreementRequired: this.#agreementRequired },
    );
  }

  /** The listing, when the viewer has got all the way into its data room; a 404 otherwise. */
  async openDataRoom(user: SessionUser | null, listingId: number): Promise<Listing> {
    const listing = await this.#listings.findById(listingId);
    if (!listing || (await this.step(user, listing)) !== "open") throw notFound("No such deal");
    return listing;
  }

  /**
   * The staff member changing the listing's room, as the trail names them: the room must be open to
   * them (a 404 otherwise, as for everyone), and anyone but staff gets a 403.
   */
  async staffInRoom(user: SessionUser | null, listingId: number, ipAddress: string | null): Promise<Actor> {
    await this.openDataRoom(user, listingId);
    if (!user?.isAdmin) throw forbidden("Only staff can change a data room.");
    return { userId: user.id, ipAddress };
  }

  /** The listings whose data rooms the buyer was let into (hasDueDiligenceAccess per viewer). */
  dataRoomListingIds(userId: number): Promise<number[]> {
    return this.#read.dataRoomGrants.listingIdsFor(userId);
  }

  // Private deals (staff)

  async grantPrivateDeal(actor: Actor, userId: number, listingId: number): Promise<void> {
    const listing = await this.#listings.findById(listingId);
    if (!listing?.isPrivate) throw notFound("No such private deal");
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      const granted = await stores.privateDealGrants.grant({
        userId,
        ListingId: listingId,
        grantedBy: actor.userId,
        grantedAt: this.#now(),
      });
      if (granted)
        await this.#trail(trx).record(roomEvent(actor, listingId, "private-deal-granted", { userId }));
    });
  }

  async revokePrivateDeal(actor: Actor, userId: number, listingId: number): Promise<void> {
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      if (await stores.privateDealGrants.revoke(userId, listingId))
        await this.#trail(trx).record(roomEvent(actor, listingId, "private-deal-revoked", { userId }));
    });
  }

  privateDealGrants(listingId: number) {
    return this.#read.privateDealGrants.forListing(listingId);
  }

  // Data-room grants

  /**
   * Lets a buyer into a listing's data room (by code, by staff, by an approved request). A sold or
   * missing listing, or one without a data room, takes no grants.
   */
  async grantDataRoom(
    actor: Actor,
    userId: number,
    listingId: number,
    via: DataRoomGrantSource,
  ): Promise<void> {
    const listing = await this.#listings.findById(listingId);
    if (!listing?.hasVDR || isSold(listing)) throw notFound("No such deal");
    await this.#database.transaction((trx) =>
      letIntoDataRoom(dataRoomStores(trx), this.#trail(trx), {
        actor,
        userId,
        listingId,
        via,
        at: this.#now(),
      }),
    );
  }

  async revokeDataRoom(actor: Actor, userId: number, listingId: number): Promise<void> {
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      if (await stores.dataRoomGrants.revoke(userId, listingId))
        await this.#trail(trx).record(roomEvent(actor, listingId, "access-revoked", { userId }));
    });
  }

  dataRoomGrants(listingId: number) {
    return this.#read.dataRoomGrants.forListing(listingId);
  }

  #trail(executor: Executor): AuditTrail {
    return new AuditTrail(executor, this.#clock);
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}

/**
 * The grant itself, inside the caller's transaction (a code entered, staff, an approved request): a
 * buyer let in twice is recorded once.
 */
export async function letIntoDataRoom(
  stores: DataRoomStores,
  trail: AuditTrail,
  grant: { actor: Actor; userId: number; listingId: number; via: DataRoomGrantSource; at: string },
): Promise<void> {
  const { actor, userId, listingId, via, at } = grant;
  const granted = await stores.dataRoomGrants.grant({
    userId,
    ListingId: listingId,
    via,
    grantedBy: via === "code" ? null : actor.userId,
    grantedAt: at,
  });
  if (granted) await trail.record(roomEvent(actor, listingId, "access-granted", { userId, via }));
}
