import { Worker } from "node:worker_threads";
import { extensionOf } from "@aea/domain";

/** Pages read of one PDF, and characters kept of one page or text file (PostgreSQL's tsvector ends at 1 MB). */
const MAX_PAGES = 5_000;
const MAX_PAGE_CHARS = 200_000;
/** A PDF whose text is not read in this time is given up (a damaged or hostile file). */
const PDF_TIMEOUT_MS = 120_000;
const WORKER_HEAP_MB = 512;
/** A reader idle this long is ended: pdf.js holds some 90 MB that a server serving pages should not carry. */
const IDLE_END_MS = 5_000;

/** A file's text, one string per page (a text file is one page); empty when it has none. */
export type PageTexts = string[];

/**
 * The text of a data-room file for search: a PDF's pages (read by pdf.js in a worker thread), or a
 * text-like file's content. Text is tidied for the index: no NUL (PostgreSQL refuses it), runs of
 * blanks made one space, each page cut at MAX_PAGE_CHARS.
 */
export async function extractText(name: string, bytes: Uint8Array): Promise<PageTexts> {
  const pages = extensionOf(name) === "pdf" ? await pdfReader.read(bytes) : [new TextDecoder().decode(bytes)];
  return pages.map(tidy);
}

function tidy(text: string): string {
  return text
    .replaceAll("\u0000", "")
    .replace(/[\uE000\uE001]/g, "")
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim()
    .slice(0, MAX_PAGE_CHARS);
}

/**
 * One worker thread reading one PDF at a time (the jobs run one after another anyway); a worker that
 * fails, runs out of memory or takes too long is ended, and the next PDF gets a fresh one. A worker
 * with nothing left to read is ended after IDLE_END_MS, so the memory is only spent while reading.
 */
class PdfReader {
  #worker: Worker | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #waiting = 0;
  #idleTimer: NodeJS.Timeout | undefined;

  read(bytes: Uint8Array): Promise<PageTexts> {
    this.#waiting += 1;
    clearTimeout(this.#idleTimer);
    const next = this.#queue.then(() => this.#readNow(bytes));
    this.#queue = next
      .catch(() => undefined)
      .finally(() => {
        this.#waiting -= 1;
        if (this.#waiting === 0) this.#endWhenIdle();
      });
    return next;
  }

  get isRunning(): boolean {
    return this.#worker !== undefined;
  }

  #endWhenIdle(): void {
    this.#idleTimer = setTimeout(() => {
      if (this.#worker && this.#waiting === 0) this.#end(this.#worker);
    }, IDLE_END_MS);
    this.#idleTimer.unref();
  }

  #readNow(bytes: Uint8Array): Promise<PageTexts> {
    const worker = this.#start();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onFailure).off("exit", onExit);
      };
      const onMessage = (message: { pages?: string[]; error?: string }) => {
        done();
        if (message.pages) resolve(message.pages);
        else reject(new Error(`The PDF's text could not be read: ${message.error}`));
      };
      const onFailure = (error: Error) => {
        done();
        this.#end(worker);
        reject(error);
      };
      const onExit = (code: number) =>
        onFailure(new Error(`Reading the PDF's text stopped (exit code ${code})`));
      const timer = setTimeout(
        () => onFailure(new Error("Reading the PDF's text took too long")),
        PDF_TIMEOUT_MS,
      );
      worker.on("message", onMessage).on("error", onFailure).on("exit", onExit);
      worker.postMessage({ data: bytes, maxPages: MAX_PAGES });
    });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL("./pdf-text.worker.ts", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // An idle reader never keeps the process from ending.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #end(worker: Worker): void {
    if (this.#worker === worker) this.#worker = undefined;
    void worker.terminate();
  }
}

const pdfReader = new PdfReader();

/** Whether a PDF reader thread is alive now (a test checks that an idle one gives its memory back). */
export function isPdfReaderRunning(): boolean {
  return pdfReader.isRunning;
}
