import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../http/app-error.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery defence for cookie-authenticated requests: besides SameSite=Lax cookies,
 * a state-changing request that carries the session cookie must come from our own origin.
 */
async function csrf(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const allowed = new Set([new URL(publicUrl).origin]);
  app.addHook("onRequest", (request, _reply, done) => {
    if (safeMethods.has(request.method) || !request.sessionToken) return done();
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (!origin || (origin !== ownOrigin && !allowed.has(origin))) {
      return done(new AppError(403, "This request did not come from this site.", "CSRF"));
    }
    done();
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

export default fp(csrf, { name: "csrf", dependencies: ["sessions"] });
