import { sql } from "kysely";
import type { Core } from "../core.ts";
import type { Database } from "../db/database.ts";

/**
 * Test-only: the database under a core made by testing/test-cores.ts, for setting up and inspecting
 * what no service exposes (Core itself never hands out its database).
 */
const databases = new WeakMap<Core, Database>();

export function rememberTestDatabase(core: Core, database: Database): Core {
  databases.set(core, database);
  return core;
}

export function testDatabase(core: Core): Database {
  const database = databases.get(core);
  if (!database) throw new Error("This core was not made by testing/test-cores.ts.");
  return database;
}

/** The number of rows of each table, read in one statement (tables of requests read it around each one). */
export async function countRows<Table extends string>(
  core: Core,
  tables: readonly Table[],
): Promise<Record<Table, number>> {
  const counted = tables.map((table) => sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(table)}`);
  const { rows } = await sql<Record<string, number | string>>`select ${sql.join(counted)}`.execute(
    testDatabase(core).db,
  );
  return Object.fromEntries(tables.map((table) => [table, Number(rows[0]?.[table])])) as Record<
    Table,
    number
  >;
}
