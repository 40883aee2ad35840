import { listAll, type Storage } from "../storage/storage.ts";

/**
 * The rendered transforms in storage, bounded in size: when a new object takes the total past the
 * cap, the least recently used objects are deleted. Without the bound, anyone could fill the disk (or
 * the bucket) by asking for ever new variants (every `quality` from 1 to 100 of every width).
 *
 * The bookkeeping (key → bytes, in order of last use) is kept in memory and rebuilt by one listing of
 * the cache's prefix on first use after start, ordered by modification time: a hit costs no write and
 * no database row, and the store stays the truth, so an object removed behind our back is simply
 * rendered again. Each process keeps its own index.
 */
export class AssetCache {
  readonly #storage: Storage;
  readonly #prefix: string;
  readonly #maxBytes: number;
  /** Insertion order is use order: an entry moves to the end when used, so the least recently used is first. */
  readonly #entries = new Map<string, number>();
  #totalBytes = 0;
  #loaded: Promise<void> | undefined;

  /** `prefix` is the cache's part of the store (`content/cache/`): every key under it counts. */
  constructor(storage: Storage, prefix: string, maxBytes: number) {
    this.#storage = storage;
    this.#prefix = prefix;
    this.#maxBytes = maxBytes;
  }

  /** The bytes the cached objects take. */
  async size(): Promise<number> {
    await this.#load();
    return this.#totalBytes;
  }

  /** Whether `key` (under the cache's prefix) is cached; a hit counts as a use. */
  async has(key: string): Promise<boolean> {
    await this.#load();
    const bytes = this.#entries.get(key);
    if (bytes === undefined) return false;
    if (!(await this.#storage.stat(key))) {
      this.#forget(key);
      return false;
    }
    this.#entries.delete(key);
    this.#entries.set(key, bytes);
    return true;
  }

  /** Stores a rendered transform, then evicts the least recently used others past the cap. */
  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.#load();
    const { size } = await this.#storage.put(key, bytes, { contentType });
    this.#forget(key);
    this.#entries.set(key, size);
    this.#totalBytes += size;
    // The new object itself stays even alone above the cap: it is about to be sent.
    await this.#evict(key);
  }

  /** Deletes the least recently used objects until the total fits the cap, never `keep` (the newest). */
  async #evict(keep?: string): Promise<void> {
    for (const [key] of this.#entries) {
      if (this.#totalBytes <= this.#maxBytes || key === keep) break;
      this.#forget(key);
      // Deleting an object being sent is safe on disk (the open file keeps reading) and on S3 (a GET
      // in flight completes).
      await this.#storage.delete(key);
    }
  }

  #forget(key: string): void {
    const bytes = this.#entries.get(key);
    if (bytes === undefined) return;
    this.#entries.delete(key);
    this.#totalBytes -= bytes;
  }

  #load(): Promise<void> {
    this.#loaded ??= this.#scan();
    return this.#loaded;
  }

  async #scan(): Promise<void> {
    const objects = await listAll(this.#storage, this.#prefix);
    objects.sort((a, b) => a.lastModified.getTime() - b.lastModified.getTime());
    for (const object of objects) {
      this.#entries.set(object.key, object.size);
      this.#totalBytes += object.size;
    }
    // A cap lowered since the last run takes effect at once.
    await this.#evict();
  }
}
