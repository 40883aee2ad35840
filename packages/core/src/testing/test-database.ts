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
