import type { Dataset, DataVersionReader } from "@aea/core";

export interface VersionedCacheOptions {
  /** The data version of the process (`core.dataVersion`). */
  dataVersion: DataVersionReader;
  /** The datasets the cached values are made from: a committed write to any of them empties the cache. */
  dependsOn: readonly Dataset[];
  /** Bounded, least recently used first out: unique keys (a crawler's queries) cannot grow memory. */
  maxEntries?: number;
  /**
   * How long a value is kept at most (default: until the data changes). Each value is kept for a
   * random part of the last quarter of it, so values made together (a warm-up, a burst after a
   * deploy) do not all expire, and get made again, in the same moment.
   */
  ttlMs?: number;
  /**
   * How long past its time an expired value may still be read with `lookup` (default 0): long enough
   * for one request to make it again while others are answered with it.
   */
  graceMs?: number;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * The one memo of HTTP replies (docs/decisions/026): values by key, kept while the data version of the
 * datasets they were made from stands. A value made from data that changed while it was being made is
 * not kept, so no reply outlives the data it shows.
 */
export class VersionedCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #options: Required<VersionedCacheOptions>;
  #entriesVersion: number;
  /** When expired entries are next let go (a pass over them, at most once per time limit). */
  #nextSweepAt = 0;

  constructor(options: VersionedCacheOptions) {
    this.#options = { maxEntries: 500, ttlMs: Number.POSITIVE_INFINITY, graceMs: 0, ...options };
    this.#entriesVersion = this.version;
  }

  /** The data version values are made at now: pass it to `set` for a value made from what was read. */
  get version(): number {
    return this.#options.dataVersion.of(...this.#options.dependsOn);
  }

  /** The value kept for `key`, unless the data changed since or it expired. */
  get(key: string): T | undefined {
    const found = this.lookup(key);
    return found?.fresh ? found.value : undefined;
  }

  /**
   * The value kept for `key` while the data it was made from stands, and whether it is still within
   * its time; an expired one is found until its grace has passed too.
   */
  lookup(key: string): { value: T; fresh: boolean } | undefined {
    this.#dropIfStale();
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    const now = Date.now();
    if (entry.expiresAt + this.#options.graceMs < now) return undefined;
    this.#entries.set(key, entry);
    return { value: entry.value, fresh: entry.expiresAt >= now };
  }

  /** Keeps `value`, made from the data at `madeAt` (a version read before making it). */
  set(key: string, value: T, madeAt: number): void {
    this.#dropIfStale();
    if (madeAt !== this.#entriesVersion) return;
    this.#dropExpired();
    this.#entries.delete(key);
    const lifetime = this.#options.ttlMs * (1 - Math.random() / 4);
    this.#entries.set(key, { value, expiresAt: Date.now() + lifetime });
    if (this.#entries.size > this.#options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /**
   * The kept value, or `build`'s, kept at once so concurrent requests share one build. A build that
   * fails is not kept: it would only let bad input occupy the cache.
   */
  getOrBuild(key: string, build: () => T): T {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const value = build();
    this.set(key, value, this.version);
    if (value instanceof Promise)
      value.catch(() => {
        if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
      });
    return value;
  }

  /** How many values are held. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * Expired values are otherwise let go only when their key is asked for again or newer ones push them
   * out: the render cache held up to 500 stale pages of 250 KB each (decision 037).
   */
  #dropExpired(): void {
    const now = Date.now();
    if (now < this.#nextSweepAt || !Number.isFinite(this.#options.ttlMs)) return;
    this.#nextSweepAt = now + this.#options.ttlMs;
    const cutOff = now - this.#options.graceMs;
    for (const [key, entry] of this.#entries) if (entry.expiresAt < cutOff) this.#entries.delete(key);
  }

  #dropIfStale(): void {
    const version = this.version;
    if (version === this.#entriesVersion) return;
    this.#entries.clear();
    this.#entriesVersion = version;
  }
}
