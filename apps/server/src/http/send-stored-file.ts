import type { ByteRange, StoredFile } from "@aea/core";
import { notFound } from "@aea/domain";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Sends a stored file as a static file server would: ETag and Last-Modified, 304 for a fresh
 * conditional request, one byte range (206, or 416 when it lies past the end) and the length.
 * Cache-Control and the answer for a missing file are the caller's: false means the file vanished
 * before it could be opened and nothing was sent. (It answers a boolean, not the reply: a reply is
 * thenable, and awaiting it waits for the response to end and gives undefined.)
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  /** A validator of the caller's own (transforms name their parameters); the stored object's by default. */
  etag = file.object.etag,
): Promise<boolean> {
  const { size, lastModified } = file.object;
  reply
    .header("etag", etag)
    .header("last-modified", lastModified.toUTCString())
    .header("accept-ranges", "bytes");
  if (isFresh(request, etag, lastModified)) {
    reply.code(304).send();
    return true;
  }
  const range = requestedRange(request, etag, size);
  if (range === "unsatisfiable") {
    reply.code(416).header("content-range", `bytes */${size}`).send();
    return true;
  }
  const body = await file.open(range);
  // Deleted between looking it up and opening it: the caller answers as for any missing file.
  if (!body) return false;
  reply.type(file.contentType);
  if (!range) {
    reply.header("content-length", size).send(body);
    return true;
  }
  reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
    .header("content-length", range.end - range.start + 1)
    .send(body);
  return true;
}

/** If-None-Match decides when present (RFC 9110 §13.2.2); If-Modified-Since only without it. */
function isFresh(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const noneMatch = request.headers["if-none-match"];
  if (noneMatch !== undefined) {
    return noneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
  }
  const since = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * One `bytes=` range resolved against the size: `a-b`, `a-` or the suffix `-n`. Several ranges, another
 * unit, a malformed header or an If-Range for another version get the whole file, as RFC 9110 allows.
 */
function requestedRange(
  request: FastifyRequest,
  etag: string,
  size: number,
): ByteRange | "unsatisfiable" | undefined {
  const header = request.headers.range;
  const ifRange = request.headers["if-range"];
  if (!header || (ifRange !== undefined && ifRange !== etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== "" && Number(match[2]) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end: match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1) };
}

/**
 * The one answer of a file route for a missing file, or one the viewer may not see: never cached,
 * and none of a file's validators, ranges or name left from an answer begun.
 */
export function fileNotFound(reply: FastifyReply): FastifyReply {
  const { status, message, code } = notFound();
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .removeHeader("etag")
    .removeHeader("last-modified")
    .removeHeader("accept-ranges")
    .removeHeader("content-disposition")
    .send({ message, code });
}
