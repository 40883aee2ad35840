import { DataVersion } from "@aea/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VersionedCache } from "./versioned-cache.ts";

describe("the versioned HTTP cache", () => {
  // Values age on the test's clock: a loaded machine cannot let a value's time pass mid-test.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const listingsCache = (dataVersion: DataVersion, options: { maxEntries?: number; ttlMs?: number } = {}) =>
    new VersionedCache<string>({ dataVersion, dependsOn: ["listings"], ...options });

  it("keeps a value until a write to a dataset it depends on commits, whatever else changes", () => {
    const dataVersion = new DataVersion();
    const cache = listingsCache(dataVersion);
    let builds = 0;
    const read = () => cache.getOrBuild("deals", () => `deals #${++builds}`);
    expect(read()).toBe("deals #1");
    dataVersion.publish([{ dataset: "content", ids: ["team"] }]);
    expect(read()).toBe("deals #1");
    dataVersion.publish([{ dataset: "listings", ids: [7] }]);
    expect(read()).toBe("deals #2");
  });

  it("does not keep a value made from data that changed while it was being made", () => {
    const dataVersion = new DataVersion();
    const cache = listingsCache(dataVersion);
    const madeAt = cache.version;
    dataVersion.publish([{ dataset: "listings", ids: [7] }]);
    cache.set("page", "rendered from the old listing", madeAt);
    expect(cache.get("page")).toBeUndefined();
  });

  it("forgets a failed build, so the next request tries again", async () => {
    const cache = new VersionedCache<Promise<string>>({
      dataVersion: new DataVersion(),
      dependsOn: ["content"],
    });
    await expect(cache.getOrBuild("bad", () => Promise.reject(new Error("400")))).rejects.toThrow("400");
    expect(await cache.getOrBuild("bad", async () => "fine")).toBe("fine");
  });

  it("lets the least recently used value go when full, and expires values after their time", () => {
    const cache = listingsCache(new DataVersion(), { maxEntries: 2, ttlMs: 50 });
    cache.set("a", "A", cache.version);
    cache.set("b", "B", cache.version);
    cache.get("a");
    cache.set("c", "C", cache.version);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual(["A", undefined, "C"]);
    vi.setSystemTime(Date.now() + 60);
    expect(cache.get("a")).toBeUndefined();
  });

  it("lets expired values go when it keeps another, not only when their key is asked for", () => {
    const cache = listingsCache(new DataVersion(), { ttlMs: 50 });
    cache.set("/deals/1", "page 1", cache.version);
    cache.set("/deals/2", "page 2", cache.version);
    vi.setSystemTime(Date.now() + 60);
    cache.set("/deals/3", "page 3", cache.version);
    expect(cache.size).toBe(1);
  });

  it("spreads the expiry of values made together over the last quarter of their time, none kept longer", () => {
    vi.setSystemTime(0);
    const cache = listingsCache(new DataVersion(), { ttlMs: 1000 });
    const pages = Array.from({ length: 100 }, (_, i) => `/deals/${i}`);
    for (const page of pages) cache.set(page, page, cache.version);
    const kept = () => pages.filter((page) => cache.get(page) !== undefined).length;
    vi.setSystemTime(749);
    expect(kept()).toBe(100);
    vi.setSystemTime(875);
    expect(kept()).toBeGreaterThan(0);
    expect(kept()).toBeLessThan(100);
    vi.setSystemTime(1001);
    expect(kept()).toBe(0);
  });
});
