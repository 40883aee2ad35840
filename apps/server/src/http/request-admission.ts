import type { IncomingMessage } from "node:http";

/**
 * How much of one event-loop turn may go to starting requests before the rest wait for a later turn.
 * Node 24's libuv accepts one new connection per turn: when a turn started every request that had
 * arrived on 200 busy connections it lasted 300–600 ms, new connections then waited in the kernel for
 * seconds, timed out, and their clients' reconnections made it worse (decision 045).
 */
const TURN_BUDGET_MS = 10;

/**
 * Starts requests in their order of arrival, at most TURN_BUDGET_MS of them per event-loop turn: a
 * request that arrives once the turn's budget is spent (or behind others waiting) waits for a later
 * turn, so each turn stays short and the server keeps accepting connections and reading sockets while
 * it works through a burst. Waiting requests are started in the turn's check phase, each from its own
 * setImmediate so that the work of the one before (its promises) is done and counted first. A request
 * whose client went away while it waited is dropped unstarted.
 */
export class RequestAdmission {
  readonly #waiting: { request: IncomingMessage; start: () => void }[] = [];
  /** When this turn started its first request; undefined until it does. */
  #turnStartedAt: number | undefined;

  admit(request: IncomingMessage, start: () => void): void {
    if (this.#waiting.length === 0 && this.#budgetLeft()) {
      this.#begin(start);
      return;
    }
    this.#waiting.push({ request, start });
    setImmediate(this.#startNext);
  }

  readonly #startNext = () => {
    // Spent: try again next turn (an immediate queued from an immediate runs after the next poll).
    if (!this.#budgetLeft()) return void setImmediate(this.#startNext);
    let next = this.#waiting.shift();
    // The socket knows first: the request is marked destroyed only once the socket's close is emitted.
    while (next?.request.socket.destroyed) next = this.#waiting.shift();
    if (next) this.#begin(next.start);
  };

  #budgetLeft(): boolean {
    return this.#turnStartedAt === undefined || performance.now() - this.#turnStartedAt < TURN_BUDGET_MS;
  }

  #begin(start: () => void): void {
    if (this.#turnStartedAt === undefined) {
      this.#turnStartedAt = performance.now();
      // Timers run first in a turn: the next turn starts with a full budget.
      setTimeout(this.#endTurn, 0);
    }
    start();
  }

  readonly #endTurn = () => {
    this.#turnStartedAt = undefined;
  };
}
