import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { Config } from "../config.ts";
import { SQLITE_FILE } from "../db/database.ts";

/**
 * Databases seeded once per test run, which test cores start from as copies (docs/decisions/049).
 * Migrating and seeding the demo for every test file took 0.9 s on SQLite and 1.5 s on PostgreSQL, about
 * five minutes of each run's worker time; opening a copy takes a tenth of that, as the seed finds its
 * work done. The run's global setup (seeded-templates-run.ts) names the run in TEST_TEMPLATE_RUN and
 * makes its folder; without it (the benches) every core is migrated and seeded afresh.
 */
export interface TemplateRun {
  /** Short, unique to the run: templates of an earlier run, made by older code, are never used. */
  id: string;
  /** Where the run's SQLite templates are kept. */
  folder: string;
}

export function currentTemplateRun(): TemplateRun | undefined {
  const run = process.env.TEST_TEMPLATE_RUN;
  if (!run) return undefined;
  const [id, folder] = run.split(":", 2);
  return { id, folder };
}

/**
 * The part of a configuration that the start-up's seed writes to the database (core.ts: openCore,
 * demo/seed-demo.ts): cores whose configurations agree on it may start from the same copy.
 */
export function seedKey(config: Config): string {
  const seed = {
    demo: config.seedDemo,
    accounts: config.seedDemoAccounts,
    participants: config.seedDemoParticipants,
    firmName: config.firmName,
  };
  return createHash("sha256").update(JSON.stringify(seed)).digest("hex").slice(0, 12);
}

/**
 * The run's seeded SQLite file for a seed, made on first use by `seed` in a folder of its own. Test files
 * run in processes side by side: each makes it in a folder of its own and moves it into place in one step,
 * so a copy never reads half a file (two may make the same one; the second replaces it with its equal).
 */
export async function sqliteTemplate(
  run: TemplateRun,
  key: string,
  seed: (dataDir: string) => Promise<void>,
): Promise<string> {
  const template = join(run.folder, `${key}.sqlite`);
  if (existsSync(template)) return template;
  const making = mkdtempSync(join(run.folder, "making-"));
  try {
    await seed(making);
    // A closed database has written its journal back: a write-ahead log left over would be data missed.
    if (existsSync(join(making, `${SQLITE_FILE}-wal`))) throw new Error("The seeded database was left open.");
    renameSync(join(making, SQLITE_FILE), template);
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}

/** The database TEST_DATABASE_URL names: the tests' own databases are named after it. */
export function namedDatabase(serverUrl: string): string {
  return new URL(serverUrl).pathname.slice(1) || "postgres";
}

/** The address of another database on the server TEST_DATABASE_URL names. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The start of the run's PostgreSQL template names, beside the database TEST_DATABASE_URL names. */
function postgresTemplatePrefix(serverUrl: string): string {
  return `${namedDatabase(serverUrl)}_tpl_`;
}

/**
 * The run's seeded PostgreSQL database for a seed, made on first use by `seed` (given its URL) under a
 * lock, so that two test files wanting it at once make it once. It is made under another name and renamed
 * when seeded: a seed that failed half way is never copied.
 */
export async function postgresTemplate(
  serverUrl: string,
  run: TemplateRun,
  key: string,
  seed: (databaseUrl: string) => Promise<void>,
): Promise<string> {
  const name = `${postgresTemplatePrefix(serverUrl)}${run.id}_${key}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      const making = `${name}_making`;
      await client.query(`DROP DATABASE IF EXISTS "${making}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${making}"`);
      await seed(databaseUrl(serverUrl, making));
      await client.query(`ALTER DATABASE "${making}" RENAME TO "${name}"`);
    }
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [name]);
  } finally {
    await client.end();
  }
  return name;
}

/** Drops the PostgreSQL templates of every run (the run's global setup, for earlier runs, and its teardown). */
export async function dropPostgresTemplates(serverUrl: string): Promise<void> {
  const prefix = postgresTemplatePrefix(serverUrl);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
