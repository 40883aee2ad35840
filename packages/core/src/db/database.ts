import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseSchema } from "./schema.ts";
import { openSqlite } from "./sqlite-driver.ts";

export type Engine = "sqlite" | "postgres";

export interface Database {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    const file = join(options.dataDir, "anticline.sqlite");
    db = new Kysely({ dialect: new SqliteDialect({ database: openSqlite(file) }) });
  }
  return {
    db,
    engine,
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
