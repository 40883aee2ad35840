import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { SESSION_COOKIE } from "@aea/core";
import type { FastifyServerOptions } from "fastify";
import { chooseEncoding, etagMatches, type PrecompressedBody } from "./precompressed.ts";
import { RequestAdmission } from "./request-admission.ts";

interface PrebuiltResponse {
  body: PrecompressedBody;
  /** Flat [name, value, …] lists, one per encoding, ready for `writeHead`. */
  headers: { identity: string[]; gzip: string[]; br: string[]; notModified: string[] };
  /** False once the data behind the body changed: the request then goes to the route, which rebuilds. */
  isCurrent: () => boolean;
  anonymousOnly: boolean;
}

export interface PrebuiltResponseOptions {
  cacheControl: string;
  vary?: string;
  isCurrent?: () => boolean;
  /**
   * Only for requests without the session cookie: a signed-in user's request goes to the route, whose
   * reply is then marked private (plugins/sessions.ts), so no shared cache keeps what a user was sent.
   */
  anonymousOnly?: boolean;
}

/** The flat header lists for one body: for a 304 (no body) and with the body in a given encoding. */
function headerLists(common: readonly string[], body: PrecompressedBody, options: PrebuiltResponseOptions) {
  const notModified = [
    ...common,
    "etag",
    body.etag,
    "cache-control",
    options.cacheControl,
    "vary",
    options.vary ?? "accept-encoding",
  ];
  const withBody = (length: number, encoding?: string) => [
    ...notModified,
    "content-type",
    body.contentType,
    ...(encoding ? ["content-encoding", encoding] : []),
    "content-length",
    String(length),
  ];
  return { notModified, withBody };
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
  readonly #lookups: ((request: IncomingMessage, response: ServerResponse) => boolean)[] = [];

  /** `commonHeaders`: what every response carries (the security headers). */
  constructor(commonHeaders: Record<string, string>) {
    this.#commonHeaders = Object.entries(commonHeaders).flat();
  }

  set(path: string, body: PrecompressedBody, options: PrebuiltResponseOptions): void {
    const { notModified, withBody } = headerLists(this.#commonHeaders, body, options);
    this.#responses.set(path, {
      body,
      headers: {
        identity: withBody(body.identityLength),
        gzip: body.gzip ? withBody(body.gzip.length, "gzip") : withBody(body.identityLength),
        br: body.brotli ? withBody(body.brotli.length, "br") : withBody(body.identityLength),
        notModified,
      },
      isCurrent: options.isCurrent ?? (() => true),
      anonymousOnly: options.anonymousOnly === true,
    });
  }

  /**
   * Another source of ready responses, asked after the registered paths (the render cache of
   * anonymous pages): it answers through `send` and returns true, or returns false.
   */
  addLookup(lookup: (request: IncomingMessage, response: ServerResponse) => boolean): void {
    this.#lookups.push(lookup);
  }

  /** Sends a body prepared elsewhere, with the common headers and any of its own (e.g. a page's CSP). */
  send(
    request: IncomingMessage,
    response: ServerResponse,
    body: PrecompressedBody,
    options: PrebuiltResponseOptions & { status?: number; headers?: Record<string, string> },
  ): void {
    const { notModified, withBody } = headerLists(
      [...this.#commonHeaders, ...Object.entries(options.headers ?? {}).flat()],
      body,
      options,
    );
    if (etagMatches(request.headers["if-none-match"], body.etag)) {
      response.writeHead(304, notModified);
      response.end();
      return;
    }
    const { bytes, encoding } = chooseEncoding(body, request.headers["accept-encoding"]);
    response.writeHead(options.status ?? 200, withBody(bytes.length, encoding));
    response.end(bytes);
  }

  /** Answers a GET of a registered path (exactly, without a query string) or from a lookup; false leaves it to Fastify. */
  tryServe(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET") return false;
    if (this.#tryRegistered(request, response)) return true;
    return this.#lookups.some((lookup) => lookup(request, response));
  }

  #tryRegistered(request: IncomingMessage, response: ServerResponse): boolean {
    const prebuilt = this.#responses.get(request.url ?? "");
    if (!prebuilt?.isCurrent()) return false;
    if (prebuilt.anonymousOnly && request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return false;
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
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = options;
      // Node applies a request timeout only when given at creation (setting it later has no effect on
      // Node 24), and checks for requests past their deadline every 30 s by default: checking at a
      // quarter of the deadline ends a slow client's request within 1.25 × REQUEST_TIMEOUT_SECONDS.
      const deadline =
        typeof requestTimeout === "number" && requestTimeout > 0
          ? { requestTimeout, connectionsCheckingInterval: Math.min(30_000, requestTimeout / 4) }
          : {};
      const admission = new RequestAdmission();
      const server: Server = createServer({ ...(options.http ?? {}), ...deadline }, (request, response) => {
        admission.arrive(
          request,
          () => this.tryServe(request, response),
          () => fastifyHandler(request, response),
        );
      });
      // What Fastify sets on a server it creates itself.
      if (typeof keepAliveTimeout === "number") server.keepAliveTimeout = keepAliveTimeout;
      if (typeof requestTimeout === "number") server.requestTimeout = requestTimeout;
      if (typeof connectionTimeout === "number") server.setTimeout(connectionTimeout);
      return server;
    };
  }
}
