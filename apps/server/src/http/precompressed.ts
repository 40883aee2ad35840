import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A response body prepared once and sent many times: raw, gzip and brotli bytes plus a strong ETag. */
export interface PrecompressedBody {
  contentType: string;
  etag: string;
  /** For "fast" bodies made from the brotli bytes when asked: browsers all take a compressed form. */
  readonly identity: Buffer;
  identityLength: number;
  /** Absent for formats that are compressed already (images, fonts); made on first use for "fast" bodies. */
  readonly gzip?: Buffer;
  brotli?: Buffer;
}

const compressibleType = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * `effort` trades start-up or first-request time for size: "max" for build assets compressed once per
 * process, "fast" for data rebuilt whenever it changes (brotli 11 on the deals JSON takes over a second).
 */
export function precompress(
  body: Buffer | string,
  contentType: string,
  effort: "max" | "fast" = "max",
  /** Compressed forms made earlier (the build writes .br and .gz files). */
  prepared?: { gzip: Buffer; brotli: Buffer },
): PrecompressedBody {
  const identity = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const identityLength = identity.length;
  if (!compressibleType.test(contentType)) return { contentType, etag, identity, identityLength };
  if (prepared) return { contentType, etag, identity, identityLength, ...prepared };
  if (effort === "max") {
    const gzip = gzipSync(identity, { level: 9 });
    const brotli = brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
    return { contentType, etag, identity, identityLength, gzip, brotli };
  }
  // Data rebuilt as it changes (cached pages, lists) keeps only its brotli form: a cached page's raw
  // HTML is some 200 KB against 30 KB compressed, hundreds of pages are cached at once, and every
  // browser in use takes brotli. The gzip form, for the rare client without it, is made on its first
  // request and then kept; compressing both up front cost half the time of a render cache refill.
  const brotli = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  let gzip: Buffer | undefined;
  return {
    contentType,
    etag,
    identityLength,
    brotli,
    get gzip() {
      gzip ??= gzipSync(brotliDecompressSync(brotli), { level: 6 });
      return gzip;
    },
    get identity() {
      return brotliDecompressSync(brotli);
    },
  };
}

/** The bytes to send for an Accept-Encoding header, and their content-encoding (none: identity). */
export function chooseEncoding(
  body: PrecompressedBody,
  acceptEncoding: string | undefined,
): { bytes: Buffer; encoding?: "br" | "gzip" } {
  if (body.brotli && accepts(acceptEncoding, "br")) return { bytes: body.brotli, encoding: "br" };
  // `accepts` first: a "fast" body makes its gzip form when first read.
  if (accepts(acceptEncoding, "gzip") && body.gzip) return { bytes: body.gzip, encoding: "gzip" };
  return { bytes: body.identity };
}

const ENCODING_TOKEN = { br: /\bbr\b/, gzip: /\bgzip\b/, zstd: /\bzstd\b/ } as const;

/** Whether an Accept-Encoding header takes `encoding`. */
export function accepts(acceptEncoding: string | undefined, encoding: keyof typeof ENCODING_TOKEN): boolean {
  return ENCODING_TOKEN[encoding].test(acceptEncoding ?? "");
}

/**
 * Sends a precompressed body, answering 304 to a matching If-None-Match. The reply is marked so the
 * on-the-fly compression plugin leaves it alone.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PrecompressedBody,
  cacheControl: string,
  vary = "accept-encoding",
): FastifyReply {
  reply.header("etag", body.etag).header("cache-control", cacheControl).header("vary", vary);
  if (etagMatches(request.headers["if-none-match"], body.etag)) return reply.code(304).send();
  const { bytes, encoding } = chooseEncoding(body, request.headers["accept-encoding"]);
  reply.header("content-type", body.contentType);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(bytes);
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return (
    header === "*" || header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag)
  );
}
