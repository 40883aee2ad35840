/**
 * Where React writes a page: its pieces are encoded as UTF-8 as they come, and handed over as the page's
 * bytes once React has ended.
 *
 * Every page leaves the server whole (compressed in one call, or kept by the render cache), so nothing
 * is gained by streaming it. React's string-writing build (see entry.server) hands each piece over as
 * the string it made: some ten thousand of them a page. Appending them all to one string and encoding
 * it at the end cost over 1 ms a page of a deal list (decision 051): one deal title with an en dash
 * makes the whole 100 KB page a two-byte string, and V8 copies ten thousand pieces into it one by
 * one. Encoding the pieces a few hundred at a time keeps the strings small and mostly one-byte, and
 * the page is bytes from then on (the tag parking, the response, the compression all take bytes).
 * It never pushes back, because it only gathers what React already holds.
 */
export class PageCollector {
  #bytes = Buffer.allocUnsafe(FIRST_CAPACITY_BYTES);
  #length = 0;
  /** Pieces not yet encoded, appended into one string. */
  #pending = "";
  #pendingPieces = 0;
  #settled = false;
  #resolve!: (page: Buffer<ArrayBuffer>) => void;
  #reject!: (error: Error) => void;
  /** The whole page as UTF-8, once React has ended it; rejected if the render failed or was abandoned. */
  readonly page = new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    this.#resolve = resolve;
    this.#reject = reject;
  });

  write(piece: string): boolean {
    if (this.#settled) return true;
    this.#pending += piece;
    if (++this.#pendingPieces === PIECES_PER_ENCODING) this.#encodePending();
    return true;
  }

  end(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#encodePending();
    this.#resolve(this.#bytes.subarray(0, this.#length));
  }

  /** React's way of abandoning the page (an abort, or an error after the shell). */
  destroy(error?: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#reject(error ?? new Error("The page's render was abandoned before it ended"));
  }

  /** React listens for `drain`, `error` and `close`; a collector never emits them. */
  on(): this {
    return this;
  }

  #encodePending(): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    const mostBytes = this.#length + this.#pending.length * 3;
    if (mostBytes > this.#bytes.length) {
      const larger = Buffer.allocUnsafe(Math.max(mostBytes, this.#bytes.length * 2));
      this.#bytes.copy(larger, 0, 0, this.#length);
      this.#bytes = larger;
    }
    this.#length += this.#bytes.write(this.#pending, this.#length, "utf8");
    this.#pending = "";
    this.#pendingPieces = 0;
  }
}

/** Most signed-in pages are 50–110 KB; a larger page doubles it once or twice. */
const FIRST_CAPACITY_BYTES = 64 * 1024;
/** Measured on a deal list's pieces: 16 cost half as much again, 1,024 no less than 256. */
const PIECES_PER_ENCODING = 256;
