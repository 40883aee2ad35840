import type { Readable } from "node:stream";

/** What a driver knows of one stored object. */
export interface StoredObject {
  /** The object's name, as the caller gave it (`listings/12/cover.jpg`). */
  key: string;
  /** Bytes of the whole object. */
  size: number;
  lastModified: Date;
  /** A quoted validator that changes whenever the bytes do (an HTTP ETag). */
  etag: string;
}

/** Bytes `start` to `end`, both included, as in an HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectRead {
  object: StoredObject;
  /** The object's bytes, or only the range asked for (its end clipped to the object's last byte). */
  body: Readable;
}

export interface UrlOptions {
  /** How long the URL works (default 15 minutes). */
  expiresInSeconds?: number;
  /** Sent as an attachment under this name; without it the object is shown inline. */
  downloadName?: string;
}

/**
 * Where the product's files live: content uploads and their resized forms, listing pictures, brochures,
 * and every later file. Keys are `/`-separated relative names; a key that could escape the store
 * (`..`, an absolute path, a backslash, NUL) is refused with a {@link StorageKeyError} by every driver.
 */
export interface Storage {
  /** Stores `bytes` under `key`, replacing what was there. Readers see the old or the new object, never half. */
  put(key: string, bytes: Uint8Array, options?: { contentType?: string }): Promise<StoredObject>;
  /**
   * Stores what `body` yields under `key` without holding it in memory (data-room uploads of gigabytes):
   * a temporary file renamed into place (local), a multipart upload (S3). Readers never see half an
   * object; when `body` fails, nothing is stored.
   */
  putStream(key: string, body: Readable, options?: { contentType?: string }): Promise<StoredObject>;
  /** The object's bytes as a stream, or one range of them; undefined when there is no such object. */
  get(key: string, range?: ByteRange): Promise<ObjectRead | undefined>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a plain string prefix, as S3 has it), in key order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * A URL a browser can fetch the object from for a limited time, without a session: signed by the
   * object store itself (S3), or pointing at this server's `/files/` door with our own signature (local).
   */
  url(key: string, options?: UrlOptions): Promise<string>;
  /**
   * Drivers whose URLs point back at this server: the key and download name a `/files/` URL names,
   * when its signature holds and it has not expired.
   */
  verifyUrl?(key: string, query: URLSearchParams): { key: string; downloadName?: string } | undefined;
}

export class StorageKeyError extends Error {
  override readonly name = "StorageKeyError";
}

/** Suffix of a local write in progress; no key may end with it. */
export const PARTIAL_SUFFIX = ".partial";

/**
 * Refuses keys that could name something outside the store, or mean different things on different
 * drivers: empty, absolute, with `.`/`..`/empty segments, backslashes, NUL or other control characters.
 */
export function checkedKey(key: string): string {
  if (!isSafeName(key) || key.endsWith("/"))
    throw new StorageKeyError(`Not a storage key: ${JSON.stringify(key)}`);
  if (key.endsWith(PARTIAL_SUFFIX))
    throw new StorageKeyError(`Storage keys may not end with ${PARTIAL_SUFFIX}`);
  return key;
}

/** A list prefix: empty, or a key's beginning (it may end with `/`). */
export function checkedPrefix(prefix: string): string {
  if (prefix === "") return prefix;
  const stem = prefix.endsWith("/") ? prefix.slice(0, -1) : prefix;
  if (!isSafeName(stem)) throw new StorageKeyError(`Not a storage prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}

function isSafeName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 1024 &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    !/[\\\u0000-\u001f\u007f]/.test(name) &&
    !name.startsWith("/") &&
    name.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..")
  );
}

/** The whole object in memory (for sharp and small files); undefined when there is no such object. */
export async function readObject(storage: Storage, key: string): Promise<Buffer | undefined> {
  const read = await storage.get(key);
  if (!read) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of read.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export const DEFAULT_URL_SECONDS = 15 * 60;

/** A stored object about to be sent: its facts, and its bytes on demand (whole or one range). */
export interface StoredFile {
  object: StoredObject;
  contentType: string;
  /** The bytes; undefined when the object was deleted since it was looked up. */
  open(range?: ByteRange): Promise<Readable | undefined>;
}

/** The object under `key` ready to send as `contentType`, or undefined when there is none. */
export async function storedFile(
  storage: Storage,
  key: string,
  contentType: string,
): Promise<StoredFile | undefined> {
  const object = await storage.stat(key);
  if (!object) return undefined;
  return { object, contentType, open: async (range) => (await storage.get(key, range))?.body };
}

/** Every object under `prefix`, in key order. */
export async function listAll(storage: Storage, prefix: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const object of storage.list(prefix)) objects.push(object);
  return objects;
}
