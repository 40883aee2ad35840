/**
 * Where React writes a page: its pieces are kept and handed over as one string once React has ended.
 *
 * Every page leaves the server whole (compressed in one call, or kept by the render cache), so nothing
 * is gained by streaming it. React's string-writing build (see entry.server) hands each piece over as
 * the string it made; encoding the page once at the end costs a fraction of encoding every piece into
 * 4 KB byte views as the Node build does. It never pushes back, because it only gathers what React
 * already holds.
 */
export class PageCollector {
  // Appending builds a rope that is flattened once, when the page is read. Per page it measured the same
  // as keeping the pieces (some ten thousand) in an array and joining them, and cheaper on its own.
  #html = "";
  #settled = false;
  #resolve!: (page: string) => void;
  #reject!: (error: Error) => void;
  /** The whole page, once React has ended it; rejected if the render failed or was abandoned. */
  readonly page = new Promise<string>((resolve, reject) => {
    this.#resolve = resolve;
    this.#reject = reject;
  });

  write(piece: string): boolean {
    if (!this.#settled) this.#html += piece;
    return true;
  }

  end(): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#resolve(this.#html);
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
}
