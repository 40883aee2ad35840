import { DATABASE_UNAVAILABLE, fail } from "@aea/domain";
import { type DatabaseConnection, type Driver, PostgresDialect } from "kysely";
import type pg from "pg";

/** Socket errors of a server that is down, restarting or cut off by the network. */
const SOCKET_FAILURES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
/**
 * PostgreSQL's own words for "not now": connection exceptions (08…), the server shutting down or
 * starting (57P01–57P03), and no connection slot free (53300).
 */
const SERVER_FAILURES = /^(08...|57P0[123]|53300)$/;
/** What node-postgres says when a connection it held dies or cannot be made in time. */
const DRIVER_FAILURES = /Connection terminated|timeout exceeded when trying to connect|not queryable/i;

/** True when `error` says PostgreSQL could not be reached, rather than that a query was wrong. */
export function isDatabaseOutage(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (SOCKET_FAILURES.has(code) || SERVER_FAILURES.test(code))) return true;
    if (DRIVER_FAILURES.test(cause.message)) return true;
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseOutage)) return true;
    cause = cause.cause;
  }
  return false;
}

/** Runs `work`, turning an outage into the clear 503 every door answers (the fault kept as its cause). */
async function clearly<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isDatabaseOutage(error) ? fail("SERVICE_UNAVAILABLE", DATABASE_UNAVAILABLE, error) : error;
  }
}

/** `target` with some methods replaced; every other member (private-symbol ones too) as it is. */
function withOverrides<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(original, key) {
      if (key in overrides) return overrides[key as keyof T];
      const value = Reflect.get(original, key, original);
      return typeof value === "function" ? value.bind(original) : value;
    },
  });
}

/**
 * PostgreSQL through Kysely, where a query that cannot reach the server fails with
 * SERVICE_UNAVAILABLE (503, "try again in a minute") instead of a fault (500): the API, the pages and
 * the jobs all see one kind of failure while the database is away, and nothing else changes. A
 * transaction cut off by the outage is rolled back by PostgreSQL itself, so nothing is half-written.
 * (Transactions begin, commit and roll back through their connection's queries, so those are covered.)
 */
export class OutageAwarePostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const connected = (connection: DatabaseConnection) =>
      withOverrides(connection, { executeQuery: (query) => clearly(connection.executeQuery(query)) });
    return withOverrides(driver, {
      acquireConnection: async (options) => connected(await clearly(driver.acquireConnection(options))),
    });
  }
}

/**
 * A connection the server drops (a restart, a cut network) is an 'error' event on its client, and on
 * the pool while it is idle: an event nobody listens to ends the Node process. The pool already lets
 * an idle one go; one in use fails its next query (a 503, above) and is let go when released.
 */
export function keepRunningWhenConnectionsDrop(pool: pg.Pool): void {
  pool.on("error", (error) => console.error("A database connection was lost:", error.message));
  pool.on("connect", (client) => client.on("error", () => {}));
}
