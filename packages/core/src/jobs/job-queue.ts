import { type Clock, systemClock } from "../clock.ts";
import type { Database, Executor } from "../db/database.ts";

/** Does one job's work; a throw is a failed attempt, retried later with backoff. */
export type JobHandler = (payload: unknown) => Promise<void>;

export interface EnqueueOptions {
  /** Not before (default: now). */
  runAt?: number;
  /** Attempts before the job is given up as failed (default 6). */
  maxAttempts?: number;
  /** A job that must exist once: a second enqueue with the same key does nothing. */
  uniqueKey?: string;
}

export interface JobQueueOptions {
  database: Database;
  clock?: Clock;
  /** The wait before the first retry; each further retry waits twice as long (default 30 s). */
  retryBaseMs?: number;
  /** The longest wait between retries (default 1 h). */
  retryMaxMs?: number;
  /**
   * A taken job's lease: renewed every third of it while its server runs it, so only a job whose
   * server died (or hung) is taken again once the lease ran out (default 1 min).
   */
  lockMs?: number;
}

export type JobStatus = "pending" | "running" | "done" | "failed";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Background work kept in the `jobs` table (docs/decisions/021): a service enqueues a job in the
 * transaction that makes it necessary, so the work is never lost nor done for a rolled-back change;
 * any server takes due jobs (on PostgreSQL with `FOR UPDATE SKIP LOCKED`, so two never take the same
 * one), runs them, and retries a failure with exponential backoff until it gives up.
 */
export class JobQueue {
  readonly #database: Database;
  readonly #clock: Clock;
  readonly #handlers = new Map<string, JobHandler>();
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  readonly #lockMs: number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<number> | undefined;

  constructor(options: JobQueueOptions) {
    this.#database = options.database;
    this.#clock = options.clock ?? systemClock;
    this.#retryBaseMs = options.retryBaseMs ?? 30_000;
    this.#retryMaxMs = options.retryMaxMs ?? 3_600_000;
    this.#lockMs = options.lockMs ?? 60_000;
  }

  /** Says who does the jobs of a kind (each service registers its own at start-up). */
  register(kind: string, handler: JobHandler): void {
    this.#handlers.set(kind, handler);
  }

  /** Files a job on the given executor: inside a service's transaction it commits with the change. */
  async enqueue(
    executor: Executor,
    kind: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<void> {
    const now = this.#clock.now();
    await executor
      .insertInto("jobs")
      .values({
        kind,
        payload: JSON.stringify(payload ?? null),
        status: "pending",
        runAt: iso(options.runAt ?? now),
        attempts: 0,
        maxAttempts: options.maxAttempts ?? 6,
        lockedUntil: null,
        lastError: null,
        uniqueKey: options.uniqueKey ?? null,
        createdAt: iso(now),
        finishedAt: null,
      })
      .onConflict((oc) => oc.column("uniqueKey").doNothing())
      .execute();
  }

  /** The wait before retrying after the given (1-based) failed attempt. */
  retryDelayMs(attempt: number): number {
    return Math.min(this.#retryBaseMs * 2 ** (attempt - 1), this.#retryMaxMs);
  }

  /**
   * Takes the jobs due now (at most `limit`) and runs them one after another; returns how many ran.
   * The background loop calls it; tests call it to run exactly what is due.
   */
  async runDue(limit = 20): Promise<number> {
    const jobs = await this.#claim(limit);
    for (const job of jobs) await this.#run(job);
    return jobs.length;
  }

  /** Polls for due jobs every `intervalMs` until `stop` (the server starts it; tests do not). */
  start(intervalMs = 2_000): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      if (this.#running) return;
      this.#running = this.runDue()
        .catch((error: unknown) => {
          console.error("Background jobs failed to run", error);
          return 0;
        })
        .finally(() => {
          this.#running = undefined;
        });
    }, intervalMs);
    this.#timer.unref();
  }

  /** Stops polling and waits for the jobs being run. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** Jobs by status, for tests and the staff's view of the queue. */
  async list(kind?: string) {
    let query = this.#database.db.selectFrom("jobs").selectAll().orderBy("id");
    if (kind) query = query.where("kind", "=", kind);
    return (await query.execute()).map((row) => ({
      ...row,
      id: Number(row.id),
      status: row.status as JobStatus,
    }));
  }

  async #claim(limit: number) {
    const now = this.#clock.now();
    return this.#database.transaction(async (trx) => {
      let due = trx
        .selectFrom("jobs")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "pending"), eb("runAt", "<=", iso(now))]),
            // A server that stopped mid-job leaves it running: it is taken again once its lock ran out.
            eb.and([eb("status", "=", "running"), eb("lockedUntil", "<", iso(now))]),
          ]),
        )
        .orderBy("runAt")
        .limit(limit);
      // SQLite has one writer at a time (the transaction is IMMEDIATE), so no row lock is needed there.
      if (this.#database.engine === "postgres") due = due.forUpdate().skipLocked();
      const ids = (await due.execute()).map((r) => Number(r.id));
      if (ids.length === 0) return [];
      return trx
        .updateTable("jobs")
        .set((eb) => ({
          status: "running",
          lockedUntil: iso(now + this.#lockMs),
          attempts: eb("attempts", "+", 1),
        }))
        .where("id", "in", ids)
        .returningAll()
        .execute();
    });
  }

  async #run(job: { id: number; kind: string; payload: string; attempts: number; maxAttempts: number }) {
    const handler = this.#handlers.get(job.kind);
    const heartbeat = setInterval(() => void this.#renewLease(job), this.#lockMs / 3);
    heartbeat.unref();
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(JSON.parse(job.payload));
      clearInterval(heartbeat);
      await this.#ours(job)
        .set({ status: "done", lockedUntil: null, finishedAt: iso(this.#clock.now()) })
        .execute();
    } catch (cause) {
      clearInterval(heartbeat);
      const error = cause instanceof Error ? cause.message : String(cause);
      const givingUp = job.attempts >= job.maxAttempts;
      const now = this.#clock.now();
      await this.#ours(job)
        .set({
          status: givingUp ? "failed" : "pending",
          lockedUntil: null,
          lastError: error.slice(0, 2000),
          runAt: givingUp ? iso(now) : iso(now + this.retryDelayMs(job.attempts)),
          finishedAt: givingUp ? iso(now) : null,
        })
        .execute();
      if (givingUp)
        console.error(`Job ${job.id} (${job.kind}) failed for good after ${job.attempts} attempts: ${error}`);
    }
  }

  /** Keeps a running job this server's while it works on it. */
  async #renewLease(job: { id: number; attempts: number }): Promise<void> {
    await this.#ours(job)
      .set({ lockedUntil: iso(this.#clock.now() + this.#lockMs) })
      .execute()
      .catch((error: unknown) => console.error(`Job ${job.id}: its lease could not be renewed`, error));
  }

  /**
   * Narrows an update to the job as this server took it: once its lease ran out and another server took
   * it again (`attempts` moved on), a late finish here changes nothing.
   */
  #ours(job: { id: number; attempts: number }) {
    return this.#database.db
      .updateTable("jobs")
      .where("id", "=", Number(job.id))
      .where("status", "=", "running")
      .where("attempts", "=", job.attempts);
  }
}
