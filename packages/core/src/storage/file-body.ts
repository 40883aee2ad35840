import type { FileHandle } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";

/** Bytes per read: a large download costs few reads and socket writes. */
const CHUNK_BYTES = 1024 * 1024;
/** Buffers a piped body reads into in turn: one is read into while the other is being written. */
const PIPE_BUFFERS = 2;

/**
 * The bytes of an open file from `start` to `end` (inclusive), closing the file when done or destroyed.
 *
 * Read as any Readable, each chunk is a fresh buffer. Piped into one destination (an HTTP response, as
 * Fastify sends a stream body) it reads into two buffers in turn instead, reusing each once the
 * destination's write callback says its bytes were taken. A fresh megabyte per chunk counts as external
 * memory, and on a server with a large heap that pressure forces a full garbage collection every few
 * tens of megabytes: a 200 MB download ran at two fifths of the speed it reaches with reused buffers.
 */
export class FileBody extends Readable {
  readonly #file: FileHandle;
  #position: number;
  readonly #end: number;
  #piped = false;

  constructor(file: FileHandle, start: number, end: number) {
    super({ highWaterMark: CHUNK_BYTES });
    this.#file = file;
    this.#position = start;
    this.#end = end;
  }

  override _read(): void {
    if (this.#piped) return;
    const length = Math.min(CHUNK_BYTES, this.#end - this.#position + 1);
    if (length <= 0) {
      this.push(null);
      return;
    }
    this.#file.read(Buffer.allocUnsafe(length), 0, length, this.#position).then(
      ({ bytesRead, buffer }) => {
        this.#position += bytesRead;
        // A file cut short since it was opened ends the body where the file now ends.
        this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    // Once flowing or read from elsewhere, the bytes already taken belong to that reader: pipe as usual.
    if (this.#piped || this.readableFlowing !== null || this.readableLength > 0) {
      return super.pipe(destination, options);
    }
    this.#piped = true;
    this.#pump(destination as unknown as Writable).then(
      () => {
        if (options?.end !== false) destination.end();
        // Ends this body too, so whoever waits for its end (Fastify does) hears it.
        this.push(null);
        this.resume();
      },
      (error: Error) => this.destroy(error),
    );
    return destination;
  }

  async #pump(destination: Writable): Promise<void> {
    const buffers = Array.from({ length: PIPE_BUFFERS }, () => Buffer.allocUnsafeSlow(CHUNK_BYTES));
    const written: Promise<void>[] = buffers.map(() => Promise.resolve());
    const closed = new Promise<never>((_, reject) => {
      const stop = () => reject(new Error("the destination closed before the body was sent"));
      destination.once("close", stop);
      this.once("close", stop);
    });
    closed.catch(() => undefined);
    for (let turn = 0; this.#position <= this.#end; turn = (turn + 1) % PIPE_BUFFERS) {
      // The buffer is only refilled once the destination has taken what it held.
      await Promise.race([written[turn], closed]);
      const length = Math.min(CHUNK_BYTES, this.#end - this.#position + 1);
      const { bytesRead } = await this.#file.read(buffers[turn], 0, length, this.#position);
      if (bytesRead === 0) break;
      this.#position += bytesRead;
      const chunk = buffers[turn].subarray(0, bytesRead);
      written[turn] = new Promise((resolve, reject) =>
        destination.write(chunk, (error) => (error ? reject(error) : resolve())),
      );
      written[turn].catch(() => undefined);
    }
    await Promise.race([Promise.all(written), closed]);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#file.close().then(
      () => callback(error),
      () => callback(error),
    );
  }
}
