import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Config } from "../config.ts";
import { loadConfig } from "../config.ts";
import { type Core, type CoreOptions, openCore } from "../core.ts";
import { SQLITE_FILE } from "../db/database.ts";
import { LocalStorage } from "../storage/local-storage.ts";
import {
  currentTemplateRun,
  databaseUrl,
  namedDatabase,
  postgresTemplate,
  seedKey,
  sqliteTemplate,
} from "./seeded-templates.ts";
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
      create: async (env = {}, options = {}) => {
        const config = loadConfig({
          DATA_DIR: mkdtempSync(join(tmpdir(), "aea-test-")),
          ...quietDemo,
          ...env,
        });
        const run = currentTemplateRun();
        if (run && !options.storage) {
          const template = await sqliteTemplate(run, seedKey(config), (dataDir) =>
            seed({ ...config, dataDir }),
          );
          copyFileSync(template, join(config.dataDir, SQLITE_FILE));
        }
        return createTestCore(config, { storage: testStorage, ...options });
      },
      reopen: (previous) => createTestCore(previous.config, { storage: testStorage }),
    },
  ];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    engines.push({
      name: "postgres",
      create: async (env = {}, options = {}) => {
        const name = nextWorkerDatabase(serverUrl);
        const config = loadConfig({
          DATA_DIR: mkdtempSync(join(tmpdir(), "aea-test-")),
          DATABASE_URL: databaseUrl(serverUrl, name),
          ...quietDemo,
          ...env,
        });
        const run = currentTemplateRun();
        const template =
          run && !options.storage
            ? await postgresTemplate(serverUrl, run, seedKey(config), (url) =>
                seed({ ...config, databaseUrl: url }),
              )
            : undefined;
        await createDatabase(serverUrl, name, template);
        return createTestCore(config, { storage: testStorage, ...options });
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

/** Migrates and seeds a database as a core's start does, for a template (seeded-templates.ts). */
async function seed(config: Config): Promise<void> {
  const { core } = await openCore(config, { storage: testStorage });
  await core.close();
}

let databasesMade = 0;

/**
 * Test files run side by side, one per vitest worker (vitest.config.ts): each core has a database of its
 * own beside the one TEST_DATABASE_URL names (`aea_test` → `aea_test_w1_1`, `aea_test_w1_2`, … in the
 * first worker), made again for each test file, and cores made earlier in a file keep theirs.
 */
function nextWorkerDatabase(serverUrl: string): string {
  databasesMade += 1;
  return `${namedDatabase(serverUrl)}_w${process.env.VITEST_POOL_ID ?? "1"}_${databasesMade}`;
}

/** A database made afresh: a copy of a seeded template, or empty (the core then migrates and seeds it). */
async function createDatabase(serverUrl: string, name: string, template: string | undefined): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // What an earlier test file of this worker left; its process has ended.
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  } finally {
    await client.end();
  }
}

/** A core whose database testDatabase() hands to the test. */
async function createTestCore(config: Config, options: CoreOptions): Promise<Core> {
  const { core, database } = await openCore(config, options);
  return rememberTestDatabase(core, database);
}
