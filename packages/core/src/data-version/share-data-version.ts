import { sql } from "kysely";
import type { Database } from "../db/database.ts";
import { PostgresRelay } from "./postgres-relay.ts";

/**
 * On PostgreSQL, where several instances may serve one database, starts the relay that carries the
 * data version between them (docs/decisions/033); SQLite is one process and needs none.
 */
export async function shareDataVersion(
  database: Database,
  databaseUrl: string | undefined,
): Promise<PostgresRelay | undefined> {
  if (database.engine !== "postgres" || !databaseUrl) return undefined;
  const relay = new PostgresRelay({
    connectionString: databaseUrl,
    version: database.dataVersion,
    notify: async (channel, payload) => {
      await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
    },
  });
  await relay.start();
  return relay;
}
