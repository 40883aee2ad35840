import {
  type ActingUser,
  fail,
  isOnPublicMarket,
  newDealNotification,
  PUSH_NOT_CONFIGURED,
  type PushSubscriptionJson,
  refuseUnlessAdmin,
  refuseWhileViewingAs,
  type StaffActor,
} from "@aea/domain";
import type { VapidDetails } from "../config.ts";
import type { ListingService } from "../listings/listing.service.ts";
import type { PushSender } from "./push-sender.ts";
import { isPushServiceEndpoint } from "./push-service-hosts.ts";
import type { PushSubscriptionRecord, PushSubscriptionRepository } from "./push-subscription.repository.ts";

/** What one announcement did: delivered, subscriptions forgotten (404/410), other failures. */
export interface NotifyResult {
  sent: number;
  removed: number;
  failed: number;
}

export interface PushServiceOptions {
  /** Absent when push notifications are off (no VAPID keys configured). */
  vapid: VapidDetails | undefined;
  repository: PushSubscriptionRepository;
  listings: Pick<ListingService, "findById">;
  /** Absent when push notifications are off. */
  sender: PushSender | undefined;
  /** The push services' hosts a subscription's endpoint must name (config PUSH_SERVICE_HOSTS). */
  serviceHosts: readonly string[];
  now?: () => Date;
}

/** Push services answer quickly; a few requests at a time keep a large announcement short without a flood. */
const PARALLEL_DELIVERIES = 8;

/**
 * Web Push notifications about new deals: browsers subscribe (anonymously or signed in), and staff
 * announce a public deal to all of them. Everything but reading the public key refuses with
 * fail("PUSH_NOT_CONFIGURED", PUSH_NOT_CONFIGURED) while push is off.
 */
export class PushService {
  readonly #vapid: VapidDetails | undefined;
  readonly #repository: PushSubscriptionRepository;
  readonly #listings: PushServiceOptions["listings"];
  readonly #sender: PushSender | undefined;
  readonly #serviceHosts: readonly string[];
  readonly #now: () => Date;

  constructor({
    vapid,
    repository,
    listings,
    sender,
    serviceHosts,
    now = () => new Date(),
  }: PushServiceOptions) {
    this.#vapid = vapid;
    this.#repository = repository;
    this.#listings = listings;
    this.#sender = sender;
    this.#serviceHosts = serviceHosts;
    this.#now = now;
  }

  /** True when VAPID keys are configured. */
  get enabled(): boolean {
    return this.#vapid !== undefined && this.#sender !== undefined;
  }

  /** The application server key browsers subscribe with (public by design), when push is on. */
  get publicKey(): string | undefined {
    return this.#vapid?.publicKey;
  }

  /**
   * Records a browser's subscription, or renews it when the endpoint is known already. The endpoint
   * must be a known push service's: the server will POST there.
   */
  async subscribe(subscription: PushSubscriptionJson, viewer: ActingUser | null): Promise<void> {
    this.#requireEnabled();
    refuseWhileViewingAs(viewer);
    if (!isPushServiceEndpoint(subscription.endpoint, this.#serviceHosts))
      throw fail(
        "PUSH_SERVICE_UNKNOWN",
        "endpoint must be the URL of a browser's push service (Chrome, Firefox, Edge or Safari).",
      );
    await this.#repository.save({
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userId: viewer?.id ?? null,
      createdAt: this.#now().toISOString(),
    });
  }

  /** Forgets a subscription; false when there was none. */
  async unsubscribe(endpoint: string): Promise<boolean> {
    this.#requireEnabled();
    return this.#repository.remove(endpoint);
  }

  /** How many browsers are subscribed (also while push is off: they were kept). */
  count(): Promise<number> {
    return this.#repository.count();
  }

  /**
   * Sends "New deal: …" about one public deal still on the market to every subscribed browser, and
   * forgets the subscriptions the push service says are gone. Staff only.
   */
  async notifyNewDeal(staff: StaffActor, listingId: number): Promise<NotifyResult> {
    refuseUnlessAdmin(staff);
    const sender = this.#requireEnabled();
    const listing = await this.#listings.findById(listingId);
    if (!listing) throw fail("DEAL_NOT_FOUND", `There is no deal ${listingId}.`);
    if (!isOnPublicMarket(listing))
      throw fail(
        "DEAL_NOT_ANNOUNCEABLE",
        `Deal ${listingId} is private, a research study, or no longer on the market, so it cannot be announced.`,
      );
    const notification = newDealNotification(listing);

    const result: NotifyResult = { sent: 0, removed: 0, failed: 0 };
    // Subscriptions made before PUSH_SERVICE_HOSTS was narrowed are kept but not sent to.
    const queue: PushSubscriptionRecord[] = (await this.#repository.all()).filter((subscription) =>
      isPushServiceEndpoint(subscription.endpoint, this.#serviceHosts),
    );
    const worker = async () => {
      for (let subscription = queue.shift(); subscription; subscription = queue.shift()) {
        const outcome = await sender.send(subscription, notification);
        if (outcome === "sent") result.sent += 1;
        else if (outcome === "failed") result.failed += 1;
        else if (await this.#repository.remove(subscription.endpoint)) result.removed += 1;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_DELIVERIES }, worker));
    return result;
  }

  #requireEnabled(): PushSender {
    if (!this.#vapid || !this.#sender) throw fail("PUSH_NOT_CONFIGURED", PUSH_NOT_CONFIGURED);
    return this.#sender;
  }
}
