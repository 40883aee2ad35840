import { Readable } from "node:stream";
import yauzl from "yauzl";
import type { ByteRange, Storage } from "../../storage/storage.ts";

/** PDF readers find the header anywhere in a file's first kilobyte, so a stamp decision looks that far. */
const PDF_HEADER_WINDOW = 1024;

const PDF_HEADER = Buffer.from("%PDF-");
const ZIP_HEADER = Buffer.from("PK\u0003\u0004");

/** Whether a file's first bytes make it a PDF to a PDF reader, whatever its name or stored type. */
function looksLikePdf(head: Uint8Array): boolean {
  return Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, PDF_HEADER_WINDOW)).includes(
    PDF_HEADER,
  );
}

/** What an archive turned out to hold. */
export type ArchiveCheck =
  | { kind: "clean" }
  | { kind: "pdf"; entry: string }
  /** Password-protected, damaged, too deep or too large to look into: what it holds is unknown. */
  | { kind: "unreadable" };

/** Archives inside archives are opened this deep (a zip of Word files is two levels)… */
const MAX_DEPTH = 3;
/** …each read whole in memory when at most this large, and at most this much of them in all. */
const MAX_NESTED_BYTES = 64 * 1024 * 1024;
const MAX_NESTED_TOTAL = 256 * 1024 * 1024;
const MAX_ENTRIES = 50_000;

/**
 * Looks through a zip (and OOXML, which is a zip) for a PDF: an entry named `.pdf`, or whose bytes
 * begin like one, in the archive or in an archive inside it. A data room stamps every PDF it sends,
 * which it cannot do inside an archive, so such an upload is refused; one whose contents cannot be
 * read is refused too, since what it holds is unknown. Reads the central directory and each entry's
 * first kilobyte only, through `read` (byte ranges, both ends included), never the whole file.
 */
export async function pdfInArchive(
  read: (range: ByteRange) => Readable,
  size: number,
): Promise<ArchiveCheck> {
  const budget = { entries: MAX_ENTRIES, nestedBytes: MAX_NESTED_TOTAL };
  try {
    return await walk(
      await yauzl.fromRandomAccessReaderPromise(new RangeReader(read), size, OPTIONS),
      1,
      budget,
    );
  } catch {
    return { kind: "unreadable" };
  }
}

const OPTIONS = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: true };

async function walk(
  zip: yauzl.ZipFile,
  depth: number,
  budget: { entries: number; nestedBytes: number },
): Promise<ArchiveCheck> {
  try {
    for await (const entry of zip.eachEntry()) {
      if (--budget.entries < 0) return { kind: "unreadable" };
      if (entry.fileName.endsWith("/")) continue;
      if (/\.pdf$/i.test(entry.fileName)) return { kind: "pdf", entry: entry.fileName };
      if (entry.isEncrypted()) return { kind: "unreadable" };
      const head = await firstBytes(await zip.openReadStreamPromise(entry), PDF_HEADER_WINDOW);
      if (looksLikePdf(head)) return { kind: "pdf", entry: entry.fileName };
      if (!head.subarray(0, ZIP_HEADER.length).equals(ZIP_HEADER)) continue;
      budget.nestedBytes -= entry.uncompressedSize;
      if (depth >= MAX_DEPTH || entry.uncompressedSize > MAX_NESTED_BYTES || budget.nestedBytes < 0)
        return { kind: "unreadable" };
      const inner = await firstBytes(await zip.openReadStreamPromise(entry), entry.uncompressedSize);
      const found = await walk(await yauzl.fromBufferPromise(inner, OPTIONS), depth + 1, budget);
      if (found.kind !== "clean")
        return found.kind === "pdf" ? { ...found, entry: `${entry.fileName}/${found.entry}` } : found;
    }
    return { kind: "clean" };
  } finally {
    zip.close();
  }
}

/** Up to `limit` bytes from the start of a stream, which is then let go. */
export async function firstBytes(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/** yauzl's reader over a file it can ask byte ranges of (its ranges leave the end out). */
class RangeReader extends yauzl.RandomAccessReader {
  readonly #read: (range: ByteRange) => Readable;

  constructor(read: (range: ByteRange) => Readable) {
    super();
    this.#read = read;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    return end > start ? this.#read({ start, end: end - 1 }) : Readable.from([]);
  }
}

/**
 * Whether a stored data-room file is a PDF, and so stamped when sent: its stored type (set from its
 * checked magic bytes at upload), or failing that its first kilobyte, never its name, so a PDF
 * renamed `report.pdf.bak` is stamped all the same.
 */
export async function isStoredPdf(
  storage: Storage,
  file: { contentType: string; storageKey: string },
): Promise<boolean> {
  if (file.contentType === "application/pdf") return true;
  const read = await storage.get(file.storageKey, { start: 0, end: PDF_HEADER_WINDOW - 1 });
  return read !== undefined && looksLikePdf(await firstBytes(read.body, PDF_HEADER_WINDOW));
}
