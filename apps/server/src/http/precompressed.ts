import { createHash } from "node:crypto";
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
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

/** Bodies up to this size (every page) are compressed with brotli's smallest fast window. */
const SMALL_WINDOW_UP_TO_BYTES = 256 * 1024;

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
      // A 64 KB window lets quality 5 use brotli's small hasher instead of 9 MB of tables, which the
      // server's malloc settings map afresh for every call (decision 037): a cached page of 190 KB
      // takes 5.3 instead of 8.3 ms and comes out 2–4 % larger (decision 052). Larger bodies, rebuilt
      // only when their data changes, keep the full window: the 500 KB deals list would grow by 16 %.
      ...(identity.length <= SMALL_WINDOW_UP_TO_BYTES ? { [constants.BROTLI_PARAM_LGWIN]: 16 } : {}),
    },
  });
  let gzip: Buffer | undefined;
  // Decompressed into one buffer of the known size: in zlib's 16 KB pieces, each piece came from the
  // heap that long-lived blocks share (decision 037's threshold is 32 KB), and took twice the time.
  const decompressed = () =>
    brotliDecompressSync(brotli, { chunkSize: Math.max(identityLength, constants.Z_MIN_CHUNK) });
  return {
    contentType,
    etag,
    identityLength,
    brotli,
    get gzip() {
      gzip ??= gzipSync(decompressed(), { level: 6 });
      return gzip;
    },
    get identity() {
      return decompressed();
    },
  };
}

/** The bytes to send for an Accept-Encoding header, and their content-encoding (none: identity). */
export function chooseEncoding(
  body: PrecompressedBody,
  acceptEncoding: string | undefined,
): { bytes: Buffer; encoding?: "br" | "gzip" } {
  // `in`, not a read: a "fast" body's gzip form is made when first read.
  const offered = [...(body.brotli ? (["br"] as const) : []), ...("gzip" in body ? (["gzip"] as const) : [])];
  const encoding = preferredEncoding(acceptEncoding, offered);
  if (encoding === "br" && body.brotli) return { bytes: body.brotli, encoding };
  if (encoding === "gzip" && body.gzip) return { bytes: body.gzip, encoding };
  return { bytes: body.identity };
}

/**
 * Of the encodings the server `offered` (in its order of preference), the one to send for a client's
 * Accept-Encoding: the client's highest q-value wins, the server's order breaks ties, and one refused
 * with q=0 is not chosen for its name; none (undefined: send identity) when the client takes none of
 * them. The same negotiator as the on-the-fly compression plugin, so every response of the server
 * agrees, including its one quirk: a `*` stands for the server's first choice even when the header
 * refused that one by name (`br;q=0, *` gets brotli), a header no browser sends.
 */
export function preferredEncoding<Encoding extends "zstd" | "br" | "gzip">(
  acceptEncoding: string | undefined,
  offered: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding || offered.length === 0) return undefined;
  return (negotiate(acceptEncoding, offered as Encoding[]) as Encoding | null) ?? undefined;
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
