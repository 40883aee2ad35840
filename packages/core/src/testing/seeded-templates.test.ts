import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { SQLITE_FILE } from "../db/database.ts";
import { postgresTemplate, sqliteTemplate, type TemplateRun } from "./seeded-templates.ts";

const newRun = (): TemplateRun => ({
  id: Math.random().toString(16).slice(2, 10),
  folder: mkdtempSync(join(tmpdir(), "aea-template-test-")),
});

describe("seeded templates", () => {
  it("keeps a SQLite seed once made, and never keeps one that failed", async () => {
    const run = newRun();
    await expect(
      sqliteTemplate(run, "k", async () => {
        throw new Error("seed failed");
      }),
    ).rejects.toThrow("seed failed");
    expect(readdirSync(run.folder)).toEqual([]);

    let seeds = 0;
    const seed = async (dataDir: string) => {
      seeds += 1;
      writeFileSync(join(dataDir, SQLITE_FILE), "seeded");
    };
    const made = await sqliteTemplate(run, "k", seed);
    expect(await sqliteTemplate(run, "k", seed)).toBe(made);
    expect(seeds).toBe(1);
    expect(readdirSync(run.folder)).toEqual(["k.sqlite"]);
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!serverUrl)(
    `seeds a PostgreSQL template once for files asking at the same time, and never one that failed${serverUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`,
    async () => {
      const server = serverUrl as string;
      const run = newRun();
      await expect(
        postgresTemplate(server, run, "k", async () => {
          throw new Error("seed failed");
        }),
      ).rejects.toThrow("seed failed");

      let seeds = 0;
      const seed = async (url: string) => {
        seeds += 1;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query("CREATE TABLE seeded (n int); INSERT INTO seeded VALUES (1)");
        await client.end();
      };
      const [a, b] = await Promise.all([
        postgresTemplate(server, run, "k", seed),
        postgresTemplate(server, run, "k", seed),
      ]);
      expect(a).toBe(b);
      expect(seeds).toBe(1);
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [
        `%${run.id}%`,
      ]);
      expect(rows.map((row) => row.datname)).toEqual([a]);
      await client.query(`DROP DATABASE "${a}"`);
      await client.end();
    },
  );
});
