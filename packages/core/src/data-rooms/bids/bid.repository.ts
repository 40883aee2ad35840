import type { BidRoundKind, BidRoundStatus, BidTimeZone } from "@aea/domain";
import { displayName } from "@aea/domain";
import type { Selectable } from "kysely";
import { recordChange } from "../../data-version/committed-changes.ts";
import type { Executor } from "../../db/database.ts";
import type { BidRoundRow, BidRow } from "../../db/schema.ts";

export interface BidRound {
  id: number;
  listingId: number;
  kind: BidRoundKind;
  status: BidRoundStatus;
  opensAt: string;
  deadline: string;
  timeZone: BidTimeZone;
  minimum: number | null;
  requiredDocuments: string | null;
  winnerBidId: number | null;
  unsealedAt: string | null;
  createdAt: string;
}

export interface BidAttachment {
  id: number;
  name: string;
  size: number;
}

/** One revision of a buyer's bid, as submitted. */
export interface Bid {
  id: number;
  roundId: number;
  listingId: number;
  bidderId: number;
  revision: number;
  amount: number;
  effectiveDate: string;
  conditions: string;
  attachments: BidAttachment[];
  sha256: string;
  submittedAt: string;
}

/** A bid with its bidder's name and company, for staff. */
export interface StaffBid extends Bid {
  bidderName: string;
  bidderEmail: string;
  company: string | null;
}

const roundOf = (row: Selectable<BidRoundRow>): BidRound => ({
  id: Number(row.id),
  listingId: row.ListingId,
  kind: row.kind as BidRoundKind,
  status: row.status as BidRoundStatus,
  opensAt: row.opensAt,
  deadline: row.deadline,
  timeZone: row.timeZone as BidTimeZone,
  minimum: row.minimum === null ? null : Number(row.minimum),
  requiredDocuments: row.requiredDocuments,
  winnerBidId: row.winnerBidId,
  unsealedAt: row.unsealedAt,
  createdAt: row.createdAt,
});

const bidOf = (row: Selectable<BidRow>): Bid => ({
  id: Number(row.id),
  roundId: row.roundId,
  listingId: row.ListingId,
  bidderId: row.bidderId,
  revision: row.revision,
  amount: Number(row.amount),
  effectiveDate: row.effectiveDate,
  conditions: row.conditions,
  attachments: JSON.parse(row.attachments) as BidAttachment[],
  sha256: row.sha256,
  submittedAt: row.submittedAt,
});

/** Bid rounds of listings and every revision of their bids. */
export class BidRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** The listing's latest round, the one its page shows. */
  async latestRound(listingId: number): Promise<BidRound | undefined> {
    const row = await this.#db
      .selectFrom("bid_rounds")
      .selectAll()
      .where("ListingId", "=", listingId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row && roundOf(row);
  }

  async insertRound(
    round: Omit<BidRound, "id" | "winnerBidId" | "unsealedAt" | "status"> & { openedBy: number },
  ): Promise<BidRound> {
    const row = await this.#db
      .insertInto("bid_rounds")
      .values({
        ListingId: round.listingId,
        kind: round.kind,
        status: "open",
        opensAt: round.opensAt,
        deadline: round.deadline,
        timeZone: round.timeZone,
        minimum: round.minimum,
        requiredDocuments: round.requiredDocuments,
        winnerBidId: null,
        unsealedAt: null,
        unsealedBy: null,
        openedBy: round.openedBy,
        createdAt: round.createdAt,
        updatedAt: round.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // From its first round on, the listing's offers come from the bids.
    recordChange(this.#db, { dataset: "deal-activity", ids: [round.listingId] });
    return roundOf(row);
  }

  async updateRound(
    roundId: number,
    change: Partial<
      Pick<
        BidRoundRow,
        "status" | "opensAt" | "deadline" | "minimum" | "winnerBidId" | "unsealedAt" | "unsealedBy"
      >
    > & { updatedAt: string },
  ): Promise<void> {
    await this.#db.updateTable("bid_rounds").set(change).where("id", "=", roundId).execute();
  }

  /** Every revision of one buyer's bid in the round, newest first. */
  async revisionsOf(roundId: number, bidderId: number): Promise<Bid[]> {
    const rows = await this.#db
      .selectFrom("bids")
      .selectAll()
      .where("roundId", "=", roundId)
      .where("bidderId", "=", bidderId)
      .orderBy("revision", "desc")
      .execute();
    return rows.map(bidOf);
  }

  async insertBid(bid: Omit<Bid, "id">): Promise<Bid> {
    const row = await this.#db
      .insertInto("bids")
      .values({
        roundId: bid.roundId,
        ListingId: bid.listingId,
        bidderId: bid.bidderId,
        revision: bid.revision,
        amount: bid.amount,
        effectiveDate: bid.effectiveDate,
        conditions: bid.conditions,
        attachments: JSON.stringify(bid.attachments),
        sha256: bid.sha256,
        submittedAt: bid.submittedAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The listing's offers (Mgmt Dash, the listing analysis) count its bidders.
    recordChange(this.#db, { dataset: "deal-activity", ids: [bid.listingId] });
    return bidOf(row);
  }

  async findBid(bidId: number): Promise<Bid | undefined> {
    const row = await this.#db.selectFrom("bids").selectAll().where("id", "=", bidId).executeTakeFirst();
    return row && bidOf(row);
  }

  /** Each bidder's standing bid (their latest revision) in the round, highest amount first. */
  async standingBids(roundId: number): Promise<StaffBid[]> {
    const rows = await this.#db
      .selectFrom("bids as b")
      .innerJoin("users as u", "u.id", "b.bidderId")
      .selectAll("b")
      .select(["u.firstName", "u.middle", "u.lastName", "u.email", "u.officialCompanyName", "u.companyName"])
      .where("b.roundId", "=", roundId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("bids as later")
              .select("later.id")
              .whereRef("later.roundId", "=", "b.roundId")
              .whereRef("later.bidderId", "=", "b.bidderId")
              .whereRef("later.revision", ">", "b.revision"),
          ),
        ),
      )
      .orderBy("b.amount", "desc")
      .orderBy("b.submittedAt", "asc")
      .execute();
    return rows.map((row) => ({
      ...bidOf(row),
      bidderName: displayName(row),
      bidderEmail: row.email,
      company: row.officialCompanyName ?? row.companyName ?? null,
    }));
  }

  /** Buyers with a bid in the round (to tell them of an early opening). */
  async bidderIds(roundId: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("bids")
      .select("bidderId")
      .distinct()
      .where("roundId", "=", roundId)
      .execute();
    return rows.map((r) => r.bidderId);
  }

  /**
   * The offers of each listing that ran a round: the buyers who bid in any of its rounds (0 for a
   * round with no bid yet). Listings without a round are not in the map.
   */
  async offersByListing(): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom("bid_rounds as r")
      .leftJoin("bids as b", "b.roundId", "r.id")
      .select((eb) => ["r.ListingId", eb.fn.count<number | string>("b.bidderId").distinct().as("n")])
      .groupBy("r.ListingId")
      .execute();
    return new Map(rows.map((r) => [r.ListingId, Number(r.n)]));
  }

  /** Whom a bid's mail goes to. */
  async recipient(userId: number): Promise<{ email: string; firstName: string } | undefined> {
    return this.#db
      .selectFrom("users")
      .select(["email", "firstName"])
      .where("id", "=", userId)
      .executeTakeFirst();
  }

  async listingHeader(listingId: number): Promise<string> {
    const row = await this.#db
      .selectFrom("listings")
      .select("Header")
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return row?.Header ?? `deal #${listingId}`;
  }
}
