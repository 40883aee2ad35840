import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileExists } from "../file-exists.ts";

/**
 * The rendered transforms on disk, bounded in size: when a new file takes the total past the cap, the
 * least recently used files are deleted. Without the bound, anyone could fill the disk by asking for
 * ever new variants (every `quality` from 1 to 100 of every width).
 *
 * The bookkeeping (file → bytes, in order of last use) is kept in memory and rebuilt by one walk of
 * the folder on first use after start, ordered by modification time: a hit costs no disk write and
 * no database row, and the folder stays the truth, so a file removed behind our back is simply
 * rendered again. Each process keeps its own index; one process owns a DATA_DIR.
 */
export class AssetCache {
  readonly #dir: string;
  readonly #maxBytes: number;
  /** Insertion order is use order: an entry moves to the end when used, so the least recently used is first. */
  readonly #entries = new Map<string, number>();
  #totalBytes = 0;
  #loaded: Promise<void> | undefined;

  constructor(dir: string, maxBytes: number) {
    this.#dir = dir;
    this.#maxBytes = maxBytes;
  }

  /** The bytes the cached files take. */
  async size(): Promise<number> {
    await this.#load();
    return this.#totalBytes;
  }

  /** Whether `path` (a file under the cache folder) is cached; a hit counts as a use. */
  async has(path: string): Promise<boolean> {
    await this.#load();
    const bytes = this.#entries.get(path);
    if (bytes === undefined) return false;
    if (!(await fileExists(path))) {
      this.#forget(path);
      return false;
    }
    this.#entries.delete(path);
    this.#entries.set(path, bytes);
    return true;
  }

  /** Records a file just written at `path`, then evicts the least recently used others past the cap. */
  async add(path: string): Promise<void> {
    await this.#load();
    const { size } = await stat(path);
    this.#forget(path);
    this.#entries.set(path, size);
    this.#totalBytes += size;
    // The new file itself stays even alone above the cap: it is about to be sent.
    await this.#evict(path);
  }

  /** Deletes the least recently used files until the total fits the cap, never `keep` (the newest). */
  async #evict(keep?: string): Promise<void> {
    for (const [path] of this.#entries) {
      if (this.#totalBytes <= this.#maxBytes || path === keep) break;
      this.#forget(path);
      // Deleting a file being sent is safe: the open stream keeps reading it.
      await rm(path, { force: true });
    }
  }

  #forget(path: string): void {
    const bytes = this.#entries.get(path);
    if (bytes === undefined) return;
    this.#entries.delete(path);
    this.#totalBytes -= bytes;
  }

  #load(): Promise<void> {
    this.#loaded ??= this.#scan();
    return this.#loaded;
  }

  async #scan(): Promise<void> {
    const names = await readdir(this.#dir, { recursive: true }).catch(() => [] as string[]);
    const files: { path: string; bytes: number; modified: number }[] = [];
    for (const name of names) {
      // Renders in progress write `*.tmp` and rename when done; they are counted once added.
      if (name.endsWith(".tmp")) continue;
      const path = join(this.#dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) files.push({ path, bytes: info.size, modified: info.mtimeMs });
    }
    files.sort((a, b) => a.modified - b.modified);
    for (const file of files) {
      this.#entries.set(file.path, file.bytes);
      this.#totalBytes += file.bytes;
    }
    // A cap lowered since the last run takes effect at once.
    await this.#evict();
  }
}
