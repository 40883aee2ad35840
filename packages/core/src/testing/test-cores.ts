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
          loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "aea-test-")), LOG_LEVEL: "silent", ...env }),
          { storage: testStorage, ...options },
        ),
      reopen: (previous) => createTestCore(previous.config, { storage: testStorage }),
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    engines.push({
      name: "postgres",
      create: async (env = {}, options = {}) => {
        await resetPostgres(url);
        return createTestCore(
          loadConfig({
            DATA_DIR: mkdtempSync(join(tmpdir(), "aea-test-")),
            DATABASE_URL: url,
            LOG_LEVEL: "silent",
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

/** Test files run one at a time (vitest.config.ts), so each starts from an empty public schema. */
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
