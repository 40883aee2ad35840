import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Kysely, Kysely as KyselyDatabase, sql, type Transaction } from "kysely";
import pg from "pg";
import { publishOnCommit, publishOnWrite } from "../data-version/committed-changes.ts";
import { DataVersion } from "../data-version/data-version.ts";
import { keepRunningWhenConnectionsDrop, OutageAwarePostgresDialect } from "./database-outage.ts";
import type { DatabaseSchema } from "./schema.ts";
import { ImmediateSqliteDialect, openSqlite } from "./sqlite-driver.ts";

export type Engine = "sqlite" | "postgres";

/** The SQLite database's file in the data folder. */
export const SQLITE_FILE = "anticline.sqlite";

/**
 * What a repository runs its queries on: the database itself, or a transaction a service opened
 * (docs/decisions/014). A repository never opens a transaction of its own.
 */
export type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export interface Database {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  /**
   * Moves when a write through a repository commits (docs/decisions/026): on `db` at once, in a
   * transaction when it commits, never for one rolled back.
   */
  dataVersion: DataVersion;
  /**
   * Runs `work` in one transaction: every write it makes through `trx` commits together or not at
   * all. Keep slow work (password hashing, mail, HTTP) outside: on SQLite the one connection waits.
   */
  transaction<T>(work: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (count(*)) as text; counts here always fit a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Database {
  const engine: Engine = options.databaseUrl ? "postgres" : "sqlite";
  let db: Kysely<DatabaseSchema>;
  if (options.databaseUrl) {
    // A server that does not answer at all (a cut network) fails a request in 5 s instead of holding it.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    keepRunningWhenConnectionsDrop(pool);
    db = new KyselyDatabase({ dialect: new OutageAwarePostgresDialect({ pool }) });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    const file = join(options.dataDir, SQLITE_FILE);
    db = new KyselyDatabase({ dialect: new ImmediateSqliteDialect({ database: openSqlite(file) }) });
  }
  const dataVersion = new DataVersion();
  publishOnWrite(db, dataVersion);
  return {
    db,
    engine,
    dataVersion,
    transaction: (work) => publishOnCommit(dataVersion, (inside) => db.transaction().execute(inside), work),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}
