import { mkdir, mkdtemp, readdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AssetService } from "./asset.service.ts";
import { AssetCache } from "./asset-cache.ts";
import type { ContentFile } from "./content.repository.ts";

/** Bytes of every file under `dir`, as `du` would count them (without block rounding). */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir, { recursive: true })) {
    const info = await stat(join(dir, name));
    if (info.isFile()) total += info.size;
  }
  return total;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe("asset cache", () => {
  it("keeps the folder under the cap by deleting the least recently used files", async () => {
    const dir = await mkdtemp(join(tmpdir(), "aea-asset-cache-"));
    const cache = new AssetCache(dir, 3500);
    const paths = Array.from({ length: 10 }, (_, i) => join(dir, `variant-${i}.webp`));
    for (const [i, path] of paths.entries()) {
      await writeFile(path, Buffer.alloc(1000, i));
      await cache.add(path);
      // The first variant stays in use: each hit makes it the most recently used again.
      expect(await cache.has(paths[0])).toBe(true);
      expect(await folderBytes(dir)).toBeLessThanOrEqual(3500);
    }
    expect(await cache.size()).toBe(3000);
    expect(await exists(paths[0])).toBe(true);
    expect(await exists(paths[9])).toBe(true);
    expect(await exists(paths[8])).toBe(true);
    expect(await exists(paths[1])).toBe(false);
    expect(await cache.has(paths[1])).toBe(false);
  });

  it("rebuilds its account from the folder after a restart, and applies a lowered cap", async () => {
    const dir = await mkdtemp(join(tmpdir(), "aea-asset-cache-"));
    await mkdir(join(dir, "file-id"));
    for (let i = 0; i < 5; i++) {
      await writeFile(join(dir, "file-id", `v${i}.png`), Buffer.alloc(1000));
      // Distinct modification times: the oldest is evicted first.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await writeFile(join(dir, "file-id", "v9.png.123.tmp"), Buffer.alloc(5000));
    expect(await new AssetCache(dir, 10_000).size()).toBe(5000);
    const smaller = new AssetCache(dir, 2000);
    expect(await smaller.size()).toBe(2000);
    expect(await smaller.has(join(dir, "file-id", "v4.png"))).toBe(true);
    expect(await exists(join(dir, "file-id", "v0.png"))).toBe(false);
  });

  it("bounds the transforms of an image however many variants are asked for", async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), "aea-asset-media-"));
    await mkdir(join(mediaDir, "content"));
    // Noise, so every quality gives a file of its own size, as photos do.
    const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
    await sharp({ create: { width: 400, height: 300, channels: 3, background: "#000", noise } })
      .png()
      .toFile(join(mediaDir, "content", "noise.png"));
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
    const cap = 60_000;
    const assets = new AssetService(
      { findFile: async (id) => (id === file.id ? file : undefined) },
      mediaDir,
      {
        cacheBytes: cap,
      },
    );
    const cacheDir = join(mediaDir, "content", "cache");
    const favourite = await assets.asset("noise", { width: 300, format: "webp", quality: 50 }, undefined);
    let last = favourite;
    for (let quality = 1; quality <= 40; quality++) {
      last = await assets.asset("noise", { width: 300, format: "webp", quality }, undefined);
      await assets.asset("noise", { width: 300, format: "webp", quality: 50 }, undefined);
      expect(await folderBytes(cacheDir), `after quality ${quality}`).toBeLessThanOrEqual(cap);
    }
    // Enough variants were made to need eviction, yet the one in constant use and the newest remain.
    expect((await readdir(join(cacheDir, "noise"))).length).toBeLessThan(41);
    expect(await exists(favourite.path)).toBe(true);
    expect(await exists(last.path)).toBe(true);
  });
});
