import type { Clock } from "../clock.ts";
import type { DealStatisticsRepository } from "./deal-statistics.repository.ts";

/**
 * Counts deal-page views in memory and adds them to the database every second, so a page view
 * costs a map update and never waits on a write (the cached deal page is answered in microseconds).
 * A server that stops (SIGTERM) flushes what it holds; one killed outright loses at most the last
 * second's hits (docs/decisions/033). The upsert adds, so every instance writes its own share.
 */
export class WebHitCounter {
  readonly #repository: DealStatisticsRepository;
  readonly #clock: Clock;
  /** "ListingId|day" → hits since the last flush. */
  #pending = new Map<string, number>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #flushing: Promise<void> | undefined;

  constructor(repository: DealStatisticsRepository, clock: Clock, flushEveryMs = 1_000) {
    this.#repository = repository;
    this.#clock = clock;
    this.#timer = setInterval(() => void this.flush(), flushEveryMs);
    this.#timer.unref();
  }

  /** One view of a listing's page, by a person's browser (the caller leaves bots out). */
  record(listingId: number): void {
    const key = `${listingId}|${new Date(this.#clock.now()).toISOString().slice(0, 10)}`;
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
  }

  /** Writes the hits counted so far; hits counted while it writes wait for the next flush. */
  async flush(): Promise<void> {
    await this.#flushing;
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    const hits = [...batch].map(([key, count]) => {
      const [id, day] = key.split("|");
      return { ListingId: Number(id), day: day ?? "", hits: count };
    });
    this.#flushing = this.#repository.addWebHits(hits).catch((error: unknown) => {
      // Kept for the next flush rather than lost: the database may be back by then.
      for (const [key, count] of batch) this.#pending.set(key, (this.#pending.get(key) ?? 0) + count);
      console.error("Web hits could not be saved", error);
    });
    await this.#flushing;
    this.#flushing = undefined;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
