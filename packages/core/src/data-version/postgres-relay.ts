import { randomUUID } from "node:crypto";
import pg from "pg";
import { DATASETS, type DataChange, type DataVersion } from "./data-version.ts";

/** The PostgreSQL channel every instance of one database listens on. */
export const DATA_VERSION_CHANNEL = "aea_data_version";

/** NOTIFY refuses payloads of 8000 bytes or more; a change naming more ids is sent as "all of it". */
const MAX_PAYLOAD_BYTES = 7_500;

interface RelayMessage {
  /** The instance that committed the changes: it already published them and ignores its own echo. */
  from: string;
  changes: DataChange[];
}

export interface PostgresRelayOptions {
  connectionString: string;
  version: DataVersion;
  /** Sends one NOTIFY on the channel (the database's own pool, so it waits for no listener). */
  notify(channel: string, payload: string): Promise<void>;
  /** The first wait before reconnecting a lost listener; doubles up to 5 s (default 250 ms). */
  reconnectMs?: number;
}

/**
 * Carries the data version between the instances on one PostgreSQL database (docs/decisions/033).
 * Each change this instance commits goes out with `pg_notify` once it has committed (the data version
 * hears of it only then, decision 026); what other instances send is published here as if it were
 * local. A repeated or late message only moves a version once more, which costs a rebuild and never
 * serves stale data. A listener that loses its connection reconnects by itself and then says every
 * dataset changed, since it may have missed messages while it was away.
 */
export class PostgresRelay {
  readonly #options: PostgresRelayOptions;
  readonly #instance = randomUUID();
  readonly #unsubscribe: () => void;
  /** Changes committed here since the last send: one NOTIFY carries all of a tick's changes. */
  #outgoing: DataChange[] = [];
  /** True while publishing what arrived, so it is not sent back out. */
  #relaying = false;
  #client: pg.Client | undefined;
  #retryMs: number;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(options: PostgresRelayOptions) {
    this.#options = options;
    this.#retryMs = options.reconnectMs ?? 250;
    this.#unsubscribe = options.version.subscribe(DATASETS, (change) => {
      if (this.#relaying) return;
      if (this.#outgoing.length === 0) queueMicrotask(() => void this.#send());
      this.#outgoing.push(change);
    });
  }

  /** Listens before the instance serves, so no change committed elsewhere after start-up is missed. */
  async start(): Promise<void> {
    await this.#listen();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe();
    clearTimeout(this.#retryTimer);
    await this.#client?.end().catch(() => {});
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#options.connectionString,
      application_name: "aea-data-version",
      // A peer that vanished without closing the socket is noticed in seconds, not hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
    });
    client.on("error", () => this.#lost(client));
    client.on("end", () => this.#lost(client));
    client.on("notification", (message) => this.#receive(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${DATA_VERSION_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) await client.end();
    else this.#client = client;
  }

  #lost(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => {});
    this.#retryLater();
  }

  #retryLater(): void {
    this.#retryTimer = setTimeout(() => void this.#reconnect(), this.#retryMs);
    this.#retryTimer.unref();
  }

  async #reconnect(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#listen();
    } catch {
      this.#retryMs = Math.min(this.#retryMs * 2, 5_000);
      this.#retryLater();
      return;
    }
    this.#retryMs = this.#options.reconnectMs ?? 250;
    // Messages sent while the listener was away are gone: every cache starts again from the database.
    this.#publish(DATASETS.map((dataset) => ({ dataset, ids: [], all: true })));
  }

  #receive(payload: string | undefined): void {
    let message: RelayMessage;
    try {
      message = JSON.parse(payload ?? "") as RelayMessage;
    } catch {
      return;
    }
    if (message.from === this.#instance || !Array.isArray(message.changes)) return;
    const known = new Set<string>(DATASETS);
    this.#publish(message.changes.filter((change) => known.has(change.dataset)));
  }

  #publish(changes: DataChange[]): void {
    if (changes.length === 0) return;
    this.#relaying = true;
    try {
      this.#options.version.publish(changes);
    } finally {
      this.#relaying = false;
    }
  }

  async #send(): Promise<void> {
    const changes = this.#outgoing;
    this.#outgoing = [];
    let payload = JSON.stringify({ from: this.#instance, changes } satisfies RelayMessage);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      const whole = changes.map(({ dataset }) => ({ dataset, ids: [], all: true }));
      payload = JSON.stringify({ from: this.#instance, changes: whole } satisfies RelayMessage);
    }
    try {
      await this.#options.notify(DATA_VERSION_CHANNEL, payload);
    } catch (error) {
      // The write has committed; the other instances' listeners lose their connection to the same
      // outage and, reconnecting, drop every cache (see #reconnect).
      console.error("Could not tell the other instances of a change", error);
    }
  }
}
