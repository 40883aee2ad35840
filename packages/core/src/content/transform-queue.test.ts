import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { TransformQueue } from "./transform-queue.ts";

describe("transform queue", () => {
  it("runs at most `concurrency` tasks at once and the rest in order", async () => {
    const queue = new TransformQueue(2, 10, 10);
    let running = 0;
    let peak = 0;
    const finished: number[] = [];
    const task = (n: number) =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(5);
        running -= 1;
        finished.push(n);
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map(task))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(finished).toHaveLength(6);
  });

  it("keeps going after a task fails", async () => {
    const queue = new TransformQueue(1, 10, 10);
    const failing = queue.run(async () => {
      throw new Error("broken image");
    });
    const next = queue.run(async () => "ok");
    await expect(failing).rejects.toThrow("broken image");
    expect(await next).toBe("ok");
  });

  it("refuses newcomers when the waiting line is full", async () => {
    const queue = new TransformQueue(1, 1, 1);
    const first = queue.run(() => sleep(10));
    const second = queue.run(() => sleep(1));
    await expect(queue.run(() => sleep(1))).rejects.toMatchObject({ status: 503 });
    await Promise.all([first, second]);
  });

  it("takes waiting renders in turn between askers: one asker's burst does not hold back another's", async () => {
    const queue = new TransformQueue(2, 100, 20);
    const finished: string[] = [];
    const render = (name: string, asker: string, ms: number) =>
      queue.run(async () => {
        await sleep(ms);
        finished.push(name);
      }, asker);
    const burst = Array.from({ length: 10 }, (_, i) => render(`big${i}`, "203.0.113.9", 20));
    const small = render("small", "198.51.100.4", 1);
    await Promise.all([...burst, small]);
    // Two big ones were running when it came; it takes the next free slot, before the third big one.
    expect(finished.indexOf("small")).toBeLessThanOrEqual(2);
    expect(finished).toHaveLength(11);
  });

  it("refuses an asker's newcomers when their own line is full, and still takes others'", async () => {
    const queue = new TransformQueue(1, 100, 2);
    const running = queue.run(() => sleep(10), "a");
    const waiting = [queue.run(() => sleep(1), "a"), queue.run(() => sleep(1), "a")];
    await expect(queue.run(() => sleep(1), "a")).rejects.toMatchObject({ status: 503 });
    await Promise.all([running, ...waiting, queue.run(() => sleep(1), "b")]);
  });
});
