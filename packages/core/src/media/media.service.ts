import { extname } from "node:path";
import { SELLER_BROCHURES } from "@aea/domain";
import { brochureKey } from "../inquiries/brochures.ts";
import type { Storage, StoredFile } from "../storage/storage.ts";
import { storedFile } from "../storage/storage.ts";

/** Types of the files the site hands out by name; anything else goes as plain bytes. */
const TYPES: Readonly<Record<string, string>> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".pdf": "application/pdf",
};

const LISTING_PICTURE = /^[a-z]+\.(jpg|jpeg|png|webp)$/;

/** The demo listings' pictures still being drawn after a start (demo/listing-images.ts). */
export interface DemoPictures {
  draw(key: string): Promise<boolean>;
  drawMissing(options?: { concurrency?: number }): Promise<unknown>;
  stop(): void;
}

/**
 * The stored files the server sends by name: the seller brochures, listings' pictures and the objects
 * of signed `/files/` URLs. Who may see a listing's picture is the caller's decision (the deal page's rule).
 */
export class MediaService {
  readonly #storage: Storage;
  readonly #demoPictures: DemoPictures | undefined;

  constructor(storage: Storage, demoPictures?: DemoPictures) {
    this.#storage = storage;
    this.#demoPictures = demoPictures;
  }

  /** One of the seller page's brochures by its file name (`{slug}.pdf`); nothing else is reachable. */
  async brochure(file: string): Promise<StoredFile | undefined> {
    const brochure = SELLER_BROCHURES.find((b) => `${b.slug}.pdf` === file);
    return brochure ? storedFile(this.#storage, brochureKey(brochure.slug), "application/pdf") : undefined;
  }

  /** A listing's cover, logo or tombstone by its file name (`cover.jpg`). */
  async listingPicture(listingId: number, file: string): Promise<StoredFile | undefined> {
    if (!Number.isSafeInteger(listingId) || listingId < 1 || !LISTING_PICTURE.test(file)) return undefined;
    const key = `listings/${listingId}/${file}`;
    const found = await storedFile(this.#storage, key, typeOf(file));
    // A demo picture not drawn yet (the first seconds after a first start) is drawn now.
    if (found || !this.#demoPictures) return found;
    await this.#demoPictures.draw(key);
    return storedFile(this.#storage, key, typeOf(file));
  }

  /**
   * The object a signed URL of the local driver names (`/files/{key}?expires=…&signature=…`), when the
   * signature holds and the URL has not expired. Other drivers sign their own URLs: nothing here.
   */
  async signedFile(
    key: string,
    query: URLSearchParams,
  ): Promise<{ file: StoredFile; downloadName?: string } | undefined> {
    const signed = this.#storage.verifyUrl?.(key, query);
    const file = signed && (await storedFile(this.#storage, signed.key, typeOf(signed.key)));
    return file ? { file, downloadName: signed.downloadName } : undefined;
  }

  /** A URL a browser can fetch a stored object from without a session, for a limited time. */
  url(key: string, options?: Parameters<Storage["url"]>[1]): Promise<string> {
    return this.#storage.url(key, options);
  }
}

function typeOf(name: string): string {
  return TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
}
