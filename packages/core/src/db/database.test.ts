import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readThenWrite } from "../testing/read-then-write.ts";
import { openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrations/index.ts";

const writerScript = fileURLToPath(new URL("../testing/sqlite-writer-process.ts", import.meta.url));

describe("SQLite transactions beside another process", () => {
  // A transaction reads before it writes (a service checks, then changes). With a plain BEGIN, a
  // write by another process in between makes its first write fail at once with SQLITE_BUSY, which the
  // busy timeout cannot help; BEGIN IMMEDIATE takes the write lock first, so it waits its turn instead.
  it("commits every read-then-write transaction while another process does the same", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "aea-test-"));
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db as never, database.engine);
    const writer = spawn(process.execPath, [writerScript, dataDir, "1500"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let printed = "";
    writer.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => writer.on("exit", resolve));
    try {
      let mine = 0;
      const until = Date.now() + 1500;
      while (Date.now() < until) {
        await readThenWrite(database, "this process");
        mine += 1;
      }
      expect(await exited).toBe(0);
      const theirs = Number(printed);
      expect(theirs).toBeGreaterThan(0);
      const rows = await database.db
        .selectFrom("deal_web_searches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(mine + theirs);
    } finally {
      writer.kill();
      await database.close();
    }
  });
});
