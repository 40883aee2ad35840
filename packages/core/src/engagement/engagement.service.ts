import {
  activityPath,
  ENGAGEMENT_DIGEST_SUBJECT,
  ENGAGEMENT_PARTS,
  ENGAGEMENT_RECOMPUTE_MINUTES,
  EngagementTallyBuilder,
  engagementCounts,
  engagementParts,
  engagementScore,
  type FolderHeat,
  isSold,
  type LeaderboardEntry,
  type Listing,
  notFound,
  RISING_BUYERS_PER_LISTING,
  refuseWhileViewingAs,
  type SessionUser,
  VISIT_GAP_MINUTES,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { dataRoomStores } from "../data-rooms/data-room-stores.ts";
import { folderTree } from "../data-rooms/documents/folder-tree.ts";
import type { Database } from "../db/database.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { Mailroom } from "../mail/mailroom.ts";
import { type RisingBuyersOfListing, risingBuyersStaffMail } from "../mail/templates.ts";
import {
  EngagementRepository,
  type HotLeadThreshold,
  type StoredEngagement,
} from "./engagement.repository.ts";

const JOB = { recompute: "engagement.recompute", digest: "engagement.weekly-digest" } as const;
const RECOMPUTE_MS = ENGAGEMENT_RECOMPUTE_MINUTES * 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** The digest goes on Mondays at 13:00 UTC (the morning in Houston, Denver and Calgary). */
const DIGEST_HOUR_UTC = 13;

interface ListingReader {
  findById(listingId: number): Promise<Listing | undefined>;
}

const iso = (ms: number) => new Date(ms).toISOString();
/**
 * The latest of the times: a score each recount left alone had no change, so the scores are as of the
 * last recount (or a later one of the room by staff).
 */
const latest = (times: (string | undefined)[]) =>
  times.reduce<string | undefined>(
    (a, b) => (b !== undefined && (a === undefined || b > a) ? b : a),
    undefined,
  );

/**
 * What a recount counted with, to compare with the next: staff's ids (their events are left out) and
 * each part's weight and cap. A change means every stored score may be wrong, so all are recounted.
 */
function countingBasis(adminIds: readonly number[]): string {
  const parts = ENGAGEMENT_PARTS.map((part) => [part.key, part.weight, part.cap]);
  return JSON.stringify({ staff: adminIds, parts, visitGapMinutes: VISIT_GAP_MINUTES });
}

export interface ListingEngagement {
  listing: Listing;
  threshold: HotLeadThreshold;
  /** When the scores shown were computed (undefined: not yet). */
  computedAt: string | undefined;
  buyers: LeaderboardEntry[];
  /** Buyers with a score: the heat map's shares are of them. */
  visitors: number;
  folders: FolderHeat[];
}

/**
 * Buyer engagement (issue 23 item 4, docs/decisions/043): a background job recomputes every buyer's
 * score per listing from the data-room trail every quarter hour and stores it; staff read the
 * leaderboard and the folders' heat map, set the one hot-lead threshold, and get a weekly digest of
 * the rising buyers. The Mgmt Dash counts hot leads from the stored scores.
 */
export class EngagementService {
  readonly #database: Database;
  readonly #listings: ListingReader;
  readonly #jobs: JobQueue;
  readonly #mailroom: Pick<Mailroom, "transactionReportingMail">;
  readonly #config: Pick<Config, "firmName" | "publicUrl" | "supportEmail">;
  readonly #clock: Clock;

  constructor(options: {
    database: Database;
    listings: ListingReader;
    jobs: JobQueue;
    mailroom: Pick<Mailroom, "transactionReportingMail">;
    config: Pick<Config, "firmName" | "publicUrl" | "supportEmail">;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#listings = options.listings;
    this.#jobs = options.jobs;
    this.#mailroom = options.mailroom;
    this.#config = options.config;
    this.#clock = options.clock ?? systemClock;
    // Each run files the next first, so a failed run does not end the chain.
    this.#jobs.register(JOB.recompute, async () => {
      await this.#enqueueRecompute(this.#slot() + RECOMPUTE_MS);
      await this.recompute();
    });
    this.#jobs.register(JOB.digest, async () => {
      await this.#enqueueDigest(this.#clock.now() + 60_000);
      await this.mailDigest();
    });
  }

  /**
   * Files the next recomputation and digest (each server calls it at start). The job keys name the
   * quarter hour and the Monday, so however many servers start, each runs once.
   */
  async schedule(): Promise<void> {
    await this.#enqueueRecompute(this.#slot());
    await this.#enqueueDigest();
  }

  /**
   * Recounts the scores of the buyers whose trail changed since the last recount and stores them;
   * every score when asked, at the first recount, once a day, and when staff or the score's parts
   * changed since (docs/decisions/043). Returns how many rooms and scores it stored.
   */
  async recompute(options: { full?: boolean } = {}): Promise<{ listings: number; buyers: number }> {
    const now = this.#clock.now();
    const read = new EngagementRepository(this.#database.db, this.#database.engine);
    const admins = await read.adminIds();
    const basis = countingBasis(admins);
    const last = await read.lastRecount();
    const since = last && !options.full && last.basis === basis && now - Date.parse(last.fullAt) < DAY_MS;
    // Per listing, the buyers to recount (undefined: all of them).
    const recount: Map<number, number[] | undefined> = since
      ? await read.buyersChangedSince(
          admins,
          // One period's overlap: a trail a transaction was still writing when the last recount read.
          iso(Date.parse(last.countedAt) - RECOMPUTE_MS),
          { after: iso(Date.parse(last.countedAt) - WEEK_MS), upTo: iso(now - WEEK_MS) },
        )
      : new Map((await read.listingsWithEvents(admins)).map((id) => [id, undefined]));
    const rows: StoredEngagement[] = [];
    const rooms = [...recount];
    const eventsOf = (n: number) => {
      const [listingId, buyers] = rooms[n] as [number, number[] | undefined];
      return read.events(listingId, admins, buyers);
    };
    // The next room is read while this one is counted (on PostgreSQL the two run side by side).
    let reading = rooms.length > 0 ? eventsOf(0) : undefined;
    for (const [n, [listingId]] of rooms.entries()) {
      const events = await (reading as ReturnType<typeof eventsOf>);
      reading = n + 1 < rooms.length ? eventsOf(n + 1) : undefined;
      rows.push(...this.#scores(listingId, events, now));
    }
    await this.#database.transaction(async (trx) => {
      const write = new EngagementRepository(trx, this.#database.engine);
      if (since) await write.replaceBuyers(recount as Map<number, number[]>, rows);
      else await write.replaceAll(rows);
      await write.saveRecount({ countedAt: iso(now), fullAt: since ? last.fullAt : iso(now), basis });
    });
    return { listings: rooms.length, buyers: rows.length };
  }

  /** Staff recount one listing's scores now rather than at the next quarter hour (admins; audited). */
  async recountListing(
    viewer: SessionUser | null,
    listingId: number,
    ipAddress: string | null,
  ): Promise<void> {
    const listing = viewer?.isAdmin ? await this.#listings.findById(listingId) : undefined;
    if (!listing || !viewer) throw notFound("No such deal");
    refuseWhileViewingAs(viewer);
    const read = new EngagementRepository(this.#database.db, this.#database.engine);
    const events = await read.events(listingId, await read.adminIds());
    const rows = this.#scores(listingId, events, this.#clock.now());
    await this.#database.transaction(async (trx) => {
      await new EngagementRepository(trx, this.#database.engine).replaceListing(listingId, rows);
      await new AuditTrail(trx, this.#clock).record({
        actor: viewer.id,
        ip: ipAddress,
        action: "engagement-recounted",
        subject: { listing: listingId },
      });
    });
  }

  /** Every buyer's score with one listing at `now`, from the room's events (each buyer's oldest first). */
  #scores(
    listingId: number,
    events: Awaited<ReturnType<EngagementRepository["events"]>>,
    now: number,
  ): StoredEngagement[] {
    const weekAgo = now - WEEK_MS;
    const computedAt = new Date(now).toISOString();
    const rows: StoredEngagement[] = [];
    let start = 0;
    while (start < events.length) {
      const userId = events[start]?.userId as number;
      const all = new EngagementTallyBuilder();
      const before = new EngagementTallyBuilder();
      let end = start;
      for (; end < events.length && events[end]?.userId === userId; end++) {
        const event = events[end] as (typeof events)[number];
        all.add(event);
        if (event.at <= weekAgo) before.add(event);
      }
      const counts = engagementCounts(all.tally());
      rows.push({
        ListingId: listingId,
        userId,
        score: engagementScore(counts),
        scoreWeekAgo: engagementScore(engagementCounts(before.tally())),
        counts,
        lastEventAt: new Date(events[end - 1]?.at ?? now).toISOString(),
        computedAt,
      });
      start = end;
    }
    return rows;
  }

  /** A listing's leaderboard and folder heat map (admins only; anyone else gets the missing deal's 404). */
  async forListing(viewer: SessionUser | null, listingId: number): Promise<ListingEngagement> {
    const listing = viewer?.isAdmin ? await this.#listings.findById(listingId) : undefined;
    if (!listing) throw notFound("No such deal");
    const read = new EngagementRepository(this.#database.db, this.#database.engine);
    const files = dataRoomStores(this.#database.db).files;
    const [threshold, stored, lastRecount, openers, folders, fileCounts] = await Promise.all([
      read.threshold(),
      read.forListing(listingId),
      read.lastRecount(),
      read.folderOpeners(listingId),
      files.folders(listingId),
      files.fileCounts(listingId),
    ]);
    const visitors = stored.length;
    return {
      listing,
      threshold,
      computedAt: stored.length
        ? latest([...stored.map((s) => s.computedAt), lastRecount?.countedAt])
        : undefined,
      buyers: stored.map((s) => ({
        userId: s.userId,
        name: s.name,
        email: s.email,
        score: s.score,
        gain: Math.round((s.score - s.scoreWeekAgo) * 10) / 10,
        parts: engagementParts(s.counts),
        hotLead: s.score >= threshold.threshold,
        lastEventAt: s.lastEventAt,
      })),
      visitors,
      folders: folderTree(folders, fileCounts).map((f) => {
        const opened = Math.min(openers.get(f.id) ?? 0, visitors);
        return {
          id: f.id,
          index: f.index,
          name: f.name,
          depth: f.depth,
          openers: opened,
          share: visitors === 0 ? 0 : opened / visitors,
        };
      }),
    };
  }

  async threshold(): Promise<HotLeadThreshold> {
    return new EngagementRepository(this.#database.db, this.#database.engine).threshold();
  }

  /** Staff set the one hot-lead threshold (admins; audited with the value it replaced). */
  async setThreshold(viewer: SessionUser | null, threshold: number, ipAddress: string | null): Promise<void> {
    if (!viewer?.isAdmin) throw notFound("No such page");
    refuseWhileViewingAs(viewer);
    await this.#database.transaction(async (trx) => {
      const repository = new EngagementRepository(trx, this.#database.engine);
      const previous = await repository.threshold();
      await repository.setThreshold(threshold, viewer.id, new Date(this.#clock.now()).toISOString());
      await new AuditTrail(trx, this.#clock).record({
        actor: viewer.id,
        ip: ipAddress,
        action: "hot-lead-threshold-changed",
        details: { threshold, previous: previous.threshold },
      });
    });
  }

  /** Buyers at or above the threshold, per listing (the Mgmt Dash's counted hot leads). */
  async hotLeadCounts(): Promise<Map<number, number>> {
    const read = new EngagementRepository(this.#database.db, this.#database.engine);
    return read.hotLeadCounts((await read.threshold()).threshold);
  }

  /** Each active listing's rising buyers, highest gain first (listings with none left out). */
  async risingBuyers(): Promise<RisingBuyersOfListing[]> {
    const read = new EngagementRepository(this.#database.db, this.#database.engine);
    const found: RisingBuyersOfListing[] = [];
    for (const listingId of await read.listingsWithEvents(await read.adminIds())) {
      const listing = await this.#listings.findById(listingId);
      if (!listing || isSold(listing) || listing.isStudy) continue;
      const buyers = (await read.forListing(listingId))
        .map((b) => ({ name: b.name, email: b.email, score: b.score, gain: b.score - b.scoreWeekAgo }))
        .filter((b) => b.gain > 0)
        .sort((a, b) => b.gain - a.gain)
        .slice(0, RISING_BUYERS_PER_LISTING);
      if (buyers.length === 0) continue;
      found.push({
        listingId,
        header: listing.Header,
        activityUrl: `${this.#config.publicUrl}${activityPath(listingId)}`,
        buyers,
      });
    }
    return found;
  }

  /** Mails staff the rising buyers through the outbox (nothing when nobody rose); a failed send retries the job. */
  async mailDigest(): Promise<boolean> {
    const listings = await this.risingBuyers();
    if (listings.length === 0) return false;
    const mail = risingBuyersStaffMail(this.#config, ENGAGEMENT_DIGEST_SUBJECT, listings);
    const { mailError } = await this.#mailroom.transactionReportingMail(
      () => undefined,
      async (_, fileMail) => fileMail(mail),
    );
    if (mailError) throw new Error(mailError);
    return true;
  }

  /** The start of the current quarter hour. */
  #slot(): number {
    return Math.floor(this.#clock.now() / RECOMPUTE_MS) * RECOMPUTE_MS;
  }

  async #enqueueRecompute(runAt: number): Promise<void> {
    const key = `${JOB.recompute}:${new Date(runAt).toISOString()}`;
    await this.#jobs.enqueue(this.#database.db, JOB.recompute, {}, { runAt, uniqueKey: key, maxAttempts: 2 });
  }

  /** The next Monday's digest after `from` (today's, if it is Monday before the hour). */
  async #enqueueDigest(from = this.#clock.now()): Promise<void> {
    const now = from;
    const day = new Date(now);
    const today = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), DIGEST_HOUR_UTC);
    const daysToMonday = (8 - day.getUTCDay()) % 7;
    let runAt = today + daysToMonday * 86_400_000;
    if (runAt <= now) runAt += WEEK_MS;
    const key = `${JOB.digest}:${new Date(runAt).toISOString().slice(0, 10)}`;
    await this.#jobs.enqueue(this.#database.db, JOB.digest, {}, { runAt, uniqueKey: key });
  }
}
