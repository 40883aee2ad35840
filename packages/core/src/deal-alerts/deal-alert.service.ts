import {
  DEAL_ALERT_DIGEST_HOUR_UTC,
  DEAL_ALERTS_UNSUBSCRIBE_PATH,
  type DealAlertFrequency,
  dealMatchesInterests,
  isOnPublicMarket,
  type Listing,
  refuseWhileViewingAs,
  type SessionUser,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database, Executor } from "../db/database.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { Mailroom } from "../mail/mailroom.ts";
import { UnsubscribeTokens } from "../mail/unsubscribe-tokens.ts";
import { DealAlertRepository, type PendingDelivery } from "./deal-alert.repository.ts";
import { dealMail } from "./deal-alert-mails.ts";

const JOB = {
  fanOut: "deal-alerts.fan-out",
  send: "deal-alerts.send",
  digest: "deal-alerts.digest",
} as const;
const DAY_MS = 86_400_000;

/** The listings as the site shows them (core's ListingService), named here so listings need not be imported. */
interface ListingReader {
  findById(listingId: number): Promise<Listing | undefined>;
}

/** A deal buyers may be told about, when its alert fans out and again when each mail goes. */
const isAlertable = (listing: Listing | undefined): listing is Listing =>
  listing !== undefined && isOnPublicMarket(listing);

/**
 * Deal alerts (docs/decisions/021). `listingPublished` records the publication and files one job in
 * the same transaction, so the save that publishes a listing never waits on mail; in the background
 * the job finds the opted-in buyers whose interests match, and each gets the deal at once (a job per
 * mail, retried on its own) or in the next daily digest. Every mail carries an unsubscribe link signed
 * with a key kept in the database, which works without logging in.
 */
export class DealAlertService {
  readonly #database: Database;
  readonly #mailroom: Mailroom;
  readonly #listings: ListingReader;
  readonly #jobs: JobQueue;
  readonly #config: Config;
  readonly #clock: Clock;
  readonly #unsubscribeTokens = new UnsubscribeTokens(
    "deal-alerts",
    () => new DealAlertRepository(this.#database.db),
  );

  constructor(options: {
    database: Database;
    mailroom: Mailroom;
    listings: ListingReader;
    jobs: JobQueue;
    config: Config;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#mailroom = options.mailroom;
    this.#listings = options.listings;
    this.#jobs = options.jobs;
    this.#config = options.config;
    this.#clock = options.clock ?? systemClock;
    this.#jobs.register(JOB.fanOut, (payload) => this.#fanOut((payload as { alertId: number }).alertId));
    this.#jobs.register(JOB.send, (payload) => this.#send((payload as { deliveryId: number }).deliveryId));
    this.#jobs.register(JOB.digest, () => this.#digest());
  }

  async frequency(userId: number): Promise<DealAlertFrequency> {
    return new DealAlertRepository(this.#database.db).frequency(userId);
  }

  /** A buyer's own choice on the profile page (audited). */
  async choose(user: SessionUser, frequency: DealAlertFrequency): Promise<void> {
    refuseWhileViewingAs(user);
    await this.#database.transaction(async (trx) => {
      await new DealAlertRepository(trx).setFrequency(user.id, frequency, this.#now());
      await new AuditTrail(trx, this.#clock).record({
        actor: user.id,
        action: "deal-alerts-changed",
        details: frequency,
      });
    });
  }

  /**
   * Call where a listing becomes public: published, or public again after being withdrawn or sold.
   * Returns once the publication and its job are saved; the matching and the mail happen in the background.
   */
  async listingPublished(listingId: number): Promise<void> {
    await this.#database.transaction((trx) => this.fileListingPublished(trx, listingId));
  }

  /** As listingPublished, inside the caller's transaction: the save that publishes files its alert. */
  async fileListingPublished(executor: Executor, listingId: number): Promise<void> {
    const alertId = await new DealAlertRepository(executor).createAlert(listingId, this.#now());
    await this.#jobs.enqueue(executor, JOB.fanOut, { alertId }, { uniqueKey: `${JOB.fanOut}:${alertId}` });
  }

  /** Deal-alert mails sent, per listing (the Mgmt Dash). */
  sentCountByListing(): Promise<Map<number, number>> {
    return new DealAlertRepository(this.#database.db).sentCountByListing();
  }

  /** The link in every alert to this buyer: it unsubscribes without a login. */
  async unsubscribeUrl(userId: number): Promise<string> {
    const token = await this.#unsubscribeTokens.tokenFor(userId);
    return `${this.#config.publicUrl}${DEAL_ALERTS_UNSUBSCRIBE_PATH}?token=${token}`;
  }

  /** The buyer an unsubscribe token names, when its signature holds (for the confirm page). */
  async unsubscribeTokenOwner(token: string): Promise<{ userId: number; email: string } | undefined> {
    const userId = await this.#unsubscribeTokens.userOf(token);
    if (userId === undefined) return undefined;
    return new DealAlertRepository(this.#database.db).recipient(userId);
  }

  /** Ends a buyer's alerts by the link's token; false when the token is not valid. */
  async unsubscribe(token: string): Promise<boolean> {
    const owner = await this.unsubscribeTokenOwner(token);
    if (!owner) return false;
    await this.#database.transaction(async (trx) => {
      await new DealAlertRepository(trx).setFrequency(owner.userId, "off", this.#now());
      // Nobody signed in follows the link: the account is the one changed, not an actor.
      await new AuditTrail(trx, this.#clock).record({
        actor: null,
        action: "deal-alerts-changed",
        subject: { user: owner.userId },
        details: "off (unsubscribe link)",
      });
    });
    return true;
  }

  async #fanOut(alertId: number): Promise<void> {
    const repository = new DealAlertRepository(this.#database.db);
    const alert = await repository.alert(alertId);
    const listing = alert && (await this.#listings.findById(alert.ListingId));
    if (!alert || !isAlertable(listing)) return;
    const buyers = (await repository.subscribers()).filter((s) => dealMatchesInterests(listing, s.interests));
    await this.#database.transaction(async (trx) => {
      const added = await new DealAlertRepository(trx).addDeliveries(alert, buyers, this.#now());
      for (const delivery of added) {
        if (delivery.frequency === "immediately") {
          await this.#jobs.enqueue(
            trx,
            JOB.send,
            { deliveryId: delivery.id },
            { uniqueKey: `${JOB.send}:${delivery.id}` },
          );
        }
      }
      if (added.some((d) => d.frequency === "daily")) {
        const runAt = this.#nextDigestAt();
        await this.#jobs.enqueue(
          trx,
          JOB.digest,
          {},
          {
            runAt,
            uniqueKey: `${JOB.digest}:${new Date(runAt).toISOString().slice(0, 10)}`,
          },
        );
      }
    });
  }

  async #send(deliveryId: number): Promise<void> {
    const [delivery] = await new DealAlertRepository(this.#database.db).pending({ id: deliveryId });
    if (!delivery) return; // sent already, or dropped
    const listing = await this.#listings.findById(delivery.ListingId);
    if (!isAlertable(listing)) {
      await new DealAlertRepository(this.#database.db).setStatus([delivery.id], "dropped", null);
      return;
    }
    const unsubscribeUrl = await this.unsubscribeUrl(delivery.userId);
    await this.#mailAndMark(
      [delivery],
      dealMail("newDeal", this.#config, delivery, [listing], unsubscribeUrl),
    );
  }

  /** Each buyer's waiting daily deliveries in one mail; a failed mail is retried with the job. */
  async #digest(): Promise<void> {
    const pending = await new DealAlertRepository(this.#database.db).pending({ frequency: "daily" });
    const byBuyer = Map.groupBy(pending, (d) => d.userId);
    const failures: string[] = [];
    for (const deliveries of byBuyer.values()) {
      const first = deliveries[0] as PendingDelivery;
      const listings = await Promise.all(deliveries.map((d) => this.#listings.findById(d.ListingId)));
      const stillPublic = deliveries.filter((_, i) => isAlertable(listings[i]));
      const gone = deliveries.filter((d) => !stillPublic.includes(d)).map((d) => d.id);
      await new DealAlertRepository(this.#database.db).setStatus(gone, "dropped", null);
      if (stillPublic.length === 0) continue;
      const mail = dealMail(
        "digest",
        this.#config,
        first,
        listings.filter(isAlertable),
        await this.unsubscribeUrl(first.userId),
      );
      try {
        await this.#mailAndMark(stillPublic, mail);
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (failures.length > 0) throw new Error(failures.join("; "));
  }

  /**
   * Files the mail and marks the deliveries sent in one transaction; when SMTP then refuses it, the
   * deliveries go back to pending and the job fails, to be retried (the outbox notes each try).
   */
  async #mailAndMark(deliveries: readonly PendingDelivery[], mail: ReturnType<typeof dealMail>) {
    const ids = deliveries.map((d) => d.id);
    const { mailError } = await this.#mailroom.transactionReportingMail(
      (executor) => new DealAlertRepository(executor),
      async (alerts, fileMail) => {
        await alerts.setStatus(ids, "sent", this.#now());
        await fileMail(mail);
      },
    );
    if (mailError) {
      await new DealAlertRepository(this.#database.db).setStatus(ids, "pending", null);
      throw new Error(mailError);
    }
  }

  /** The next digest time: today's hour if still ahead, else tomorrow's. */
  #nextDigestAt(): number {
    const now = this.#clock.now();
    const today = Math.floor(now / DAY_MS) * DAY_MS + DEAL_ALERT_DIGEST_HOUR_UTC * 3_600_000;
    return today > now ? today : today + DAY_MS;
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}
