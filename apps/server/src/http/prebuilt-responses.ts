import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyServerOptions } from "fastify";
import { chooseEncoding, etagMatches, type PrecompressedBody } from "./precompressed.ts";

interface PrebuiltResponse {
  body: PrecompressedBody;
  /** Flat [name, value, …] lists, one per encoding, ready for `writeHead`. */
  headers: { identity: string[]; gzip: string[]; br: string[]; notModified: string[] };
  /** False once the data behind the body changed: the request then goes to the route, which rebuilds. */
  isCurrent: () => boolean;
}

export interface PrebuiltResponseOptions {
  cacheControl: string;
  vary?: string;
  isCurrent?: () => boolean;
}

/**
 * Responses that are the same bytes for every visitor (the fingerprinted build assets, the public
 * deals list) answered by node:http before Fastify sees the request. Fastify's per-request work
 * (request and reply objects, hooks, logger) costs as much as writing a 60 KB body; for these
 * responses none of it applies. The Fastify routes stay the source of truth: they register their
 * bytes here, and every other request, any query string or method, or a body gone stale, goes to them.
 * See docs/decisions/008.
 */
export class PrebuiltResponses {
  readonly #responses = new Map<string, PrebuiltResponse>();
  readonly #commonHeaders: string[];

  /** `commonHeaders`: what every response carries (the security headers). */
  constructor(commonHeaders: Record<string, string>) {
    this.#commonHeaders = Object.entries(commonHeaders).flat();
  }

  set(path: string, body: PrecompressedBody, options: PrebuiltResponseOptions): void {
    const shared = [
      ...this.#commonHeaders,
      "etag",
      body.etag,
      "cache-control",
      options.cacheControl,
      "vary",
      options.vary ?? "accept-encoding",
    ];
    const withBody = (bytes: Buffer | undefined, encoding?: string) => [
      ...shared,
      "content-type",
      body.contentType,
      ...(encoding ? ["content-encoding", encoding] : []),
      "content-length",
      String((bytes ?? body.identity).length),
    ];
    this.#responses.set(path, {
      body,
      headers: {
        identity: withBody(body.identity),
        gzip: withBody(body.gzip, "gzip"),
        br: withBody(body.brotli, "br"),
        notModified: shared,
      },
      isCurrent: options.isCurrent ?? (() => true),
    });
  }

  /** Answers a GET of a registered path (exactly, without a query string); false leaves it to Fastify. */
  tryServe(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET") return false;
    const prebuilt = this.#responses.get(request.url ?? "");
    if (!prebuilt?.isCurrent()) return false;
    if (etagMatches(request.headers["if-none-match"], prebuilt.body.etag)) {
      response.writeHead(304, prebuilt.headers.notModified);
      response.end();
      return true;
    }
    const { bytes, encoding } = chooseEncoding(prebuilt.body, request.headers["accept-encoding"]);
    response.writeHead(200, prebuilt.headers[encoding ?? "identity"]);
    response.end(bytes);
    return true;
  }

  /** A `serverFactory` for Fastify: the HTTP server it would create, with these responses in front. */
  serverFactory(): NonNullable<FastifyServerOptions["serverFactory"]> {
    return (fastifyHandler, options) => {
      const server: Server = createServer(options.http ?? {}, (request, response) => {
        if (!this.tryServe(request, response)) fastifyHandler(request, response);
      });
      // What Fastify sets on a server it creates itself.
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = options;
      if (typeof keepAliveTimeout === "number") server.keepAliveTimeout = keepAliveTimeout;
      if (typeof requestTimeout === "number") server.requestTimeout = requestTimeout;
      if (typeof connectionTimeout === "number") server.setTimeout(connectionTimeout);
      return server;
    };
  }
}
