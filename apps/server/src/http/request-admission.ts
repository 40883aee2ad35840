import type { IncomingMessage } from "node:http";

/**
 * How much of one event-loop turn may go to starting requests before the rest wait for a later turn.
 * Node 24's libuv accepts one new connection per turn: when a turn started every request that had
 * arrived on 200 busy connections it lasted 300–600 ms, new connections then waited in the kernel for
 * seconds, timed out, and their clients' reconnections made it worse (decision 045).
 */
const TURN_BUDGET_MS = 10;

/**
 * How much of one turn ready responses (cached pages, prebuilt files) may take while other requests
 * wait. Without a limit a flood of cheap requests on open connections took most of every turn, and
 * the page renders waiting behind it (signed-in visitors' pages) got what was left (decision 050).
 * With 10 ms, as much as starting requests get, renders still got only half of a flooded server; 2 ms
 * is enough to answer a new visitor's cached page at once during a burst of renders (decision 045)
 * and leaves renders five sixths of the turn (decision 051).
 */
const READY_SHARE_MS = 2;

/**
 * Starts requests in their order of arrival, at most TURN_BUDGET_MS of them per event-loop turn: a
 * request that arrives once the turn's budget is spent (or behind others waiting) waits for a later
 * turn, so each turn stays short and the server keeps accepting connections and reading sockets while
 * it works through a burst. Waiting requests are started in the turn's check phase, each from its own
 * setImmediate so that the work of the one before (its promises) is done and counted first. A request
 * whose client went away while it waited is dropped unstarted.
 *
 * Ready responses go first: they cost less than waiting does, so a new visitor's cached page is not
 * held behind a burst of renders. While requests wait to start, though, ready responses get only
 * READY_SHARE_MS of a turn, and those past it wait in a queue of their own, answered in order in the
 * next turns' shares: renders and ready responses share a busy server, and a cached page waits for
 * other cached pages, never behind the renders (decision 053).
 */
export class RequestAdmission {
  readonly #waiting: Waiting[] = [];
  /** Ready responses past their share of a busy turn, in order of arrival. */
  readonly #readyWaiting: Waiting[] = [];
  /** When this turn started its first request; undefined until it does. */
  #turnStartedAt: number | undefined;
  /** This turn's time on ready responses. */
  #readySpentMs = 0;
  #turnEndScheduled = false;

  /**
   * A request whose response may be ready: `serveReady` sends it and answers true, or answers false
   * and the request is admitted to `start`.
   */
  arrive(request: IncomingMessage, serveReady: () => boolean, start: () => void): void {
    const attempt = () => this.#tryReady(request, serveReady, start);
    if (this.#readyWaiting.length > 0 || this.#readyShareSpent()) {
      this.#readyWaiting.push({ request, start: attempt });
      setImmediate(this.#serveNextReady);
      return;
    }
    attempt();
  }

  #tryReady(request: IncomingMessage, serveReady: () => boolean, start: () => void): void {
    const began = performance.now();
    const served = serveReady();
    this.#readySpentMs += performance.now() - began;
    this.#scheduleTurnEnd();
    if (!served) this.#admit(request, start);
  }

  readonly #serveNextReady = () => {
    // Spent: try again next turn.
    if (this.#readyShareSpent()) return void setImmediate(this.#serveNextReady);
    nextLive(this.#readyWaiting)?.start();
  };

  /** Ready responses have had their share of this turn while requests wait to start. */
  #readyShareSpent(): boolean {
    return this.#waiting.length > 0 && this.#readySpentMs >= READY_SHARE_MS;
  }

  #admit(request: IncomingMessage, start: () => void): void {
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
    const next = nextLive(this.#waiting);
    if (next) this.#begin(next.start);
  };

  #budgetLeft(): boolean {
    return this.#turnStartedAt === undefined || performance.now() - this.#turnStartedAt < TURN_BUDGET_MS;
  }

  #begin(start: () => void): void {
    if (this.#turnStartedAt === undefined) {
      this.#turnStartedAt = performance.now();
      this.#scheduleTurnEnd();
    }
    start();
  }

  /** Timers run first in a turn: the next turn starts with full budgets. */
  #scheduleTurnEnd(): void {
    if (this.#turnEndScheduled) return;
    this.#turnEndScheduled = true;
    setTimeout(this.#endTurn, 0);
  }

  readonly #endTurn = () => {
    this.#turnStartedAt = undefined;
    this.#readySpentMs = 0;
    this.#turnEndScheduled = false;
  };
}

interface Waiting {
  request: IncomingMessage;
  start: () => void;
}

/** The first waiting request whose client is still there; those that left are dropped. */
function nextLive(queue: Waiting[]): Waiting | undefined {
  let next = queue.shift();
  // The socket knows first: the request is marked destroyed only once the socket's close is emitted.
  while (next?.request.socket.destroyed) next = queue.shift();
  return next;
}
