import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";

/** The variable by which the server hands the seeding process the version it seeds. */
export const DEMO_SEED_VERSION = "AEA_DEMO_SEED_VERSION";

type SeedSettings = Pick<
  Config,
  "seedDemo" | "seedDemoAccounts" | "seedDemoParticipants" | "firmName" | "storage"
>;

/**
 * What a finished seeding depends on: the demo's own code (this folder, so a changed or added demo
 * step seeds again; its steps are idempotent) and the settings it seeds with, including where its files
 * go (a new store needs its pictures).
 */
export function demoSeedVersion(config: SeedSettings): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort())
    hash.update(file).update(readFileSync(join(import.meta.dirname, file)));
  const { seedDemo, seedDemoAccounts, seedDemoParticipants, firmName, storage } = config;
  // The store by where it is, never by its credentials.
  const store =
    storage.driver === "local" ? storage.root : [storage.endpoint, storage.bucket, storage.prefix];
  hash.update(JSON.stringify({ seedDemo, seedDemoAccounts, seedDemoParticipants, firmName, store }));
  return hash.digest("hex");
}

/** True when a seeding of `version` finished in this database, rows and pictures. */
export async function demoSeeded(database: Database, version: string): Promise<boolean> {
  const row = await database.db
    .selectFrom("demo_seeds")
    .select("version")
    .where("version", "=", version)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that the seeding of `version` finished (a second instance finishing too changes nothing). */
export async function markDemoSeeded(database: Database, version: string, at: Date): Promise<void> {
  await database.db
    .insertInto("demo_seeds")
    .values({ version, seededAt: at.toISOString() })
    .onConflict((conflict) => conflict.column("version").doNothing())
    .execute();
}
