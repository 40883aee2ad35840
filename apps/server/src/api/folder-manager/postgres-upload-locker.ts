import { keepRunningWhenConnectionsDrop } from "@aea/core";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import pg from "pg";

const RELEASE_CHANNEL = "aea_upload_lock_release";
const RETRY_MS = 50;

/**
 * The tus lock on one upload, held across instances: a PostgreSQL advisory lock on a connection of
 * its own for as long as one request writes the upload (docs/decisions/034). Only one instance's
 * request appends at a time whichever instance the parts land on; an instance that dies drops its
 * connection and so its locks. A request that finds the lock taken asks its holder, on every
 * instance, to let go (NOTIFY), as tus's memory locker does within one process — so a client that
 * retries a stalled part elsewhere is not kept waiting for the stalled request to time out.
 */
export class PostgresUploadLocker implements Locker {
  readonly #pool: pg.Pool;
  readonly #timeoutMs: number;
  /** The release callbacks of the locks this instance holds, by upload id. */
  readonly #held = new Map<string, RequestRelease>();
  #listener: Promise<pg.PoolClient> | undefined;

  constructor(databaseUrl: string, { timeoutMs = 3000, connections = 20 } = {}) {
    this.#pool = new pg.Pool({
      connectionString: databaseUrl,
      max: connections,
      connectionTimeoutMillis: 5_000,
    });
    // A lock on a lost connection is dropped by PostgreSQL itself; its unlock then fails and releases
    // the connection as broken (see unlock).
    keepRunningWhenConnectionsDrop(this.#pool);
    this.#timeoutMs = timeoutMs;
  }

  newLock(id: string): Lock {
    return new PostgresUploadLock(this, id);
  }

  /** Opens one session on the pool for a lock; the advisory lock lives and dies with it. */
  connect(): Promise<pg.PoolClient> {
    return this.#pool.connect();
  }

  get timeoutMs(): number {
    return this.#timeoutMs;
  }

  async hold(id: string, release: RequestRelease): Promise<void> {
    await this.#listen();
    this.#held.set(id, release);
  }

  letGo(id: string): void {
    this.#held.delete(id);
  }

  async askHolderToRelease(client: pg.PoolClient, id: string): Promise<void> {
    await client.query("select pg_notify($1, $2)", [RELEASE_CHANNEL, id]);
  }

  async close(): Promise<void> {
    const listener = await this.#listener?.catch(() => undefined);
    listener?.release();
    await this.#pool.end();
  }

  #listen(): Promise<pg.PoolClient> {
    this.#listener ??= (async () => {
      const client = await this.connect();
      let dropped = false;
      const drop = () => {
        if (!dropped) client.release(true);
        dropped = true;
      };
      client.once("error", () => {
        // Listen again, on a new connection, at the next lock.
        this.#listener = undefined;
        drop();
      });
      client.on("notification", (message) => {
        if (message.channel !== RELEASE_CHANNEL || !message.payload) return;
        void this.#held.get(message.payload)?.();
      });
      try {
        await client.query(`listen ${RELEASE_CHANNEL}`);
      } catch (error) {
        drop();
        throw error;
      }
      return client;
    })().catch((error: unknown) => {
      // The database was away: the next lock tries again instead of meeting this failure for ever.
      this.#listener = undefined;
      throw error;
    });
    return this.#listener;
  }
}

class PostgresUploadLock implements Lock {
  readonly #locker: PostgresUploadLocker;
  readonly #id: string;
  #session: pg.PoolClient | undefined;

  constructor(locker: PostgresUploadLocker, id: string) {
    this.#locker = locker;
    this.#id = id;
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const session = await this.#locker.connect();
    const deadline = Date.now() + this.#locker.timeoutMs;
    try {
      for (let attempt = 0; ; attempt++) {
        const { rows } = await session.query<{ taken: boolean }>(
          "select pg_try_advisory_lock(hashtextextended($1, 0)) as taken",
          [this.#id],
        );
        if (rows[0]?.taken) break;
        if (attempt === 0) await this.#locker.askHolderToRelease(session, this.#id);
        if (stopSignal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      this.#session = session;
      await this.#locker.hold(this.#id, requestRelease);
    } catch (error) {
      if (this.#session) await this.unlock().catch(() => undefined);
      else session.release();
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const session = this.#session;
    if (!session) throw new Error("Releasing an unlocked lock!");
    this.#session = undefined;
    this.#locker.letGo(this.#id);
    try {
      await session.query("select pg_advisory_unlock(hashtextextended($1, 0))", [this.#id]);
      session.release();
    } catch (error) {
      // A session whose unlock failed may still hold the lock: close it so PostgreSQL drops it.
      session.release(error instanceof Error ? error : true);
    }
  }
}
