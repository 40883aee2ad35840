import { createHash, timingSafeEqual } from "node:crypto";
import {
  ACCESS_CODE_BRAKED,
  ACCESS_CODE_LIMITS,
  ACCESS_CODE_LOCKED,
  DEAL_SOLD_NO_NEW_BUYERS,
  displayName,
  type ExclusiveDealContact,
  fail,
  INCORRECT_CODE,
  isSold,
  type Listing,
  mayViewListing,
  NO_DATA_ROOM,
  normalizeAccessCode,
  notFound,
  refuseWhileViewingAs,
  type SessionUser,
} from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { inquiryMail } from "../../inquiries/inquiry-mails.ts";
import type { ListingService } from "../../listings/listing.service.ts";
import type { Mailroom } from "../../mail/mailroom.ts";
import { accessRequestApprovedMail, accessRequestDeclinedMail } from "../../mail/templates.ts";
import { letIntoDataRoom } from "../data-room-access.service.ts";
import { type DataRoomStores, dataRoomStores, dataRoomStoresWithTrail } from "../data-room-stores.ts";
import { type Actor, roomEvent } from "../room-events.ts";
import type { AccessRequest } from "./access-request.repository.ts";
import { randomAccessCode } from "./random-access-code.ts";

const MINUTE_MS = 60_000;

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
 * The way in by access code (spec §2, §4, §7): each listing with a data room has a code (random,
 * staff may set or redraw it; the local demo's listings have DD-{ListingId}); a buyer who types it is
 * let in; attempts are limited per account and braked per listing (ACCESS_CODE_LIMITS) and wrong ones
 * audited. Buyers without a code may ask staff for one; staff answer from the listing's access page,
 * and an approval mails the buyer the code.
 */
export class AccessCodeService {
  readonly #database: Database;
  readonly #listings: ListingService;
  readonly #mailroom: Pick<Mailroom, "transaction">;
  readonly #config: Pick<Config, "firmName" | "publicUrl" | "supportEmail" | "features">;
  readonly #clock: Clock;
  readonly #read: DataRoomStores;

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
  }

  /** Whether buyers without a code may ask staff for one (showRequestAccessToPrivateFiles). */
  get requestsOpen(): boolean {
    return this.#config.features.showRequestAccessToPrivateFiles;
  }

  /** The listing's code (staff only): a random one is created the first time a data room needs one. */
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
      await new AuditTrail(trx, this.#clock).record(roomEvent(actor, listingId, "access-code-changed", {}));
    });
  }

  /** Staff replace the listing's code with a new random one (e.g. the demo's DD-{ListingId}); returns it. */
  async drawNewAccessCode(actor: Actor, listingId: number): Promise<string> {
    const accessCode = randomAccessCode();
    await this.changeAccessCode(actor, listingId, accessCode);
    return accessCode;
  }

  /**
   * Lets the buyer into the listing's data room when `code` is its access code (spec §7
   * GrantDueDiligenceAccess). Refuses a missing or hidden listing (404), one without a data room or
   * a sold one (400), a locked account or a braked listing (429) and a wrong code (400 'Incorrect Code').
   */
  async grantByCode(user: SessionUser, actor: Actor, listingId: number, code: string): Promise<void> {
    // Staff viewing as the buyer neither let them in nor spend their attempts.
    refuseWhileViewingAs(user);
    const listing = await this.#listings.findById(listingId);
    if (!listing || !mayViewListing(listing, user)) throw notFound("No such deal");
    if (!listing.hasVDR) throw fail("NO_DATA_ROOM", NO_DATA_ROOM);
    if (await this.#read.dataRoomGrants.has(user.id, listingId)) return;
    if (isSold(listing)) throw fail("DEAL_SOLD", DEAL_SOLD_NO_NEW_BUYERS);
    const { accessCode } = await this.#settings(listing);

    const { compare, release } = await this.#countAttempt(user.id, listingId);
    if (!compare) throw fail("ACCESS_CODE_BRAKED", ACCESS_CODE_BRAKED);
    if (!sameCode(code, accessCode)) {
      await new AuditTrail(this.#database.db, this.#clock).record(
        roomEvent(actor, listingId, "access-code-failed", {}),
      );
      throw fail("INCORRECT_CODE", INCORRECT_CODE);
    }
    await this.#database.transaction(async (trx) => {
      const stores = dataRoomStores(trx);
      await release(stores);
      await letIntoDataRoom(stores, new AuditTrail(trx, this.#clock), {
        actor,
        userId: user.id,
        listingId,
        via: "code",
        at: this.#now(),
      });
    });
  }

  /**
   * Counts the attempt before the code is compared, each count one atomic upsert, so parallel guesses
   * all count: for the account (its 10th attempt in the window locks it: 429 here), for the account on
   * this listing, and for the listing. A listing past its brake compares only an account's first
   * attempt on it in the window, so nobody can lock buyers out who have not failed there. `release`
   * takes a right code's attempt back.
   */
  async #countAttempt(userId: number, listingId: number) {
    const now = this.#clock.now();
    const window = {
      now: new Date(now).toISOString(),
      windowStartedBefore: new Date(now - ACCESS_CODE_LIMITS.windowMinutes * MINUTE_MS).toISOString(),
    };
    const lock = {
      after: ACCESS_CODE_LIMITS.lockAfterFailures,
      until: new Date(now + ACCESS_CODE_LIMITS.lockMinutes * MINUTE_MS).toISOString(),
    };
    const account = `user:${userId}`;
    const accountOnListing = `user:${userId}:listing:${listingId}`;
    const listing = `listing:${listingId}`;
    const attempts = this.#read.accessCodeAttempts;
    if ((await attempts.reserve(account, { ...window, lock })) === undefined)
      throw fail("ACCESS_CODE_LOCKED", ACCESS_CODE_LOCKED);
    // Counted, never locked; undefined only while a listing lock of the old rule (before issue 20)
    // runs out, and that must not stop anyone: read as a first attempt.
    const onListing = (await attempts.reserve(accountOnListing, window)) ?? 1;
    const listingWide = (await attempts.reserve(listing, window)) ?? 1;
    return {
      compare: listingWide <= ACCESS_CODE_LIMITS.listingBrakeAfter || onListing === 1,
      release: async (stores: DataRoomStores) => {
        await stores.accessCodeAttempts.release(account, lock.after);
        await stores.accessCodeAttempts.release(accountOnListing);
        await stores.accessCodeAttempts.release(listing);
      },
    };
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
    if (!this.requestsOpen) throw notFound("No such deal");
    const listing = await this.#listings.findById(listingId);
    if (!listing || !mayViewListing(listing, user)) throw notFound("No such deal");
    if (!listing.hasVDR) throw fail("NO_DATA_ROOM", NO_DATA_ROOM);
    if (isSold(listing)) throw fail("DEAL_SOLD", DEAL_SOLD_NO_NEW_BUYERS);
    if (await this.#read.dataRoomGrants.has(user.id, listingId))
      throw fail("ALREADY_GRANTED", "You already have access to this data room.");
    const name = displayName(user);
    await this.#mailroom.transaction(dataRoomStoresWithTrail(this.#clock), async (stores, fileMail) => {
      const requestId = await stores.accessRequests.insertPending({
        userId: user.id,
        ListingId: listingId,
        message: message ?? null,
        requestedAt: this.#now(),
      });
      if (requestId === undefined) return;
      await stores.trail.record(roomEvent(actor, listingId, "access-requested", { requestId }));
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
        const person = await this.#read.people.find(request.userId);
        return { ...request, name: person?.name ?? "", email: person?.email ?? "" };
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
    await this.#mailroom.transaction(dataRoomStoresWithTrail(this.#clock), async (stores, fileMail) => {
      const request = await stores.accessRequests.answer(requestId, listingId, {
        status: answer,
        answeredBy: actor.userId,
        answeredAt: this.#now(),
      });
      if (!request) throw notFound("That request was answered already.");
      const buyer = await stores.people.find(request.userId);
      if (!buyer) throw notFound("That buyer's account is gone.");
      await stores.trail.record(
        roomEvent(actor, listingId, "access-request-answered", {
          requestId,
          userId: request.userId,
          answer,
        }),
      );
      const deal = { ListingId: listingId, Header: listing.Header };
      if (answer === "approved") {
        await letIntoDataRoom(stores, stores.trail, {
          actor,
          userId: request.userId,
          listingId,
          via: "request",
          at: this.#now(),
        });
        await fileMail(
          accessRequestApprovedMail(
            this.#config,
            buyer.email,
            buyer.name,
            deal,
            accessCode,
            `${this.#config.publicUrl}/deals/${listingId}`,
          ),
        );
      } else {
        await fileMail(accessRequestDeclinedMail(this.#config, buyer.email, buyer.name, deal));
      }
    });
  }

  /** A listing staff may set data-room matters for: it exists and has a data room. */
  async #dataRoomListing(listingId: number): Promise<Listing> {
    const listing = await this.#listings.findById(listingId);
    if (!listing) throw notFound("No such deal");
    if (!listing.hasVDR) throw fail("NO_DATA_ROOM", NO_DATA_ROOM);
    return listing;
  }

  /** The listing's settings, created with a random code when it has none yet (new listings). */
  async #settings(listing: Listing) {
    const found = await this.#read.settings.find(listing.ListingId);
    if (found) return found;
    // Two first requests at once each draw a code; `ensure` keeps the first stored, and both read it.
    await this.#read.settings.ensure(listing.ListingId, randomAccessCode(), this.#now());
    const created = await this.#read.settings.find(listing.ListingId);
    if (!created) throw new Error(`data-room settings of listing ${listing.ListingId} were not created`);
    return created;
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}
