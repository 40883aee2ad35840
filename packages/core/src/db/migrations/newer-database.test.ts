import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";

describe.each(testEngines())("a database migrated by a newer version, on $name", (engine) => {
  it("stops this version from starting and says why", async () => {
    const core = await engine.create({ SEED_DEMO: "false", SEED_DEMO_ACCOUNTS: "false" });
    await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-version', ${new Date().toISOString()})`.execute(
      testDatabase(core).db,
    );
    await core.close();
    await expect(engine.reopen(core)).rejects.toThrow(
      "The database was migrated by a newer version of the site (migration 999-from-a-newer-version is unknown to this one). Start the newer version, or restore a backup made before it ran.",
    );
  });
});
