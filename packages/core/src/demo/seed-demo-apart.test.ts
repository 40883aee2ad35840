import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrations/index.ts";
import { seedDemoApart } from "./seed-demo-apart.ts";

const savedEnv = { ...process.env };
afterEach(() => {
  process.env = { ...savedEnv };
});

describe("seeding the demo in a child process (decision 037)", () => {
  it("puts the demo book in the database, draws a picture asked for before its turn, and ends", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "aea-seed-apart-"));
    // The child reads the configuration from the environment, as the server's start does.
    process.env = {
      ...savedEnv,
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      SEED_DEMO_ACCOUNTS: "false",
      SEED_DEMO_PARTICIPANTS: "false",
    };
    delete process.env.DATABASE_URL;
    delete process.env.STORAGE_URL;
    const database = openDatabase({ dataDir });
    try {
      await migrateToLatest(database.db as never, database.engine);
      const config = loadConfig();
      const pictures = await seedDemoApart(database, config);
      const { rows } = await sql<{ n: number }>`select count(*) as n from listings`.execute(database.db);
      expect(Number(rows[0]?.n)).toBeGreaterThan(100);

      expect(pictures).toBeDefined();
      const cover = join(dataDir, "media/listings/1001/cover.jpg");
      await pictures?.draw("listings/1001/cover.jpg");
      expect(existsSync(cover)).toBe(true);

      // Drawing the rest ends the child; asking it for a picture after that answers "not drawn".
      await pictures?.drawMissing({ concurrency: 2 });
      expect(await pictures?.draw("listings/1001/cover.jpg")).toBe(false);

      // A restart on the finished demo starts no seeding process: nothing to draw, nothing to wait for.
      const started = performance.now();
      expect(await seedDemoApart(database, config)).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(500);
      // Changed settings (another firm name) seed again: the rows are there, so only the check runs.
      const again = await seedDemoApart(database, { ...config, firmName: "Other Firm" });
      expect(again).toBeDefined();
      await again?.drawMissing({ concurrency: 2 });
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
