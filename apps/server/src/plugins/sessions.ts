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

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Reads the session cookie of every request into `request.user`; a dead session's cookie is cleared. */
async function sessions(app: FastifyInstance, { core }: { core: Core }) {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.user = (await core.accounts.resolveSession(token)) ?? null;
    if (!request.user) clearSessionCookie(reply, core);
  });
}

export default fp(sessions, { name: "sessions", dependencies: ["@fastify/cookie"] });

export function setSessionCookie(reply: FastifyReply, core: Core, token: string, remember: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: core.config.publicUrl.startsWith("https://"),
    // Without remember-me the cookie lives as long as the browser session (the server also ends idle sessions).
    ...(remember ? { maxAge: YEAR_SECONDS } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, core: Core): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: core.config.publicUrl.startsWith("https://"),
  });
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
