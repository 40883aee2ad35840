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

/**
 * The end-to-end tests' server clock (E2E_TEST_CLOCK, decision 044): the real time plus an offset the
 * tests may only increase, so a deadline passes at once while time still runs as everything else expects.
 */
export class ForwardClock implements Clock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Moves the clock `ms` ahead (a whole positive number: it never goes back). */
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError("The test clock only moves forward");
    this.#offsetMs += ms;
  }
}
