import type { Executor } from "../../db/database.ts";
import type { OutgoingMail } from "../../mail/mail-transport.ts";
import type { RoomServiceDeps } from "../room-service-deps.ts";
import { type Bid, BidRepository, type BidRound } from "./bid.repository.ts";
import { bidReceiptMail, bidsUnsealedMail, deadlineMovedMail } from "./bid-mails.ts";

const JOB = {
  receipt: "bids.receipt",
  unsealed: "bids.unsealed",
  deadlineMoved: "bids.deadline-moved",
} as const;

/**
 * The bids' mail, filed by background jobs through the outbox: each revision's receipt to its bidder,
 * and word to every bidder of the round when an admin opens its sealed bids early or staff move its
 * deadline.
 */
export type BidMailerDependencies = Pick<RoomServiceDeps, "database" | "mailroom" | "jobs" | "config">;

interface DeadlineMoved {
  roundId: number;
  listingId: number;
  previousDeadline: string;
  deadline: string;
}

export class BidMailer {
  readonly #d: BidMailerDependencies;

  constructor(dependencies: BidMailerDependencies) {
    this.#d = dependencies;
    dependencies.jobs.register(JOB.receipt, (p) => this.#mailReceipt(p as { bidId: number }));
    dependencies.jobs.register(JOB.unsealed, (p) =>
      this.#mailUnsealed(p as { roundId: number; listingId: number }),
    );
    dependencies.jobs.register(JOB.deadlineMoved, (p) => this.#mailDeadlineMoved(p as DeadlineMoved));
  }

  /** In the bid's transaction: its receipt, once. */
  async enqueueReceipt(trx: Executor, bid: Bid): Promise<void> {
    await this.#d.jobs.enqueue(
      trx,
      JOB.receipt,
      { bidId: bid.id },
      { uniqueKey: `${JOB.receipt}:${bid.id}` },
    );
  }

  /** In the early opening's transaction: word to the round's bidders. */
  async enqueueUnsealed(trx: Executor, round: BidRound, at: string): Promise<void> {
    await this.#d.jobs.enqueue(
      trx,
      JOB.unsealed,
      { roundId: round.id, listingId: round.listingId },
      { uniqueKey: `${JOB.unsealed}:${round.id}:${at}` },
    );
  }

  /** In the change's transaction: the old and new deadline to the round's bidders. */
  async enqueueDeadlineMoved(trx: Executor, round: BidRound, previousDeadline: string, at: string) {
    const moved: DeadlineMoved = {
      roundId: round.id,
      listingId: round.listingId,
      previousDeadline,
      deadline: round.deadline,
    };
    await this.#d.jobs.enqueue(trx, JOB.deadlineMoved, moved, {
      uniqueKey: `${JOB.deadlineMoved}:${round.id}:${at}`,
    });
  }

  async #mailReceipt({ bidId }: { bidId: number }) {
    const read = this.#read();
    const bid = await read.findBid(bidId);
    const round = bid && (await read.latestRound(bid.listingId));
    const to = bid && (await read.recipient(bid.bidderId));
    if (!bid || !round || !to) return;
    await this.#mail(bidReceiptMail(this.#d.config, to, bid, round, await read.listingHeader(bid.listingId)));
  }

  async #mailUnsealed({ roundId, listingId }: { roundId: number; listingId: number }) {
    const read = this.#read();
    const round = await read.latestRound(listingId);
    if (round?.id !== roundId) return;
    const header = await read.listingHeader(listingId);
    for (const bidderId of await read.bidderIds(roundId)) {
      const to = await read.recipient(bidderId);
      if (to) await this.#mail(bidsUnsealedMail(this.#d.config, to, round, header));
    }
  }

  async #mailDeadlineMoved({ roundId, listingId, previousDeadline, deadline }: DeadlineMoved) {
    const read = this.#read();
    const round = await read.latestRound(listingId);
    // A later change mails its own news; this one would tell of a deadline that no longer holds.
    if (round?.id !== roundId || round.deadline !== deadline) return;
    const header = await read.listingHeader(listingId);
    for (const bidderId of await read.bidderIds(roundId)) {
      const to = await read.recipient(bidderId);
      if (to) await this.#mail(deadlineMovedMail(this.#d.config, to, round, header, previousDeadline));
    }
  }

  async #mail(mail: OutgoingMail) {
    const { mailError } = await this.#d.mailroom.transactionReportingMail(
      () => undefined,
      async (_, fileMail) => fileMail(mail),
    );
    if (mailError) throw new Error(mailError); // the job retries with backoff
  }

  #read(): BidRepository {
    return new BidRepository(this.#d.database.db);
  }
}
