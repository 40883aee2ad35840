import type { IncomingMessage, ServerResponse } from "node:http";
import type { Dataset, DataVersionReader } from "@aea/core";
import { showsOldBrowserBanner } from "@aea/domain";
import type { FastifyReply } from "fastify";
import { newScriptNonce } from "../plugins/security-headers.ts";
import type { PrebuiltResponses } from "./prebuilt-responses.ts";
import { type PrecompressedBody, precompress, sendPrecompressed } from "./precompressed.ts";
import { VersionedCache } from "./versioned-cache.ts";

/**
 * A render worth keeping: a 200 or a redirect that sets no cookie. A redirect (/services to its first
 * service) is as much the same for every anonymous visitor as a page, and cost as much of a turn.
 */
export interface RenderedPage {
  status: number;
  /** A redirect's target. */
  location?: string;
  html: Buffer;
  contentType: string;
  contentSecurityPolicy: string;
  /** The script nonce the page and its policy carry (newScriptNonce's form). */
  nonce: string;
}

/** The statuses of a redirect, which the cache keeps with its Location. */
export function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

interface CachedPage {
  status: number;
  /**
   * Headers besides the common ones: the page's policy, whose nonce its inline scripts carry (a replay
   * must send the same), and a redirect's Location.
   */
  headers: Record<string, string>;
  body: PrecompressedBody;
  nonce: string;
  /** When the page was rendered: renewing it keeps this. */
  renderedAt: number;
}

export interface RenderCacheOptions {
  /** Paths whose HTML is the same for every anonymous visitor. */
  cacheable: (path: string) => boolean;
  /** Cookies that make a page personal: a request carrying any of them is never served from the cache. */
  personalCookies: readonly string[];
  /** The data version (`core.dataVersion`): a committed write to `dependsOn` empties the cache. */
  dataVersion: DataVersionReader;
  /** The datasets pages show, so an edited listing is never served stale. */
  dependsOn: readonly Dataset[];
  cacheControl: string;
  ttlMs?: number;
  /** How long past its time a page is still sent to others while one visitor's request renders it again. */
  graceMs?: number;
  /**
   * How long after its render an expired page of unchanged data is renewed rather than rendered again:
   * given a fresh nonce, which is all a render of the same data would change (decision 053).
   */
  renewableForMs?: number;
  maxEntries?: number;
}

/**
 * How long a visitor's request has to render an expired page again before another may try: it waits in
 * the admission queue first, and may be dropped there when its client leaves.
 */
const REFILL_CLAIM_MS = 5_000;

/**
 * Bounds what the data version does not follow (anything a page shows that changes with time alone):
 * an expired page is renewed for up to this long after its render, then rendered again.
 */
const RENEWABLE_FOR_MS = 5 * 60_000;

/**
 * A short-lived cache of server-rendered pages for anonymous visitors, keyed by URL and data version
 * (a VersionedCache with a time limit).
 * Signed-in visitors and any response that sets a cookie bypass it, so one user's page is never
 * served to another. Entries are stored compressed, ready to send.
 */
export class RenderCache {
  readonly #pages: VersionedCache<CachedPage>;
  /** Renders under way, by data version and key: a render of older data is not waited for. */
  readonly #rendering = new Map<string, Promise<unknown>>();
  /** Expired pages one request is rendering again, by key: until when the others get the expired page. */
  readonly #refills = new Map<string, number>();
  readonly #options: Required<RenderCacheOptions>;

  readonly #personalCookie: RegExp;

  constructor(options: RenderCacheOptions) {
    this.#options = {
      ttlMs: 30_000,
      graceMs: 10_000,
      renewableForMs: RENEWABLE_FOR_MS,
      maxEntries: 500,
      ...options,
    };
    this.#pages = new VersionedCache({
      dataVersion: options.dataVersion,
      dependsOn: options.dependsOn,
      maxEntries: this.#options.maxEntries,
      ttlMs: this.#options.ttlMs,
      graceMs: this.#options.graceMs,
    });
    this.#personalCookie = new RegExp(`(^|;\\s*)(${options.personalCookies.join("|")})=`);
  }

  /** The cache key of a request, or undefined when the request must be rendered for itself. */
  keyFor(request: Pick<IncomingMessage, "method" | "url" | "headers">): string | undefined {
    if (request.method !== "GET") return undefined;
    const path = (request.url ?? "").split("?")[0];
    if (!this.#options.cacheable(path)) return undefined;
    const cookies = request.headers.cookie;
    if (cookies && this.#personalCookie.test(cookies)) return undefined;
    // The old-browser banner is the one part of a page that depends on the browser (and on whether
    // this visit closed it).
    const banner = showsOldBrowserBanner(request.headers["user-agent"] ?? "", cookies ?? "") ? "ie" : "";
    return `${banner}|${request.url}`;
  }

  /** Sends the cached page for a key; false when there is none (or it expired). */
  trySend(key: string, request: Parameters<typeof sendPrecompressed>[0], reply: FastifyReply): boolean {
    const page = this.#pages.get(key);
    if (!page) return false;
    reply.code(page.status).headers(page.headers);
    void sendPrecompressed(request, reply, page.body, this.#options.cacheControl, "accept-encoding, cookie");
    return true;
  }

  /**
   * Answers a request from the cache ahead of Fastify (see PrebuiltResponses.addLookup): a cached
   * page needs none of the per-request work, and is the same bytes for every anonymous visitor.
   * When a page's time is up and its data has not changed, the page is renewed with a fresh nonce
   * and sent (decision 053); once it is too old for that, the first request goes on to render it
   * again and the others get the expired page meanwhile, instead of all of them waiting for that
   * render behind the queue of admitted work (decision 046). Only the time limit is stretched so: a
   * page of data that changed is gone at once.
   */
  tryServeAhead(request: IncomingMessage, response: ServerResponse, prebuilt: PrebuiltResponses): boolean {
    const key = this.keyFor(request);
    const found = key === undefined ? undefined : this.#pages.lookup(key);
    if (!found) return false;
    let page = found.value;
    if (!found.fresh && !this.#refillUnderWay(key as string)) {
      const renewed = this.#renewed(key as string, page);
      if (!renewed) {
        this.#claimRefill(key as string);
        return false;
      }
      page = renewed;
    }
    prebuilt.send(request, response, page.body, {
      status: page.status,
      cacheControl: this.#options.cacheControl,
      vary: "accept-encoding, cookie",
      headers: page.headers,
    });
    return true;
  }

  /**
   * The expired page with a fresh nonce in its HTML and its policy, kept in its place; undefined when
   * it was rendered too long ago. The nonce is base64url, a form no escaping of HTML, JSON or script
   * text changes, so every copy of it in the page is found as it was made.
   */
  #renewed(key: string, page: CachedPage): CachedPage | undefined {
    if (Date.now() - page.renderedAt >= this.#options.renewableForMs) return undefined;
    const nonce = newScriptNonce();
    // A page without a nonce of this form has none to renew (and replaceEvery keeps lengths).
    if (page.nonce.length !== nonce.length) return undefined;
    const renewed: CachedPage = {
      ...page,
      nonce,
      headers: Object.fromEntries(
        Object.entries(page.headers).map(([name, value]) => [name, value.replaceAll(page.nonce, nonce)]),
      ),
      body: precompress(replaceEvery(page.body.identity, page.nonce, nonce), page.body.contentType, "fast"),
    };
    this.#pages.set(key, renewed, this.#pages.version);
    return renewed;
  }

  /** Whether another request is rendering the expired page (and has not run out of time). */
  #refillUnderWay(key: string): boolean {
    return (this.#refills.get(key) ?? 0) > Date.now();
  }

  /** Marks the expired page as being rendered again by this request, for up to REFILL_CLAIM_MS. */
  #claimRefill(key: string): void {
    const now = Date.now();
    if (this.#refills.size >= this.#options.maxEntries)
      for (const [claimed, until] of this.#refills) if (until <= now) this.#refills.delete(claimed);
    this.#refills.set(key, now + REFILL_CLAIM_MS);
  }

  /**
   * Renders a page for the cache: `render` gives the page, or undefined when it is not to be kept.
   * While it runs the key is marked under way (see renderUnderWay). The page is kept compressed, and
   * compressed here rather than on the thread pool: on 2 cores that hop made the load bench's p99 worse
   * (docs/decisions/022).
   */
  fill(key: string, render: () => Promise<RenderedPage | undefined>): Promise<PrecompressedBody | undefined> {
    const madeAt = this.#pages.version;
    const renderedAt = Date.now();
    const work = render().then(async (page) => {
      if (!page) return undefined;
      const body = precompress(page.html, page.contentType, "fast");
      const headers: Record<string, string> = { "content-security-policy": page.contentSecurityPolicy };
      if (page.location !== undefined) headers.location = page.location;
      this.#pages.set(key, { status: page.status, headers, body, nonce: page.nonce, renderedAt }, madeAt);
      return body;
    });
    const renderKey = `${madeAt}|${key}`;
    this.#rendering.set(renderKey, work);
    const finished = () => {
      if (this.#rendering.get(renderKey) === work) this.#rendering.delete(renderKey);
      this.#refills.delete(key);
    };
    work.then(finished, finished);
    return work;
  }

  /**
   * The render of this key under way, if any, settling when it has finished (whatever came of it): a
   * burst of visitors to a page whose entry just expired then waits for one render instead of each
   * making one. Undefined when none is under way, so the caller can start one in the same tick.
   */
  renderUnderWay(key: string): Promise<void> | undefined {
    return this.#rendering.get(`${this.#pages.version}|${key}`)?.then(
      () => undefined,
      () => undefined,
    );
  }
}

/** `bytes` with every copy of `from` replaced by `to`, a string of the same length (ASCII both). */
function replaceEvery(bytes: Buffer, from: string, to: string): Buffer {
  const replaced = Buffer.from(bytes);
  for (let at = replaced.indexOf(from); at !== -1; at = replaced.indexOf(from, at + from.length))
    replaced.write(to, at, "latin1");
  return replaced;
}
