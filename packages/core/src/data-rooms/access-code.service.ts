import { createHash, timingSafeEqual } from "node:crypto";
import {
  ACCESS_CODE_LIMITS,
  ACCESS_CODE_LOCKED,
  AppError,
  DEAL_SOLD_NO_NEW_BUYERS,
  defaultAccessCode,
  displayName,
  type ExclusiveDealContact,
  INCORRECT_CODE,
  isSold,
  type Listing,
  mayViewListing,
  NO_DATA_ROOM,
  normalizeAccessCode,
  refuseWhileViewingAs,
  type SessionUser,
} from "@aea/domain";
import { UserRepository } from "../accounts/user.repository.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database, Executor } from "../db/database.ts";
import { inquiryMail } from "../inquiries/inquiry-mails.ts";
import type { ListingService } from "../listings/listing.service.ts";
import type { Mailroom } from "../mail/mailroom.ts";
import { accessRequestApprovedMail, accessRequestDeclinedMail } from "../mail/templates.ts";
import type { AccessRequest } from "./access-request.repository.ts";
import { type Actor, letIntoDataRoom } from "./data-room-access.service.ts";
import { type DataRoomStores, dataRoomStores } from "./data-room-stores.ts";

const MINUTE_MS = 60_000;
const noSuchDeal = () => new AppError(404, "No such deal", "NOT_FOUND");

/** Equal codes, compared in time that does not depend on where they differ (both hashed to 32 bytes). */
function sameCode(typed: string, stored: string): boolean {
  const digest = (code: string) => createHash("sha256").update(normalizeAccessCode(code)).digest();
  return timingSafeEqual(digest(typed), digest(stored));
}

export type AccessRequestAnswer = "approved" | "declined";

/** A pending request as staff see it: who asked, when and why. */
export interface PendingAccessRequest extends AccessRequest {
  name: string;
  email: string;
}

/**
 * The way in by access code (spec §2, §4, §7): each listing with a data room has a code (default
 * DD-{ListingId}); a buyer who types it is let in; wrong codes are limited per account and per listing
 * (10 in 10 minutes, then 10 minutes' wait) and audited. Buyers without a code may ask staff for one;
 * staff answer from the listing's access page, and an approval mails the buyer the code.
 */
export class AccessCodeService {
  readonly #database: Database;
  readonly #listings: ListingService;
  readonly #mailroom: Pick<Mailroom, "transaction">;
  readonly #config: Pick<Config, "firmName" | "publicUrl" | "supportEmail" | "features">;
  readonly #clock: Clock;
  readonly #read: DataRoomStores;
  readonly #users: UserRepository;

  constructor(options: {
    database: Database;
    listings: ListingService;
    mailroom: Pick<Mailroom, "transaction">;
    config: Pick<Config, "firmName" | "publicUrl" | "supportEmail" | "features">;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#listings = options.listings;
    this.#mailroom = options.mailroom;
    this.#config = options.config;
    this.#clock = options.clock ?? systemClock;
    this.#read = dataRoomStores(options.database.db);
    this.#users = new UserRepository(options.database.db);
  }

  /** Whether buyers without a code may ask staff for one (showRequestAccessToPrivateFiles). */
  get requestsOpen(): boolean {
    return this.#config.features.showRequestAccessToPrivateFiles;
  }

  /** The listing's code (staff only): created as DD-{ListingId} the first time a data room needs one. */
  async accessCode(listing: Listing): Promise<string> {
    return (await this.#settings(listing)).accessCode;
  }

  /** The listing's exclusive-deal contact, when it has one. */
  async exclusiveContact(listing: Listing): Promise<ExclusiveDealContact | null> {
    if (!listing.hasVDR) return null;
    return (await this.#settings(listing)).exclusiveContact;
  }

  async changeAccessCode(actor: Actor, listingId: number, accessCode: string): Promise<void> {
    const listing = await this.#dataRoomListing(listingId);
    await this.#settings(listing);
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      await stores.settings.setAccessCode(listingId, normalizeAccessCode(accessCode), this.#now());
      await stores.events.recordBy(actor, this.#now(), listingId, "access-code-changed", {});
    });
  }

  /**
   * Lets the buyer into the listing's data room when `code` is its access code (spec §7
   * GrantDueDiligenceAccess). Refuses a missing or hidden listing (404), one without a data room or
   * a sold one (400), a locked account or listing (429) and a wrong code (400 'Incorrect Code').
   */
  async grantByCode(user: SessionUser, actor: Actor, listingId: number, code: string): Promise<void> {
    // Staff viewing as the buyer neither let them in nor spend their attempts.
    refuseWhileViewingAs(user);
    const listing = await this.#listings.findById(listingId);
    if (!listing || !mayViewListing(listing, user)) throw noSuchDeal();
    if (!listing.hasVDR) throw new AppError(400, NO_DATA_ROOM, "NO_DATA_ROOM");
    if (await this.#read.dataRoomGrants.has(user.id, listingId)) return;
    if (isSold(listing)) throw new AppError(400, DEAL_SOLD_NO_NEW_BUYERS, "DEAL_SOLD");
    const { accessCode } = await this.#settings(listing);

    // Counted before the comparison, for the account and for the listing: parallel guesses all count.
    const scopes = [`user:${user.id}`, `listing:${listingId}`];
    const now = this.#clock.now();
    const limits = {
      now: new Date(now).toISOString(),
      windowStartedBefore: new Date(now - ACCESS_CODE_LIMITS.windowMinutes * MINUTE_MS).toISOString(),
      lockAfter: ACCESS_CODE_LIMITS.lockAfterFailures,
      lockUntil: new Date(now + ACCESS_CODE_LIMITS.lockMinutes * MINUTE_MS).toISOString(),
    };
    const reserved: string[] = [];
    for (const scope of scopes) {
      if ((await this.#read.accessCodeAttempts.reserve(scope, limits)) === undefined)
        throw new AppError(429, ACCESS_CODE_LOCKED, "ACCESS_CODE_LOCKED");
      reserved.push(scope);
    }

    if (!sameCode(code, accessCode)) {
      await this.#read.events.recordBy(actor, this.#now(), listingId, "access-code-failed", {});
      throw new AppError(400, INCORRECT_CODE, "INCORRECT_CODE");
    }
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      for (const scope of reserved)
        await stores.accessCodeAttempts.release(scope, ACCESS_CODE_LIMITS.lockAfterFailures);
      await letIntoDataRoom(stores, actor, user.id, listingId, "code", this.#now());
    });
  }

  // Requests for a code

  /** Whether the buyer has asked for this listing's code and staff have not answered yet. */
  hasPendingRequest(userId: number, listingId: number): Promise<boolean> {
    return this.#read.accessRequests.hasPending(userId, listingId);
  }

  /**
   * The buyer asks staff for the listing's code; staff are mailed at the inquiries' address. A
   * second request while one is pending changes nothing (and mails nobody).
   */
  async requestAccess(
    user: SessionUser,
    actor: Actor,
    listingId: number,
    message: string | undefined,
  ): Promise<void> {
    refuseWhileViewingAs(user);
    if (!this.requestsOpen) throw noSuchDeal();
    const listing = await this.#listings.findById(listingId);
    if (!listing || !mayViewListing(listing, user)) throw noSuchDeal();
    if (!listing.hasVDR) throw new AppError(400, NO_DATA_ROOM, "NO_DATA_ROOM");
    if (isSold(listing)) throw new AppError(400, DEAL_SOLD_NO_NEW_BUYERS, "DEAL_SOLD");
    if (await this.#read.dataRoomGrants.has(user.id, listingId))
      throw new AppError(409, "You already have access to this data room.", "ALREADY_GRANTED");
    const name = displayName(user);
    await this.#mailroom.transaction(dataRoomStores, async (stores, fileMail) => {
      const requestId = await stores.accessRequests.insertPending({
        userId: user.id,
        ListingId: listingId,
        message: message ?? null,
        requestedAt: this.#now(),
      });
      if (requestId === undefined) return;
      await stores.events.recordBy(actor, this.#now(), listingId, "access-requested", { requestId });
      await fileMail(
        inquiryMail(
          this.#config,
          this.#config.supportEmail,
          `Data room access requested: deal #${listingId}`,
          `${name} asks for the access code of deal #${listingId}, ${listing.Header}. Approve or decline the request on the deal's access page.`,
          [
            ["Buyer", name],
            ["Email", user.email],
            ["Company", user.officialCompanyName ?? undefined],
            ["Message", message],
            ["Access page", `${this.#config.publicUrl}/deals/${listingId}/data-room/access`],
          ],
          user.email,
        ),
      );
    });
  }

  /** The listing's requests waiting for an answer, oldest first, with who asked. */
  async pendingRequests(listingId: number): Promise<PendingAccessRequest[]> {
    const requests = await this.#read.accessRequests.pendingFor(listingId);
    return Promise.all(
      requests.map(async (request) => {
        const user = await this.#users.findById(request.userId);
        return { ...request, name: user ? displayName(user) : "", email: user?.email ?? "" };
      }),
    );
  }

  /**
   * Staff answer a pending request: an approval lets the buyer in (via "request") and mails them
   * the code; a decline mails a polite note. Answering twice, or a request of another listing, is a 404.
   */
  async answerRequest(
    actor: Actor,
    listingId: number,
    requestId: number,
    answer: AccessRequestAnswer,
  ): Promise<void> {
    const listing = await this.#dataRoomListing(listingId);
    const { accessCode } = await this.#settings(listing);
    const withUsers = (executor: Executor) => ({
      ...dataRoomStores(executor),
      users: new UserRepository(executor),
    });
    await this.#mailroom.transaction(withUsers, async (stores, fileMail) => {
      const request = await stores.accessRequests.answer(requestId, listingId, {
        status: answer,
        answeredBy: actor.userId,
        answeredAt: this.#now(),
      });
      if (!request) throw new AppError(404, "That request was answered already.", "NOT_FOUND");
      const buyer = await stores.users.findById(request.userId);
      if (!buyer) throw new AppError(404, "That buyer's account is gone.", "NOT_FOUND");
      await stores.events.recordBy(actor, this.#now(), listingId, "access-request-answered", {
        requestId,
        userId: request.userId,
        answer,
      });
      const deal = { ListingId: listingId, Header: listing.Header };
      if (answer === "approved") {
        await letIntoDataRoom(stores, actor, request.userId, listingId, "request", this.#now());
        await fileMail(
          accessRequestApprovedMail(
            this.#config,
            buyer.email,
            displayName(buyer),
            deal,
            accessCode,
            `${this.#config.publicUrl}/deals/${listingId}`,
          ),
        );
      } else {
        await fileMail(accessRequestDeclinedMail(this.#config, buyer.email, displayName(buyer), deal));
      }
    });
  }

  /** A listing staff may set data-room matters for: it exists and has a data room. */
  async #dataRoomListing(listingId: number): Promise<Listing> {
    const listing = await this.#listings.findById(listingId);
    if (!listing) throw noSuchDeal();
    if (!listing.hasVDR) throw new AppError(400, NO_DATA_ROOM, "NO_DATA_ROOM");
    return listing;
  }

  /** The listing's settings, created with the default code when it has none yet (new listings). */
  async #settings(listing: Listing) {
    const found = await this.#read.settings.find(listing.ListingId);
    if (found) return found;
    await this.#read.settings.ensure(listing.ListingId, defaultAccessCode(listing.ListingId), this.#now());
    const created = await this.#read.settings.find(listing.ListingId);
    if (!created) throw new Error(`data-room settings of listing ${listing.ListingId} were not created`);
    return created;
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}
