import { createHash, randomUUID } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { cleanFileName, DATA_ROOM_TEXTS, extensionOf, fail } from "@aea/domain";
import { fileTypeFromBuffer, fileTypeFromStream } from "file-type";
import type { ByteRange, Storage, StoredObject } from "../../storage/storage.ts";
import { firstBytes, pdfInArchive } from "./pdf-content.ts";

/** An upload the server has received in full (a tus upload's temporary file): read it as often as needed. */
export interface ReceivedFile {
  /** As the uploader named it (any path is dropped). */
  name: string;
  size: number;
  /** The bytes, or one range of them (both ends included). */
  open(range?: ByteRange): Readable;
}

/** A received file checked and moved into storage. */
export interface AcceptedFile {
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
  sha256: string;
}

/**
 * The types a data room and the secure files take, by extension: what the bytes must be (the
 * `file-type` names of their magic numbers) and the type they are served as. Text formats have no
 * magic number: they must contain no NUL byte instead. OOXML written by some tools reads as a plain
 * zip, so zip is accepted for those.
 */
const ACCEPTED: Record<string, { magic: readonly string[] | "text"; contentType: string }> = {
  pdf: { magic: ["pdf"], contentType: "application/pdf" },
  png: { magic: ["png"], contentType: "image/png" },
  jpg: { magic: ["jpg"], contentType: "image/jpeg" },
  jpeg: { magic: ["jpg"], contentType: "image/jpeg" },
  gif: { magic: ["gif"], contentType: "image/gif" },
  webp: { magic: ["webp"], contentType: "image/webp" },
  tif: { magic: ["tif"], contentType: "image/tiff" },
  tiff: { magic: ["tif"], contentType: "image/tiff" },
  docx: {
    magic: ["docx", "zip"],
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  xlsx: {
    magic: ["xlsx", "zip"],
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  pptx: {
    magic: ["pptx", "zip"],
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  },
  doc: { magic: ["cfb"], contentType: "application/msword" },
  xls: { magic: ["cfb"], contentType: "application/vnd.ms-excel" },
  ppt: { magic: ["cfb"], contentType: "application/vnd.ms-powerpoint" },
  rtf: { magic: ["rtf"], contentType: "application/rtf" },
  zip: { magic: ["zip"], contentType: "application/zip" },
  csv: { magic: "text", contentType: "text/csv; charset=utf-8" },
  txt: { magic: "text", contentType: "text/plain; charset=utf-8" },
  las: { magic: "text", contentType: "text/plain; charset=utf-8" },
  json: { magic: "text", contentType: "application/json" },
};

/** PDFs are stamped per viewer in memory (pdf-lib), so a PDF may be at most this large. */
export const MAX_PDF_BYTES = 256 * 1024 * 1024;

const rejected = (message: string) => fail("UPLOAD_REJECTED", message);

/** The cleaned name, or the 400 a person reads. */
export function acceptedName(raw: string): string {
  const name = cleanFileName(raw);
  if (!name) throw rejected(DATA_ROOM_TEXTS.badName);
  return name;
}

/**
 * Checks a received file (not empty, within the limit, its bytes what its extension says; with
 * `noPdfsInArchives`, no archive holding a PDF) and streams it into storage under a generated key
 * below `prefix`, hashing it on the way. Nothing is stored when a check fails.
 */
export async function acceptUpload(
  storage: Storage,
  file: ReceivedFile,
  {
    prefix,
    maxBytes,
    noPdfsInArchives = false,
  }: {
    prefix: string;
    maxBytes: number;
    /** A data room's: it stamps every PDF it sends, which it cannot do inside an archive. */
    noPdfsInArchives?: boolean;
  },
): Promise<AcceptedFile> {
  const name = acceptedName(file.name);
  if (file.size === 0) throw rejected(DATA_ROOM_TEXTS.emptyFile);
  if (file.size > maxBytes) throw rejected(DATA_ROOM_TEXTS.tooLarge(Math.floor(maxBytes / 1024 / 1024)));
  const extension = extensionOf(name);
  const accepted = ACCEPTED[extension];
  if (!accepted) throw rejected(DATA_ROOM_TEXTS.typeNotAccepted(name));
  if (extension === "pdf" && file.size > MAX_PDF_BYTES) {
    throw rejected(DATA_ROOM_TEXTS.tooLarge(MAX_PDF_BYTES / 1024 / 1024));
  }
  if (!(await contentMatches(file, accepted.magic))) throw rejected(DATA_ROOM_TEXTS.typeMismatch(name));
  if (noPdfsInArchives && accepted.magic !== "text" && accepted.magic.includes("zip")) {
    const found = await pdfInArchive((range) => file.open(range), file.size);
    if (found.kind === "pdf") throw rejected(DATA_ROOM_TEXTS.pdfInArchive(name, found.entry));
    if (found.kind === "unreadable") throw rejected(DATA_ROOM_TEXTS.archiveUnreadable(name));
  }

  const hash = createHash("sha256");
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const storageKey = `${prefix}/${randomUUID()}.${extension}`;
  const stored: StoredObject = await storage.putStream(storageKey, file.open().pipe(hashing), {
    contentType: accepted.contentType,
  });
  return {
    name,
    size: stored.size,
    contentType: accepted.contentType,
    storageKey,
    sha256: hash.digest("hex"),
  };
}

/** The type a stored file is served as, from its name. */
export function contentTypeOf(name: string): string {
  return ACCEPTED[extensionOf(name)]?.contentType ?? "application/octet-stream";
}

async function contentMatches(file: ReceivedFile, magic: readonly string[] | "text"): Promise<boolean> {
  const stream = file.open();
  try {
    if (magic === "text") return await looksLikeText(stream);
    const detected = await fileTypeFromStream(Readable.toWeb(stream) as ReadableStream<Uint8Array>);
    return detected !== undefined && magic.includes(detected.ext);
  } finally {
    stream.destroy();
  }
}

/** The first 64 KB hold no NUL byte and no known binary signature. */
async function looksLikeText(stream: Readable): Promise<boolean> {
  const head = await firstBytes(stream, 64 * 1024);
  if (head.includes(0)) return false;
  const detected = await fileTypeFromBuffer(head);
  return detected === undefined;
}
