import { fail } from "@aea/domain";

/**
 * Lets a few image transforms run at once and makes the rest wait their turn: each one holds a
 * decoded image in memory and a CPU core, so a burst of new sizes must not run them all together.
 * Waiting renders are taken in turn between those who asked (round robin by address), so one visitor's
 * burst of large renders delays another visitor's render by at most one render per slot, not the whole
 * burst. Past `maxWaiting` in all, or `maxWaitingEach` for one asker, the newcomer is refused (503)
 * rather than queued without end.
 */
export class TransformQueue {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #maxWaitingEach: number;
  /** Waiting renders by asker; an asker served goes to the back (a Map keeps insertion order). */
  readonly #waiting = new Map<string, (() => void)[]>();
  #waitingCount = 0;
  #running = 0;

  constructor(concurrency: number, maxWaiting: number, maxWaitingEach: number) {
    this.#concurrency = concurrency;
    this.#maxWaiting = maxWaiting;
    this.#maxWaitingEach = maxWaitingEach;
  }

  async run<T>(task: () => Promise<T>, asker = ""): Promise<T> {
    if (this.#running < this.#concurrency) this.#running += 1;
    else {
      const queue = this.#waiting.get(asker) ?? [];
      if (this.#waitingCount >= this.#maxWaiting || queue.length >= this.#maxWaitingEach) {
        throw fail("SERVICE_UNAVAILABLE", "Too many image transformations at once; retry shortly.");
      }
      // The finishing task hands its slot straight to us, so #running stays as it is.
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!this.#waiting.has(asker)) this.#waiting.set(asker, queue);
        this.#waitingCount += 1;
      });
    }
    try {
      return await task();
    } finally {
      const next = this.#next();
      if (next) next();
      else this.#running -= 1;
    }
  }

  /** The first waiting render of the asker whose turn it is; that asker then goes to the back. */
  #next(): (() => void) | undefined {
    const turn = this.#waiting.entries().next();
    if (turn.done) return undefined;
    const [asker, queue] = turn.value;
    const next = queue.shift();
    this.#waiting.delete(asker);
    if (queue.length > 0) this.#waiting.set(asker, queue);
    this.#waitingCount -= 1;
    return next;
  }
}
