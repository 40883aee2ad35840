import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    /** Per-response nonce that server-rendered inline scripts carry (CSP `script-src 'nonce-…'`). */
    scriptNonce: string;
    /** Sets the page's Content-Security-Policy with a fresh nonce (kept in `scriptNonce`). */
    setPageSecurityPolicy(): void;
  }
}

interface SecurityHeadersOptions {
  /** The site is served over https: browsers may be told to insist on it. */
  https: boolean;
  /** Set when a maps key is configured: the hosted map style, tiles and sprites come from there. */
  mapsOrigin?: string;
}

/**
 * Security headers for every response, written once at start-up and copied in one call; the
 * Content-Security-Policy, which only documents need, is added by the page handler with a fresh
 * nonce. (A general-purpose middleware rebuilt all of this per request and cost more than the cached
 * page itself; see docs/decisions/004.)
 */
async function securityHeaders(app: FastifyInstance, { https, mapsOrigin }: SecurityHeadersOptions) {
  const maps = mapsOrigin ? ` ${mapsOrigin}` : "";
  const policy = (nonce: string) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
      // Inline style attributes (React `style`) are needed; style injection is not a script vector.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${maps}`,
      "font-src 'self' data:",
      `connect-src 'self'${maps}`,
      "worker-src 'self' blob:",
      "frame-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      ...(https ? ["upgrade-insecure-requests"] : []),
    ].join("; ");

  const always = commonSecurityHeaders(https);

  app.decorateReply("scriptNonce", "");
  app.decorateReply("setPageSecurityPolicy", function (this: FastifyReply) {
    this.scriptNonce = newScriptNonce();
    this.header("content-security-policy", policy(this.scriptNonce));
  });
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(always);
    done();
  });
}

/**
 * A fresh script nonce: 128 random bits in base64url, which CSP takes as it takes base64 and which no
 * escaping of HTML, JSON or script text rewrites (the render cache renews cached pages by replacing
 * every copy of their nonce, decision 053).
 */
export function newScriptNonce(): string {
  if (nonceBytesUsed === nonceBytes.length) {
    nonceBytes = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceBytesUsed = 0;
  }
  nonceBytesUsed += NONCE_BYTES;
  return nonceBytes.toString("base64url", nonceBytesUsed - NONCE_BYTES, nonceBytesUsed);
}

const NONCE_BYTES = 16;
/**
 * Random bytes are drawn for 256 nonces at once: one draw per page cost about 1 % of a signed-in
 * page's CPU. Each nonce is still 128 bits from the system's random source, and no two share any.
 */
const NONCES_PER_DRAW = 256;
let nonceBytes = Buffer.alloc(0);
let nonceBytesUsed = 0;

/** The headers every response carries, pages, API and assets alike. */
export function commonSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "x-dns-prefetch-control": "off",
    "x-permitted-cross-domain-policies": "none",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export default fp(securityHeaders, { name: "security-headers" });
