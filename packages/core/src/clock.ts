/**
 * Where services read the time. Production uses the system clock; tests pass a clock they move, so
 * rules measured in minutes, hours and days (lockouts, session limits, link expiry) are tested without
 * waiting.
 */
export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until moved: `advance(ms)` or `set(ms)`. For tests. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start = Date.parse("2030-01-01T09:00:00.000Z")) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
