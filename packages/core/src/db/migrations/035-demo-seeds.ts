import type { Kysely } from "kysely";

/**
 * The demo seedings that finished (rows and pictures), by the version of the demo's code and settings
 * (demo/demo-seed-version.ts): a start that finds its version here skips the seeding process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("demo_seeds")
    .addColumn("version", "text", (c) => c.primaryKey())
    .addColumn("seededAt", "text", (c) => c.notNull())
    .execute();
}
