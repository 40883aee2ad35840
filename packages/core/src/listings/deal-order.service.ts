import { createHash } from "node:crypto";
import {
  DEAL_ORDER_TEXTS,
  fail,
  forbidden,
  keepsBands,
  type Listing,
  type MoveDirection,
  moveDeal,
  type SessionUser,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Database } from "../db/database.ts";
import { ListingRepository } from "./listing.repository.ts";
import type { ListingService } from "./listing.service.ts";

export interface DealOrder {
  /** The public deals in the 'Featured' order. */
  listings: Listing[];
  /** Names this order: a change sent with an older version was made on a list someone else changed. */
  version: string;
}

export interface DealOrderChange {
  /** The order before the change, for an undo. */
  previous: number[];
  /** The version of the new order. */
  version: string;
}

function versionOf(listings: readonly Listing[]): string {
  const text = listings
    .map((l) => `${l.ListingId}:${l.RowNumber ?? ""}:${l.status ?? ""}:${l.sold}`)
    .join(",");
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/**
 * Staff's order of the public deals (admin Reorder Deals): each change sends the whole order with the
 * version of the list it was made on, and is refused when the list has changed since, so two staff
 * reordering at once never overwrite each other unseen. Saved as every deal's `RowNumber`.
 */
export class DealOrderService {
  readonly #database: Database;
  readonly #listings: ListingService;
  readonly #clock: Clock;
  // Changes run one after another, so a version checked is still the version written over.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: { database: Database; listings: ListingService; clock?: Clock }) {
    this.#database = options.database;
    this.#listings = options.listings;
    this.#clock = options.clock ?? systemClock;
  }

  async featured(): Promise<DealOrder> {
    const listings = await this.#listings.publicListings();
    return { listings, version: versionOf(listings) };
  }

  /** Saves `order` (every public deal's id, each band kept in place) made on the list of `version`. */
  reorder(staff: Pick<SessionUser, "id" | "isAdmin">, order: readonly number[], version: string) {
    return this.#change(staff, version, (current) => {
      if (!keepsBands(current, order)) throw fail("INVALID_ORDER", DEAL_ORDER_TEXTS.mixedBands);
      return order;
    });
  }

  /** Moves one deal a place up or down among the deals of its band. */
  move(
    staff: Pick<SessionUser, "id" | "isAdmin">,
    listingId: number,
    direction: MoveDirection,
    version: string,
  ) {
    return this.#change(staff, version, (current) => {
      const order = moveDeal(current, listingId, direction);
      if (!order) throw fail("CANNOT_MOVE", DEAL_ORDER_TEXTS.cannotMove);
      return order;
    });
  }

  #change(
    staff: Pick<SessionUser, "id" | "isAdmin">,
    version: string,
    next: (current: Listing[]) => readonly number[],
  ): Promise<DealOrderChange> {
    const run = this.#queue.then(async () => {
      if (!staff.isAdmin) throw forbidden("Only staff reorder deals.");
      const { listings: current, version: currentVersion } = await this.featured();
      if (version !== currentVersion) throw fail("STALE_ORDER", DEAL_ORDER_TEXTS.stale);
      const order = next(current);
      const previous = current.map((listing) => listing.ListingId);
      await this.#save(staff.id, order, current);
      return { previous, version: (await this.featured()).version };
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #save(staffId: number, order: readonly number[], current: readonly Listing[]): Promise<void> {
    const rowNumbers = new Map(current.map((listing) => [listing.ListingId, listing.RowNumber]));
    await this.#database.transaction(async (trx) => {
      await new ListingRepository(trx).saveOrder(order, rowNumbers);
      await new AuditTrail(trx, this.#clock).record({
        actor: staffId,
        action: "deals-reordered",
        details: { order },
      });
    });
  }
}
