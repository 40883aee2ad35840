import { ContentError } from "./content-error.ts";

/**
 * Lets a few image transforms run at once and makes the rest wait their turn: each one holds a
 * decoded image in memory and a CPU core, so a burst of new sizes must not run them all together.
 * Past `maxWaiting` the newcomer is refused (503) rather than queued without end.
 */
export class TransformQueue {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #waiting: (() => void)[] = [];
  #running = 0;

  constructor(concurrency: number, maxWaiting: number) {
    this.#concurrency = concurrency;
    this.#maxWaiting = maxWaiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.#concurrency) this.#running += 1;
    else {
      if (this.#waiting.length >= this.#maxWaiting) throw ContentError.transformsBusy();
      // The finishing task hands its slot straight to us, so #running stays as it is.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
