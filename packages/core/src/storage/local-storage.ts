import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FileBody } from "./file-body.ts";
import {
  type ByteRange,
  checkedKey,
  checkedPrefix,
  DEFAULT_URL_SECONDS,
  type ObjectRead,
  PARTIAL_SUFFIX,
  type Storage,
  type StoredObject,
  type UrlOptions,
} from "./storage.ts";

export interface LocalStorageOptions {
  /** The folder that holds the objects (DATA_DIR/media by default). */
  root: string;
  /** Where this server answers (PUBLIC_URL): signed URLs point at its `/files/` door. */
  publicUrl: string;
  /**
   * Signs the `/files/` URLs. A fresh random one per process by default: one process owns a local
   * store, and its URLs are short-lived, so a restart only ends the URLs handed out before it.
   */
  urlSecret?: Uint8Array;
}

/** The path under which this server serves signed URLs of the local driver. */
export const SIGNED_FILES_PATH = "/files";

/**
 * Objects as files under one folder, a key's `/` being a subfolder. Writes go to a temporary file
 * beside the target and are renamed into place, so a reader never sees half a file.
 */
export class LocalStorage implements Storage {
  readonly #root: string;
  readonly #publicUrl: string;
  readonly #urlSecret: Uint8Array;

  constructor({ root, publicUrl, urlSecret = randomBytes(32) }: LocalStorageOptions) {
    this.#root = root;
    this.#publicUrl = publicUrl.replace(/\/$/, "");
    this.#urlSecret = urlSecret;
  }

  put(key: string, bytes: Uint8Array): Promise<StoredObject> {
    return this.#written(key, (temporary) => writeFile(temporary, bytes, { flag: "wx" }));
  }

  putStream(key: string, body: Readable): Promise<StoredObject> {
    return this.#written(key, (temporary) => pipeline(body, createWriteStream(temporary, { flags: "wx" })));
  }

  /** Writes a temporary file beside the target with `write`, then renames it into place. */
  async #written(key: string, write: (temporary: string) => Promise<void>): Promise<StoredObject> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}${PARTIAL_SUFFIX}`;
    try {
      await write(temporary);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return this.#described(key, await stat(path));
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | undefined> {
    const path = this.#path(key);
    // Open first, then stat the open file: the facts and the bytes are of the same file even when a
    // put replaces it meanwhile.
    const handle = await open(path, "r").catch(() => undefined);
    if (!handle) return undefined;
    const info = await handle.stat().catch(() => undefined);
    if (!info?.isFile()) {
      await handle.close();
      return undefined;
    }
    const last = info.size - 1;
    const body = new FileBody(handle, range?.start ?? 0, Math.min(range?.end ?? last, last));
    return { object: this.#described(key, info), body };
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const info = await stat(this.#path(key)).catch(() => undefined);
    return info?.isFile() ? this.#described(key, info) : undefined;
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    checkedPrefix(prefix);
    // Only the folder the prefix points into needs walking.
    const folder = join(this.#root, prefix.slice(0, prefix.lastIndexOf("/") + 1));
    const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
    const found: StoredObject[] = [];
    for (const name of names) {
      if (name.endsWith(PARTIAL_SUFFIX)) continue;
      const path = join(folder, name);
      const key = relative(this.#root, path).split(sep).join("/");
      if (!key.startsWith(prefix)) continue;
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) found.push(this.#described(key, info));
    }
    found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    yield* found;
  }

  async url(key: string, { expiresInSeconds = DEFAULT_URL_SECONDS, downloadName }: UrlOptions = {}) {
    checkedKey(key);
    const expires = String(Math.floor(Date.now() / 1000) + expiresInSeconds);
    const query = new URLSearchParams({ expires });
    if (downloadName) query.set("name", downloadName);
    query.set("signature", this.#signature(key, expires, downloadName));
    const path = key.split("/").map(encodeURIComponent).join("/");
    return `${this.#publicUrl}${SIGNED_FILES_PATH}/${path}?${query}`;
  }

  verifyUrl(key: string, query: URLSearchParams): { key: string; downloadName?: string } | undefined {
    const expires = query.get("expires") ?? "";
    const signature = Buffer.from(query.get("signature") ?? "", "base64url");
    const downloadName = query.get("name") ?? undefined;
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < Date.now()) return undefined;
    try {
      checkedKey(key);
    } catch {
      return undefined;
    }
    const expected = Buffer.from(this.#signature(key, expires, downloadName), "base64url");
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
    return { key, downloadName };
  }

  #signature(key: string, expires: string, downloadName: string | undefined): string {
    return createHmac("sha256", this.#urlSecret)
      .update(`${key}\n${expires}\n${downloadName ?? ""}`)
      .digest("base64url");
  }

  #path(key: string): string {
    return join(this.#root, ...checkedKey(key).split("/"));
  }

  #described(key: string, info: { size: number; mtimeMs: number; mtime: Date; ino: number }): StoredObject {
    // Every put renames a new file into place, so the inode tells two writes within a millisecond apart.
    const etag = [info.size, Math.trunc(info.mtimeMs), info.ino].map((n) => n.toString(36)).join("-");
    return { key, size: info.size, lastModified: info.mtime, etag: `"${etag}"` };
  }
}
