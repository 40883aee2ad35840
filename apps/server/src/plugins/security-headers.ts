import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    /** Per-response nonce that server-rendered inline scripts carry (CSP `script-src 'nonce-…'`). */
    scriptNonce: string;
  }
}

const nonceOf = (_req: IncomingMessage, res: ServerResponse) =>
  `'nonce-${(res as NonceCarrier).scriptNonce}'`;
type NonceCarrier = ServerResponse & { scriptNonce: string };

interface SecurityHeadersOptions {
  production: boolean;
  /** Set when a maps key is configured: the hosted map style, tiles and sprites come from there. */
  mapsOrigin?: string;
}

async function securityHeaders(app: FastifyInstance, { production, mapsOrigin }: SecurityHeadersOptions) {
  const maps = mapsOrigin ? [mapsOrigin] : [];
  app.decorateReply("scriptNonce", "");
  app.addHook("onRequest", async (_request, reply) => {
    reply.scriptNonce = randomBytes(16).toString("base64");
    (reply.raw as NonceCarrier).scriptNonce = reply.scriptNonce;
  });
  await app.register(helmet, {
    // Tight by default; the maps key (when configured) is the only third-party origin we talk to.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceOf, "'strict-dynamic'"],
        // Inline style attributes (React `style`) are needed; style injection is not a script vector.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...maps],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...maps],
        workerSrc: ["'self'", "blob:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production,
    crossOriginEmbedderPolicy: false,
  });
}

export default fp(securityHeaders, { name: "security-headers" });
