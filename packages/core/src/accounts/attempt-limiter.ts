/**
 * Counts attempts per key in a sliding window (e.g. reset emails per account per hour). In memory:
 * with several instances each counts its own share, so the effective limit grows with the instance
 * count; the per-account login lockout, which matters most, lives in the database.
 */
export class AttemptLimiter {
  readonly #hits = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Records an attempt; false when the key has used up its attempts for the window. */
  tryAttempt(key: string, now = Date.now()): boolean {
    const recent = (this.#hits.get(key) ?? []).filter((at) => now - at < this.#windowMs);
    if (recent.length >= this.#limit) {
      this.#hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.#hits.set(key, recent);
    if (this.#hits.size > 10_000) this.#prune(now);
    return true;
  }

  #prune(now: number) {
    for (const [key, hits] of this.#hits) {
      if (hits.every((at) => now - at >= this.#windowMs)) this.#hits.delete(key);
    }
  }
}
