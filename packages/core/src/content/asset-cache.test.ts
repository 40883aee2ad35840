import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ASSET_QUALITY_STEPS } from "@aea/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "../storage/local-storage.ts";
import { listAll, type Storage } from "../storage/storage.ts";
import { type S3StandIn, startS3StandIn } from "../testing/s3-stand-in.ts";
import { AssetService } from "./asset.service.ts";
import { AssetCache } from "./asset-cache.ts";
import type { ContentFile } from "./content.repository.ts";

const localStorage = async () =>
  new LocalStorage({
    root: await mkdtemp(join(tmpdir(), "aea-asset-cache-")),
    publicUrl: "http://site.test",
  });

/** Bytes of every object under `prefix`, as the store counts them. */
async function storedBytes(storage: Storage, prefix: string): Promise<number> {
  return (await listAll(storage, prefix)).reduce((sum, object) => sum + object.size, 0);
}

const exists = async (storage: Storage, key: string) => (await storage.stat(key)) !== undefined;

describe("asset cache", () => {
  it("keeps the cache under the cap by deleting the least recently used objects", async () => {
    const storage = await localStorage();
    const cache = new AssetCache(storage, "cache/", 3500);
    const keys = Array.from({ length: 10 }, (_, i) => `cache/variant-${i}.webp`);
    for (const [i, key] of keys.entries()) {
      await cache.put(key, Buffer.alloc(1000, i), "image/webp");
      // The first variant stays in use: each hit makes it the most recently used again.
      expect(await cache.has(keys[0])).toBe(true);
      expect(await storedBytes(storage, "cache/")).toBeLessThanOrEqual(3500);
    }
    expect(await cache.size()).toBe(3000);
    expect(await exists(storage, keys[0])).toBe(true);
    expect(await exists(storage, keys[9])).toBe(true);
    expect(await exists(storage, keys[8])).toBe(true);
    expect(await exists(storage, keys[1])).toBe(false);
    expect(await cache.has(keys[1])).toBe(false);
  });

  it("rebuilds its account from storage after a restart, and applies a lowered cap", async () => {
    const storage = await localStorage();
    for (let i = 0; i < 5; i++) {
      await storage.put(`cache/file-id/v${i}.png`, Buffer.alloc(1000));
      // Distinct modification times: the oldest is evicted first.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await storage.put("elsewhere/not-cached.png", Buffer.alloc(5000));
    expect(await new AssetCache(storage, "cache/", 10_000).size()).toBe(5000);
    const smaller = new AssetCache(storage, "cache/", 2000);
    expect(await smaller.size()).toBe(2000);
    expect(await smaller.has("cache/file-id/v4.png")).toBe(true);
    expect(await exists(storage, "cache/file-id/v0.png")).toBe(false);
    expect(await exists(storage, "elsewhere/not-cached.png")).toBe(true);
  });
});

const drivers: { name: string; open(): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  { name: "local disk", open: async () => ({ storage: await localStorage(), close: async () => {} }) },
  {
    name: "S3 (against the test stand-in server)",
    async open() {
      const standIn: S3StandIn = await startS3StandIn();
      return { storage: standIn.storage(), close: () => standIn.close() };
    },
  },
];

describe.each(drivers)("image transforms' cache on $name", (driver) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await driver.open());
  });
  afterAll(() => close());

  it("bounds the transforms of an image however many variants are asked for", async () => {
    // Noise, so every quality gives a file of its own size, as photos do.
    const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
    await storage.put(
      "content/noise.png",
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#000", noise } })
        .png()
        .toBuffer(),
    );
    const file: ContentFile = {
      id: "noise",
      filename: "noise.png",
      type: "image/png",
      width: 400,
      height: 300,
      filesize: 1,
      title: null,
      storagePath: "noise.png",
      focalPointX: null,
      focalPointY: null,
      createdAt: "2026-11-01T00:00:00.000Z",
    };
    const cap = 150_000;
    const assets = new AssetService(
      { findFile: async (id) => (id === file.id ? file : undefined) },
      storage,
      { cacheBytes: cap, rendersAtOnce: 2 },
    );
    const favourite = await assets.asset("noise", { width: 256, format: "webp", quality: 50 }, undefined);
    let last = favourite;
    let variants = 0;
    for (const quality of ASSET_QUALITY_STEPS) {
      for (const width of [64, 128, 256, 384]) {
        last = await assets.asset("noise", { width, format: "webp", quality }, undefined);
        variants += 1;
        await assets.asset("noise", { width: 256, format: "webp", quality: 50 }, undefined);
        expect(
          await storedBytes(storage, "content/cache/"),
          `after ${width} at ${quality}`,
        ).toBeLessThanOrEqual(cap);
      }
    }
    // Enough variants were made to need eviction, yet the one in constant use and the newest remain.
    expect((await listAll(storage, "content/cache/noise/")).length).toBeLessThan(variants);
    expect(await exists(storage, favourite.file.object.key)).toBe(true);
    expect(await exists(storage, last.file.object.key)).toBe(true);
  });
});
