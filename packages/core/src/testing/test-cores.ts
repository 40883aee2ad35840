import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Config } from "../config.ts";
import { loadConfig } from "../config.ts";
import { type Core, type CoreOptions, openCore } from "../core.ts";
import { LocalStorage } from "../storage/local-storage.ts";
import { rememberTestDatabase } from "./test-database.ts";

export interface TestEngine {
  name: "sqlite" | "postgres";
  /** A migrated (and by default seeded) core on an empty database of this engine. */
  create(env?: Record<string, string>, options?: CoreOptions): Promise<Core>;
  /** A second core on the database an earlier one used, as after a restart. */
  reopen(previous: Core): Promise<Core>;
}

/**
 * The files of every test core (unless a test passes its own storage): the demo images are rendered
 * once and shared, instead of per database. Tests reach stored files through it.
 */
export const testStorage = new LocalStorage({
  root: join(tmpdir(), "aea-test-media"),
  publicUrl: loadConfig({}).publicUrl,
});

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [
    {
      name: "sqlite",
      create: (env = {}, options = {}) =>
        createTestCore(
          loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "aea-test-")), ...quietDemo, ...env }),
          { storage: testStorage, ...options },
        ),
      reopen: (previous) => createTestCore(previous.config, { storage: testStorage }),
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    engines.push({
      name: "postgres",
      create: async (env = {}, options = {}) => {
        const url = await workerDatabase(serverUrl);
        await resetPostgres(url);
        return createTestCore(
          loadConfig({
            DATA_DIR: mkdtempSync(join(tmpdir(), "aea-test-")),
            DATABASE_URL: url,
            ...quietDemo,
            ...env,
          }),
          { storage: testStorage, ...options },
        );
      },
      reopen: (previous) => createTestCore(previous.config, { storage: testStorage }),
    });
  }
  return engines;
}

/**
 * Test cores log nothing and leave out the demo's generated buyer network (2,100 accounts): tests
 * count accounts and agreements, and each core would pay for it. Its own test asks for it.
 */
const quietDemo = { LOG_LEVEL: "silent", SEED_DEMO_PARTICIPANTS: "false" };

let workerDatabaseUrl: Promise<string> | undefined;

/**
 * Test files run side by side, one per vitest worker (vitest.config.ts): each worker has a database of
 * its own beside the one TEST_DATABASE_URL names (`aea_test` → `aea_test_w1`, `aea_test_w2`, …), made on
 * first use, and a file in a worker runs alone in it.
 */
function workerDatabase(serverUrl: string): Promise<string> {
  workerDatabaseUrl ??= (async () => {
    const url = new URL(serverUrl);
    const name = `${url.pathname.slice(1) || "postgres"}_w${process.env.VITEST_POOL_ID ?? "1"}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"`);
    } catch (error) {
      // 42P04: the database is left from an earlier run, which is what we want.
      if ((error as { code?: string }).code !== "42P04") throw error;
    } finally {
      await client.end();
    }
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return workerDatabaseUrl;
}

/** Each test file starts from an empty public schema in its worker's database. */
async function resetPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
  } finally {
    await client.end();
  }
}

/** A core whose database testDatabase() hands to the test. */
async function createTestCore(config: Config, options: CoreOptions): Promise<Core> {
  const { core, database } = await openCore(config, options);
  return rememberTestDatabase(core, database);
}
