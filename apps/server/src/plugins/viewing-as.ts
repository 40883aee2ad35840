import { fail, VIEWING_AS_READ_ONLY } from "@aea/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route may change state while staff view the site as someone (logging out, Stop). */
    allowedWhileViewingAs?: boolean;
  }
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * "View as" (its map: packages/core/src/accounts/impersonation/impersonation.service.ts) is read-only everywhere (DESIGN rule 11): every request that may change state from a
 * session in which staff view the site as someone is refused, unless its route declares it allowed.
 * Core refuses each write again, so a door that slips past this still changes nothing.
 */
export function refusedWhileViewingAs(request: FastifyRequest, allowed: boolean): boolean {
  return !safeMethods.has(request.method) && (request.user?.impersonatorId ?? null) !== null && !allowed;
}

/** The page handler (React Router's catch-all): its actions are refused by the web app, with a page. */
const isPageRequest = (request: FastifyRequest) => request.routeOptions.url === "*";

/**
 * The API, file, upload and content doors answer 403 `IMPERSONATING` before any handler runs. Page
 * actions are refused in the same way by the web app (it reads each page's `handle`), which renders
 * the refusal as a page instead of JSON.
 */
async function viewingAs(app: FastifyInstance) {
  app.addHook("onRequest", (request, _reply, done) => {
    const allowed = request.routeOptions.config.allowedWhileViewingAs === true;
    if (isPageRequest(request) || !refusedWhileViewingAs(request, allowed)) return done();
    done(fail("IMPERSONATING", VIEWING_AS_READ_ONLY));
  });
}

export default fp(viewingAs, { name: "viewing-as", dependencies: ["sessions"] });
