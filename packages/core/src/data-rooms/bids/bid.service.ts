import { createHash } from "node:crypto";
import {
  BID_TEXTS,
  bidAmountText,
  bidMeasures,
  bidReceiptText,
  type ChangeBidRoundInput,
  type ExportFormat,
  fail,
  forbidden,
  type Listing,
  listingBidFacts,
  type OpenBidRoundInput,
  refuseWhileViewingAs,
  type SessionUser,
  type SubmitBidInput,
  zonedTimeText,
  zonedTimeToIso,
} from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import type { Executor } from "../../db/database.ts";
import { exportFile } from "../../export/table-export.ts";
import { SecureFileRepository } from "../../secure-files/secure-file.repository.ts";
import { dataRoomStores } from "../data-room-stores.ts";
import { type Actor, actorOf, roomEvent } from "../room-events.ts";
import { type RoomServiceDeps, type RoomServiceOptions, withClock } from "../room-service-deps.ts";
import { BidRepository, type BidRound } from "./bid.repository.ts";
import { BID_EXPORT_COLUMNS } from "./bid-export.ts";
import { BidMailer } from "./bid-mailer.ts";
import type { BuyerBidsView, ComparedBid, StaffBidsView } from "./bid-views.ts";

/** A member of staff in the listing's room: who they are for the trail, and the listing. */
interface Staff {
  actor: Actor;
  listing: Listing;
}

/**
 * Bids and indications of interest (issue 23 item 2). Staff open a round; a buyer who signed the
 * listing's agreement bids and may revise until the deadline, each revision kept with the SHA-256 of
 * what was sent (their receipt, also mailed). A sealed round's bids are read by nobody before its
 * deadline — every door asks `#readable` — unless an admin opens them early, which is audited and
 * mailed to every bidder. After the deadline staff compare, export, mark a winner or ask for best and
 * final. The deadline is the clock's: tests move it.
 */
export class BidService {
  readonly #d: RoomServiceDeps;
  readonly #mailer: BidMailer;

  constructor(options: RoomServiceOptions) {
    this.#d = withClock(options);
    this.#mailer = new BidMailer(this.#d);
  }

  /** The room's bidding as the viewer may see it (404 outside an open room). */
  async view(user: SessionUser | null, listingId: number): Promise<BuyerBidsView | StaffBidsView> {
    const listing = await this.#d.access.openDataRoom(user, listingId);
    const viewer = user as SessionUser;
    const read = this.#read();
    const round = (await read.latestRound(listingId)) ?? null;
    if (!viewer.isAdmin) {
      const mine = round ? await read.revisionsOf(round.id, viewer.id) : [];
      const refusal = await this.#whyNot(this.#d.database.db, viewer, listingId, round, mine.length > 0);
      return { isStaff: false, round, mine, cannotBid: refusal?.message ?? null };
    }
    const facts = listingBidFacts(listing);
    if (!round) return { isStaff: true, round, bidders: 0, sealed: null, facts, bids: [], decided: false };
    const standing = await read.standingBids(round.id);
    const sealed = this.#sealed(round);
    const bids = sealed ? [] : standing.map((b) => ({ ...b, ...bidMeasures(b.amount, facts) }));
    const decided = round.unsealedAt !== null || Date.parse(round.deadline) <= this.#d.clock.now();
    return {
      isStaff: true,
      round,
      bidders: standing.length,
      sealed: sealed?.message ?? null,
      facts,
      bids,
      decided,
    };
  }

  /** Staff open a round (refused while the listing's last round still takes bids). */
  async openRound(user: SessionUser | null, listingId: number, input: OpenBidRoundInput, ip: string | null) {
    const { actor } = await this.#staff(user, listingId, ip);
    const opensAt = zonedTimeToIso(input.opensAt, input.timeZone);
    const deadline = zonedTimeToIso(input.deadline, input.timeZone);
    if (!opensAt) throw fail("VALIDATION", "Opens: enter a date and time.");
    if (!deadline) throw fail("VALIDATION", "Deadline: enter a date and time.");
    if (deadline <= opensAt) throw fail("VALIDATION", BID_TEXTS.deadlineBeforeOpens);
    if (Date.parse(deadline) <= this.#d.clock.now()) throw fail("VALIDATION", BID_TEXTS.deadlineInPast);
    return this.#d.database.transaction(async (trx) => {
      const stores = new BidRepository(trx);
      const last = await stores.latestRound(listingId);
      if (last && last.status !== "awarded" && Date.parse(last.deadline) > this.#d.clock.now())
        throw fail("BID_ROUND_RUNNING", BID_TEXTS.roundRunning);
      const round = await stores.insertRound({
        listingId,
        kind: input.kind,
        opensAt,
        deadline,
        timeZone: input.timeZone,
        minimum: input.minimum ?? null,
        requiredDocuments: input.requiredDocuments ?? null,
        createdAt: this.#now(),
        openedBy: actor.userId,
      });
      await this.#trail(trx).record(
        roomEvent(actor, listingId, "bid-round-opened", {
          name: `Bid round #${round.id}`,
          roundId: round.id,
          kind: round.kind,
          opensAt,
          deadline,
        }),
      );
      return round;
    });
  }

  /**
   * Staff move a round's opening or deadline, or change its minimum, while it runs: not once its
   * deadline has passed or it was awarded, and an opening that has come stays where it was. The times
   * are in the round's zone. Audited; the round's bidders are mailed a moved deadline.
   */
  async changeRound(
    user: SessionUser | null,
    listingId: number,
    input: ChangeBidRoundInput,
    ip: string | null,
  ): Promise<BidRound> {
    const { actor } = await this.#staff(user, listingId, ip);
    return this.#d.database.transaction(async (trx) => {
      const stores = new BidRepository(trx);
      const round = await stores.latestRound(listingId);
      if (!round) throw fail("BIDS_NOT_OPEN", BID_TEXTS.noRound);
      const now = this.#d.clock.now();
      if (round.status === "awarded" || Date.parse(round.deadline) <= now)
        throw fail("BIDS_CLOSED", BID_TEXTS.roundOver);
      const opensAt = zonedTimeToIso(input.opensAt, round.timeZone);
      const deadline = zonedTimeToIso(input.deadline, round.timeZone);
      if (!opensAt) throw fail("VALIDATION", "Opens: enter a date and time.");
      if (!deadline) throw fail("VALIDATION", "Deadline: enter a date and time.");
      const opened = Date.parse(round.opensAt) <= now;
      if (opened && Date.parse(opensAt) !== Date.parse(round.opensAt))
        throw fail("VALIDATION", BID_TEXTS.openedAlready(zonedTimeText(round.opensAt, round.timeZone)));
      // A deadline already past is the mistake to name, even where it is also before the opening.
      if (Date.parse(deadline) <= now)
        throw fail("VALIDATION", BID_TEXTS.chosenDeadlinePassed(zonedTimeText(deadline, round.timeZone)));
      if (deadline <= opensAt) throw fail("VALIDATION", BID_TEXTS.deadlineBeforeOpens);
      const minimum = input.minimum ?? null;
      const at = this.#now();
      await stores.updateRound(round.id, { opensAt, deadline, minimum, updatedAt: at });
      await this.#trail(trx).record(
        roomEvent(actor, listingId, "bid-round-changed", {
          name: `Bid round #${round.id}`,
          roundId: round.id,
          opensAt,
          deadline,
          minimum,
          previousOpensAt: round.opensAt,
          previousDeadline: round.deadline,
          previousMinimum: round.minimum,
        }),
      );
      const changed = { ...round, opensAt, deadline, minimum };
      if (Date.parse(deadline) !== Date.parse(round.deadline))
        await this.#mailer.enqueueDeadlineMoved(trx, changed, round.deadline, at);
      return changed;
    });
  }

  /**
   * A buyer bids or revises. Refused without an agreement, before the round opens, at or after its
   * deadline (the clock read inside the transaction, so a revision a second late changes nothing),
   * below the minimum, with a file that is not theirs, or when another revision took the number.
   */
  async submit(user: SessionUser | null, listingId: number, input: SubmitBidInput, ip: string | null) {
    refuseWhileViewingAs(user);
    await this.#d.access.openDataRoom(user, listingId).catch(async (error: unknown) => {
      // A buyer let in who has not signed yet is told what to do; anyone else gets the room's 404.
      const stores = dataRoomStores(this.#d.database.db);
      if (user && (await stores.dataRoomGrants.has(user.id, listingId)))
        if (!(await stores.signedAgreements.find(user.id, listingId))) throw forbidden(BID_TEXTS.noAgreement);
      throw error;
    });
    const bidder = user as SessionUser;
    if (bidder.isAdmin) throw forbidden(BID_TEXTS.buyersBid);
    const bid = await this.#d.database.transaction(async (trx) => {
      const stores = new BidRepository(trx);
      const round = await stores.latestRound(listingId);
      const revisions = round ? await stores.revisionsOf(round.id, bidder.id) : [];
      const refusal = await this.#whyNot(trx, bidder, listingId, round ?? null, revisions.length > 0);
      if (refusal || !round) throw refusal ?? fail("BIDS_NOT_OPEN", BID_TEXTS.noRound);
      if (round.minimum !== null && input.amount < round.minimum)
        throw fail("VALIDATION", BID_TEXTS.belowMinimum(bidAmountText(round.minimum).slice(1)));
      const files = new SecureFileRepository(trx);
      const attachments = [];
      for (const id of new Set(input.attachments)) {
        const file = await files.find(id);
        if (file?.userId !== bidder.id) throw fail("VALIDATION", BID_TEXTS.noAttachment);
        attachments.push({ id: file.id, name: file.name, size: file.size });
      }
      const content = {
        roundId: round.id,
        listingId,
        bidderId: bidder.id,
        revision: (revisions[0]?.revision ?? 0) + 1,
        amount: input.amount,
        effectiveDate: input.effectiveDate,
        conditions: input.conditions,
        attachments,
        submittedAt: this.#now(),
      };
      const sha256 = createHash("sha256").update(bidReceiptText(content)).digest("hex");
      const saved = await stores.insertBid({ ...content, sha256 }).catch((error: unknown) => {
        // The unique (round, bidder, revision): a second revision sent at the same moment lost.
        throw fail("BID_REVISED_AT_ONCE", BID_TEXTS.revisedAtOnce, error);
      });
      // The trail says a bid came, never its amount: the activity page and CSV must not unseal it.
      await this.#trail(trx).record(
        roomEvent(actorOf(bidder, ip), listingId, "bid-submitted", {
          name: `Bid round #${round.id}`,
          roundId: round.id,
          revision: saved.revision,
          sha256,
        }),
      );
      await this.#mailer.enqueueReceipt(trx, saved);
      return saved;
    });
    return bid;
  }

  /** The standing bids, side by side (staff; refused while sealed). */
  async compare(
    user: SessionUser | null,
    listingId: number,
  ): Promise<{ round: BidRound; bids: ComparedBid[] }> {
    const { listing } = await this.#staff(user, listingId, null);
    const { round, bids } = await this.#readable(listing);
    return { round, bids };
  }

  /** The comparison as CSV or XLSX through the one exporter (staff; refused while sealed; audited). */
  async export(user: SessionUser | null, listingId: number, format: ExportFormat, ip: string | null) {
    const { actor, listing } = await this.#staff(user, listingId, ip);
    const { round, bids } = await this.#readable(listing);
    await this.#trail(this.#d.database.db).record(
      roomEvent(actor, listingId, "bids-exported", {
        name: `Bid round #${round.id}`,
        roundId: round.id,
        format,
      }),
    );
    return exportFile({ sheet: "Bids", columns: BID_EXPORT_COLUMNS(round), rows: bids }, format);
  }

  /** An admin opens a sealed round before its deadline: audited with the reason; every bidder is mailed. */
  async unseal(user: SessionUser | null, listingId: number, reason: string, ip: string | null) {
    const { actor } = await this.#staff(user, listingId, ip);
    await this.#d.database.transaction(async (trx) => {
      const stores = new BidRepository(trx);
      const round = await stores.latestRound(listingId);
      if (!round || !this.#sealed(round)) throw fail("BIDS_NOT_OPEN", "This round's bids are not sealed.");
      await stores.updateRound(round.id, {
        unsealedAt: this.#now(),
        unsealedBy: actor.userId,
        updatedAt: this.#now(),
      });
      await this.#trail(trx).record(
        roomEvent(actor, listingId, "bids-unsealed-early", {
          name: `Bid round #${round.id}`,
          roundId: round.id,
          reason,
        }),
      );
      await this.#mailer.enqueueUnsealed(trx, round, this.#now());
    });
  }

  /** Staff mark the winning bid, after the deadline (or an early opening). */
  async markWinner(user: SessionUser | null, listingId: number, bidId: number, ip: string | null) {
    const { actor, listing } = await this.#staff(user, listingId, ip);
    const { round, bids } = await this.#readable(listing);
    const bid = bids.find((b) => b.id === bidId);
    if (!bid) throw fail("VALIDATION", BID_TEXTS.notYourRound);
    if (Date.parse(round.deadline) > this.#d.clock.now())
      throw fail("BIDS_NOT_OPEN", BID_TEXTS.sealed(this.#deadlineText(round)));
    await this.#d.database.transaction(async (trx) => {
      await new BidRepository(trx).updateRound(round.id, {
        status: "awarded",
        winnerBidId: bid.id,
        updatedAt: this.#now(),
      });
      await this.#trail(trx).record(
        roomEvent(actor, listingId, "bid-winner-marked", {
          name: `Bid round #${round.id}`,
          roundId: round.id,
          bidId: bid.id,
          bidderId: bid.bidderId,
        }),
      );
    });
  }

  /** After the deadline, staff ask the round's bidders for best and final, until a new deadline. */
  async bestAndFinal(user: SessionUser | null, listingId: number, deadlineLocal: string, ip: string | null) {
    const { actor, listing } = await this.#staff(user, listingId, ip);
    const { round } = await this.#readable(listing);
    if (round.status === "awarded" || Date.parse(round.deadline) > this.#d.clock.now())
      throw fail("BID_ROUND_RUNNING", BID_TEXTS.roundRunning);
    const deadline = zonedTimeToIso(deadlineLocal, round.timeZone);
    if (!deadline || Date.parse(deadline) <= this.#d.clock.now())
      throw fail("VALIDATION", BID_TEXTS.deadlineInPast);
    await this.#d.database.transaction(async (trx) => {
      // Sealed again until the new deadline: an early opening of the first deadline does not carry over.
      await new BidRepository(trx).updateRound(round.id, {
        status: "best-and-final",
        deadline,
        unsealedAt: null,
        unsealedBy: null,
        updatedAt: this.#now(),
      });
      await this.#trail(trx).record(
        roomEvent(actor, listingId, "best-and-final-asked", {
          name: `Bid round #${round.id}`,
          roundId: round.id,
          deadline,
        }),
      );
    });
  }

  /** The offers of each listing that ran a round (the Mgmt Dash's offersCount). */
  offersByListing(): Promise<Map<number, number>> {
    return this.#read().offersByListing();
  }

  /** The round's dates for the listing's process timeline: opening and deadline. */
  async timeline(listingId: number): Promise<{ label: string; date: string }[]> {
    const round = await this.#read().latestRound(listingId);
    if (!round) return [];
    const kind = round.kind === "sealed" ? "Sealed bids" : "Indications of interest";
    return [
      { label: `${kind} open`, date: round.opensAt },
      {
        label: round.status === "best-and-final" ? "Best and final deadline" : `${kind} due`,
        date: round.deadline,
      },
    ];
  }

  /** The latest round and its bids, unless sealed: the one gate every staff door passes. */
  async #readable(listing: Listing): Promise<{ round: BidRound; bids: ComparedBid[] }> {
    const read = this.#read();
    const round = await read.latestRound(listing.ListingId);
    if (!round) throw fail("BIDS_NOT_OPEN", BID_TEXTS.noRound);
    const sealed = this.#sealed(round);
    if (sealed) throw sealed;
    const facts = listingBidFacts(listing);
    const bids = (await read.standingBids(round.id)).map((b) => ({ ...b, ...bidMeasures(b.amount, facts) }));
    return { round, bids };
  }

  /** The refusal a sealed round gives before its deadline (unless opened early); undefined after. */
  #sealed(round: BidRound) {
    if (round.kind !== "sealed" || round.unsealedAt || Date.parse(round.deadline) <= this.#d.clock.now())
      return undefined;
    return fail("BIDS_SEALED", BID_TEXTS.sealed(this.#deadlineText(round)));
  }

  /** Why the buyer may not bid now, as the error to throw; undefined when they may. */
  async #whyNot(
    db: Executor,
    buyer: SessionUser,
    listingId: number,
    round: BidRound | null,
    hasBid: boolean,
  ) {
    const agreement = await dataRoomStores(db).signedAgreements.find(buyer.id, listingId);
    if (!agreement) return forbidden(BID_TEXTS.noAgreement);
    if (!round) return fail("BIDS_NOT_OPEN", BID_TEXTS.noRound);
    if (round.status === "awarded") return fail("BIDS_CLOSED", BID_TEXTS.decided);
    const now = this.#d.clock.now();
    if (Date.parse(round.opensAt) > now)
      return fail("BIDS_NOT_OPEN", BID_TEXTS.notOpenYet(zonedTimeText(round.opensAt, round.timeZone)));
    if (Date.parse(round.deadline) <= now)
      return fail("BIDS_CLOSED", BID_TEXTS.closed(this.#deadlineText(round)));
    if (round.status === "best-and-final" && !hasBid)
      return fail("BIDS_CLOSED", BID_TEXTS.bestAndFinalOnlyBidders);
    return undefined;
  }

  async #staff(user: SessionUser | null, listingId: number, ip: string | null): Promise<Staff> {
    refuseWhileViewingAs(user);
    const listing = await this.#d.access.openDataRoom(user, listingId);
    if (!user?.isAdmin) throw forbidden(BID_TEXTS.staffOnly);
    return { actor: { userId: user.id, ipAddress: ip }, listing };
  }

  #deadlineText(round: BidRound): string {
    return zonedTimeText(round.deadline, round.timeZone);
  }

  #read(): BidRepository {
    return new BidRepository(this.#d.database.db);
  }

  #trail(executor: Executor): AuditTrail {
    return new AuditTrail(executor, this.#d.clock);
  }

  #now(): string {
    return new Date(this.#d.clock.now()).toISOString();
  }
}
