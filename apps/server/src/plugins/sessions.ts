import { type Core, SESSION_COOKIE } from "@aea/core";
import type { SessionUser } from "@aea/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../http/app-error.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous visitor. */
    user: SessionUser | null;
  }
}

/** Reads the session cookie of every request into `request.user`; a dead session's cookie is cleared. */
async function sessions(app: FastifyInstance, { core }: { core: Core }) {
  app.decorateRequest("user", null);
  app.addHook("onRequest", (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    // Anonymous requests (most of them) finish synchronously, without a promise or a query.
    if (!token) return done();
    core.accounts.resolveSession(token).then((user) => {
      request.user = user ?? null;
      if (!user) clearSessionCookie(reply, core);
      done();
    }, done);
  });
}

export default fp(sessions, { name: "sessions", dependencies: ["@fastify/cookie"] });

export function setSessionCookie(reply: FastifyReply, core: Core, token: string, remember: boolean): void {
  reply.header("set-cookie", core.accounts.sessionCookieHeader(token, remember));
}

export function clearSessionCookie(reply: FastifyReply, core: Core): void {
  reply.header("set-cookie", core.accounts.clearedSessionCookieHeader());
}

/** The signed-in user, or a 401 carrying code 1001, on which clients log out (spec §8). */
export function requireApiUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, "Login to access this page", "1001");
  return request.user;
}

export function requireApiAdmin(request: FastifyRequest): SessionUser {
  const user = requireApiUser(request);
  if (!user.isAdmin) throw new AppError(403, "You are not authorized to access this page", "FORBIDDEN");
  return user;
}
