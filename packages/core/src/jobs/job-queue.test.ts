import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { openDatabase } from "../db/database.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import { JobQueue } from "./job-queue.ts";

describe.each(testEngines())("the background job queue on $name", (engine) => {
  let core: Core;
  const clock = new ManualClock(Date.parse("2031-03-02T08:00:00.000Z"));
  let queue: JobQueue;

  beforeAll(async () => {
    // No demo: the queue starts empty (a demo's data rooms leave a job to read their documents).
    core = await engine.create({ SEED_DEMO: "false", SEED_DEMO_ACCOUNTS: "false" }, { clock });
    queue = new JobQueue({ database: testDatabase(core), clock, retryBaseMs: 1_000, retryMaxMs: 4_000 });
  });
  afterAll(() => core.close());

  it("runs a due job once and leaves a future one waiting", async () => {
    const seen: unknown[] = [];
    queue.register("note", async (payload) => {
      seen.push(payload);
    });
    const db = testDatabase(core).db;
    await queue.enqueue(db, "note", { n: 1 });
    await queue.enqueue(db, "note", { n: 2 }, { runAt: clock.now() + 60_000 });
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await queue.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await queue.list("note")).map((j) => j.status)).toEqual(["done", "done"]);
  });

  it("retries a failing job with doubling waits, then gives it up", async () => {
    let calls = 0;
    queue.register("flaky", async () => {
      calls += 1;
      throw new Error(`SMTP down (${calls})`);
    });
    await queue.enqueue(testDatabase(core).db, "flaky", {}, { maxAttempts: 4 });
    const waits: number[] = [];
    expect(await queue.runDue()).toBe(1);
    for (let attempt = 1; attempt < 4; attempt++) {
      const [job] = await queue.list("flaky");
      expect(job?.status).toBe("pending");
      const wait = Date.parse(job?.runAt ?? "") - clock.now();
      waits.push(wait);
      clock.advance(wait - 1);
      expect(await queue.runDue()).toBe(0); // not before its time
      clock.advance(1);
      expect(await queue.runDue()).toBe(1);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]); // capped at retryMaxMs
    const [job] = await queue.list("flaky");
    expect(job).toMatchObject({ status: "failed", attempts: 4, lastError: "SMTP down (4)" });
    expect(calls).toBe(4);
    clock.advance(60_000);
    expect(await queue.runDue()).toBe(0);
  });

  it("succeeds on a retry after a failure", async () => {
    let calls = 0;
    queue.register("second-time-lucky", async () => {
      calls += 1;
      if (calls === 1) throw new Error("not yet");
    });
    await queue.enqueue(testDatabase(core).db, "second-time-lucky", {});
    await queue.runDue();
    clock.advance(1_000);
    await queue.runDue();
    const [job] = await queue.list("second-time-lucky");
    expect(job).toMatchObject({ status: "done", attempts: 2, lastError: "not yet" });
  });

  it("files a job with a unique key once, and takes back a job whose server stopped mid-way", async () => {
    const db = testDatabase(core).db;
    queue.register("once", async () => {});
    await queue.enqueue(db, "once", {}, { uniqueKey: "once:2031-03-02" });
    await queue.enqueue(db, "once", {}, { uniqueKey: "once:2031-03-02" });
    expect(await queue.list("once")).toHaveLength(1);
    // A server took it and died: it stays running until its lock runs out.
    await db
      .updateTable("jobs")
      .set({ status: "running", lockedUntil: new Date(clock.now() + 5_000).toISOString() })
      .where("kind", "=", "once")
      .execute();
    expect(await queue.runDue()).toBe(0);
    clock.advance(5_001);
    expect(await queue.runDue()).toBe(1);
    expect((await queue.list("once"))[0]?.status).toBe("done");
  });

  it("never hands one job to two runners at once", async () => {
    const db = testDatabase(core).db;
    let runs = 0;
    const other = new JobQueue({ database: testDatabase(core), clock });
    const count = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 20));
    };
    queue.register("shared", count);
    other.register("shared", count);
    for (let i = 0; i < 10; i++) await queue.enqueue(db, "shared", { i });
    const [a, b] = await Promise.all([queue.runDue(5), other.runDue(5)]);
    await Promise.all([queue.runDue(), other.runDue()]);
    expect(a + b).toBeLessThanOrEqual(10);
    expect(runs).toBe(10);
  });

  it("keeps a long job with its runner while it lives, and gives it to another once that runner died", async () => {
    // Real time here: leases of 600 ms, renewed by the living runner every 200 ms.
    const db = testDatabase(core).db;
    const ran: string[] = [];
    let finishLongJob = () => {};
    const living = new JobQueue({ database: testDatabase(core), lockMs: 600 });
    living.register("long", async () => {
      ran.push("living");
      await new Promise<void>((resolve) => {
        finishLongJob = resolve;
      });
    });
    const watcher = new JobQueue({ database: testDatabase(core), lockMs: 600 });
    watcher.register("long", async () => {
      ran.push("watcher");
    });
    await queue.enqueue(db, "long", {}, { runAt: 0 });
    const taking = living.runDue();
    await expect.poll(() => ran).toEqual(["living"]);
    for (let poll = 0; poll < 15; poll++) {
      await watcher.runDue();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ran).toEqual(["living"]); // 1.5 s, more than two leases: the heartbeat kept it
    finishLongJob();
    await taking;

    // A runner whose connection is gone renews nothing, as when its process was killed.
    const doomedDatabase = openDatabase({
      databaseUrl: core.config.databaseUrl,
      dataDir: core.config.dataDir,
    });
    const doomed = new JobQueue({ database: doomedDatabase, lockMs: 600 });
    let dieLate = () => {};
    doomed.register("orphan", () => {
      ran.push("doomed");
      return new Promise<void>((resolve) => {
        dieLate = resolve;
      });
    });
    watcher.register("orphan", async () => {
      ran.push("taken again");
    });
    await queue.enqueue(db, "orphan", {}, { runAt: 0 });
    const orphaned = doomed.runDue().catch(() => 0); // its last word cannot reach the database
    await expect.poll(() => ran.at(-1)).toBe("doomed");
    await doomedDatabase.close();
    expect(await watcher.runDue()).toBe(0); // its lease still runs
    await expect.poll(() => watcher.runDue(), { timeout: 2_000, interval: 50 }).toBe(1);
    expect(ran.slice(-2)).toEqual(["doomed", "taken again"]);
    dieLate();
    await orphaned;
    expect((await queue.list("orphan"))[0]).toMatchObject({ status: "done", attempts: 2 });
  });
});
