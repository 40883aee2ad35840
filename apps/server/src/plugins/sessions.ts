import { type Core, SESSION_COOKIE } from "@aea/core";
import type { SessionUser } from "@aea/domain";
import { fail, MFA_ENROLMENT_REQUIRED } from "@aea/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** The session cookie's token as sent, or null (the session may still be unknown or expired). */
    sessionToken: string | null;
    /** The signed-in user, or null for an anonymous visitor. */
    user: SessionUser | null;
    /**
     * Staff without a second factor while STAFF_MFA=required: pages send them to the enrolment page
     * (the web app's root middleware) and the API answers 403 MFA_ENROLMENT_REQUIRED.
     */
    secondFactorEnrolmentRequired: boolean;
  }
}

/** API routes staff who owe their second factor may still call: logging out, seeing who they are, enrolling a passkey. */
const OPEN_DURING_ENROLMENT = new Set([
  "/api/Auth/Logout",
  "/api/Auth/CurrentUser",
  // A passkey may be the staff member's first factor.
  "/api/Auth/PasskeyRegistrationOptions",
  "/api/Auth/RegisterPasskey",
]);

/**
 * Reads the session cookie of every request into `request.user`; a dead session's cookie is cleared.
 * The session cookie is the only cookie the server reads, so it is picked out of the header here
 * rather than by a cookie plugin whose hooks every asset and API request would pay for.
 */
async function sessions(app: FastifyInstance, { core }: { core: Core }) {
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("user", null);
  app.decorateRequest("secondFactorEnrolmentRequired", false);
  app.addHook("onRequest", (request, reply, done) => {
    const header = request.headers.cookie;
    // Anonymous requests (most of them) finish synchronously, without a promise or a query.
    const token = header?.includes(SESSION_COOKIE) ? core.sessionCookies.sessionTokenFrom(header) : undefined;
    if (!token) return done();
    request.sessionToken = token;
    core.sessions
      .resolveSession(token)
      .then(async (user) => {
        request.user = user ?? null;
        if (!user) clearSessionCookie(reply, core);
        // Only staff pay for the question; everyone else's request stays one query.
        else if (user.isAdmin || user.isManagement)
          request.secondFactorEnrolmentRequired = await core.secondFactor.enrolmentRequired(user);
      })
      .then(() => done(), done);
  });

  app.addHook("preHandler", (request, _reply, done) => {
    if (!request.secondFactorEnrolmentRequired) return done();
    const route = request.routeOptions.url ?? "*";
    const gated =
      (route.startsWith("/api/") || route.startsWith("/items")) && !OPEN_DURING_ENROLMENT.has(route);
    if (!gated) return done();
    done(fail("MFA_ENROLMENT_REQUIRED", MFA_ENROLMENT_REQUIRED));
  });

  // No shared cache (a CDN, a company proxy) may keep a reply made for one user, or one that sets a
  // cookie, and hand it to the next visitor: such replies are `private, no-store` whatever the page or
  // route said. Build assets and images are the same bytes for everyone and keep their own caching.
  app.addHook("onSend", (request, reply, payload, done) => {
    const personal = request.sessionToken !== null || request.user !== null;
    if (reply.hasHeader("set-cookie") || (personal && isPageOrApi(request))) {
      reply.header("cache-control", PRIVATE_NO_STORE);
    }
    done(null, payload);
  });
}

export const PRIVATE_NO_STORE = "private, no-store";

/** The page handler (React Router's catch-all route), the REST API and the content API. */
function isPageOrApi(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? "*";
  return route === "*" || route.startsWith("/api/") || route.startsWith("/items");
}

export default fp(sessions, { name: "sessions" });

export function setSessionCookie(reply: FastifyReply, core: Core, token: string, remember: boolean): void {
  reply.header("set-cookie", core.sessionCookies.sessionCookieHeader(token, remember));
}

/** A login's cookies: the session, and the long-lived browser cookie (new-browser mails). */
export function setLoginCookies(
  reply: FastifyReply,
  core: Core,
  login: { token: string; remember: boolean; browserToken: string },
): void {
  reply.header("set-cookie", [
    core.sessionCookies.sessionCookieHeader(login.token, login.remember),
    core.sessionCookies.browserCookieHeader(login.browserToken),
  ]);
}

/** The browser a login comes from: its browser cookie and its address (as TRUST_PROXY allows). */
export function browserOf(core: Core, request: FastifyRequest): { browserToken?: string; ipAddress: string } {
  return {
    browserToken: core.sessionCookies.browserTokenFrom(request.headers.cookie),
    ipAddress: request.ip,
  };
}

export function clearSessionCookie(reply: FastifyReply, core: Core): void {
  reply.header("set-cookie", core.sessionCookies.clearedSessionCookieHeader());
}
