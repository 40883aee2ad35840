import { ITEMS_QUERY_PARAMETERS } from "@aea/core";
import { type PrecompressedBody, precompress } from "../http/precompressed.ts";

/**
 * Content responses ready to send (JSON, compressed, with an ETag), kept per normalised query until the
 * content changes. Most pages ask the same few queries, so a page render costs a map lookup per query.
 * Bounded, least recently used first out: unique queries from a crawler cannot grow memory.
 */
export class ContentResponseCache {
  readonly #version: () => number;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, Promise<PrecompressedBody>>();
  #entriesVersion = -1;

  constructor(version: () => number, maxEntries = 500) {
    this.#version = version;
    this.#maxEntries = maxEntries;
  }

  get(key: string, build: () => Promise<unknown>): Promise<PrecompressedBody> {
    const version = this.#version();
    if (version !== this.#entriesVersion) {
      this.#entries.clear();
      this.#entriesVersion = version;
    }
    let entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry;
    }
    entry = build().then((value) =>
      precompress(JSON.stringify(value), "application/json; charset=utf-8", "fast"),
    );
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // Failed queries (400s) are not kept: they would only let bad input occupy the cache.
    entry.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry;
  }
}

/**
 * The cache key of a request: its path and the query parameters the items endpoints read, in a fixed
 * order, so `?limit=1&sort=x` and `?sort=x&limit=1&utm_source=y` share an entry.
 */
export function normalisedQueryKey(path: string, params: URLSearchParams): string {
  const relevant = [...params].filter(([key]) => ITEMS_QUERY_PARAMETERS.has(key.split("[")[0]));
  relevant.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(relevant).toString()}`;
}
