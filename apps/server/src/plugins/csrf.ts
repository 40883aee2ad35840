import { fail } from "@aea/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery defence for every state-changing request, signed in or not (a forged
 * login or sign-up is an attack too): it must come from our own origin. See
 * docs/decisions/012-same-origin-for-every-unsafe-request.md for the rule and why each case is so.
 */
async function csrf(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const configured = new URL(publicUrl).origin;
  app.addHook("onRequest", (request, _reply, done) => {
    if (safeMethods.has(request.method) || isSameOrigin(request, configured)) return done();
    done(fail("CSRF", "This request did not come from this site."));
  });
}

function isSameOrigin(request: FastifyRequest, configured: string): boolean {
  const ours = (origin: string) =>
    origin === configured || origin === `${request.protocol}://${request.host}`;
  const { origin, referer } = request.headers;
  // `Origin: null` (sandboxed frames, data: URLs, some redirects) names no origin we can trust.
  if (origin !== undefined) return ours(origin);
  if (referer !== undefined) {
    const refererOrigin = originOf(referer);
    return refererOrigin !== undefined && ours(refererOrigin);
  }
  // Neither header: browsers send Origin on every cross-origin POST, so this is a non-browser client
  // (curl, the tests, a server) unless the browser says the request crossed sites, or it carries the
  // session cookie, which only a browser holding a session would attach on its own.
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return false;
  return request.sessionToken === null;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export default fp(csrf, { name: "csrf", dependencies: ["sessions"] });
