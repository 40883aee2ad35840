import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";
import { sendResponse } from "@mcansh/react-router-fastify";
import type { FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "./precompressed.ts";

/** A page's HTML, or its data for a client-side navigation (React Router's turbo-stream). */
const RENDERED_PAGE_TYPE = /^text\/(html|x-script)\b/;
/** Below this, compressing costs more than the bytes it saves (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** React Router's answer to a request, with the page's bytes when the render handed them over. */
export interface RenderedResponse {
  response: Response;
  /** A rendered page's bytes as React made them (see entry.server's renderedPageBytes). */
  page: Buffer | undefined;
}

/** A rendered response's body: the bytes the render handed over, or else the body read whole. */
export async function bodyOf({ response, page }: RenderedResponse): Promise<Buffer> {
  return page ?? Buffer.from(await response.arrayBuffer());
}

/**
 * Sends a page rendered for one request (a signed-in view, or a page the render cache does not keep)
 * whole, compressed here in one call. Streaming it through the on-the-fly compression plugin sent each
 * 16 KB chunk through the thread pool and back: on a busy server every round trip waits a turn of the
 * event loop, which made a signed-in page several times slower than an anonymous one under load
 * (decision 022). Our pages defer no data, so React has the whole page at once and nothing streams later.
 * Anything else (files, exports, redirects) goes out as React Router answered it.
 */
export async function sendRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: RenderedResponse,
): Promise<unknown> {
  const { response } = rendered;
  const contentType = response.headers.get("content-type") ?? "";
  if (response.body === null || !RENDERED_PAGE_TYPE.test(contentType)) return sendResponse(reply, response);

  const body = await bodyOf(rendered);
  reply.status(response.status);
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  }
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (body.length < COMPRESS_FROM_BYTES) return reply.send(body);

  reply.header("vary", varyWithAcceptEncoding(reply.getHeader("vary")));
  const encoding = preferredEncoding(request.headers["accept-encoding"], ["zstd", "br", "gzip"]);
  if (encoding === "zstd") {
    // Browsers that take zstd (Chromium, Firefox) get it first: level 1 is within 5 % of brotli 3's
    // size on a signed-in deals list and costs a third of its time (0.5 vs 1.4 ms for 135 KB with the
    // server's malloc settings), and this is paid on every page rendered for one visitor.
    return reply.header("content-encoding", "zstd").send(
      zstdCompressSync(body, {
        params: { [constants.ZSTD_c_compressionLevel]: 1 },
        pledgedSrcSize: body.length,
        // Room for the whole frame lets zstd compress in one pass, without its streaming buffers: half
        // the time under the server's malloc settings (0.85 vs 1.55 ms for a 187 KB page), same bytes.
        chunkSize: zstdBound(body.length),
      }),
    );
  }
  if (encoding === "br") {
    return reply.header("content-encoding", "br").send(
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          // Quality 3 is within 4 % of quality 4's size on a 130 KB page in a quarter of its time (0.8 ms).
          [constants.BROTLI_PARAM_QUALITY]: 3,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
  }
  if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(gzipSync(body, { level: 5 }));
  return reply.send(body);
}

/** At least zstd's worst case for `length` bytes (ZSTD_COMPRESSBOUND, with room to spare). */
function zstdBound(length: number): number {
  return length + (length >> 7) + 1024;
}

function varyWithAcceptEncoding(vary: ReturnType<FastifyReply["getHeader"]>): string {
  const names = String(vary ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => name.toLowerCase() === "accept-encoding")
    ? names.join(", ")
    : [...names, "accept-encoding"].join(", ");
}
