import {
  type AccessRefusal,
  AppError,
  type Audience,
  accessRefusal,
  LOGIN_TO_ACCESS,
  NOT_AUTHORIZED,
  type SessionUser,
} from "@aea/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Who may call the route (spec §6), declared in its options: `{ config: { access: "admin" } }`.
     * Every route registered after this plugin must say it; pages say it in their `handle` instead
     * (the page handler admits anyone and hands the page's declaration to the web app).
     */
    access?: Audience;
  }
}

/**
 * The one door of the Fastify routes (API, content API, file routes): each route's declared audience
 * is admitted here, after its input was validated (as the handlers' own checks did before) and before
 * its handler runs. A route without a declaration cannot be registered, so the server does not start.
 */
async function access(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.config?.access)
      throw new Error(
        `${[route.method].flat().join(",")} ${route.url} does not declare its audience (config.access)`,
      );
  });
  app.addHook("preHandler", (request, _reply, done) => {
    const audience = request.routeOptions.config.access;
    const refusal = audience && accessRefusal(audience, request.user);
    done(refusal ? apiRefusal(refusal) : undefined);
  });
}

export default fp(access, { name: "access", dependencies: ["sessions"] });

/** The API's answers to a refusal: 401 with code 1001, on which clients log out (spec §8), or 403. */
export function apiRefusal(refusal: AccessRefusal): AppError {
  switch (refusal) {
    case "anonymous":
    case "log-in-and-return":
      return new AppError(401, LOGIN_TO_ACCESS, "1001");
    case "hidden":
      return new AppError(404, "Not found", "NOT_FOUND");
    default:
      return new AppError(403, NOT_AUTHORIZED, "FORBIDDEN");
  }
}

/** The user a route's declared audience admitted (any audience that admits only signed-in users). */
export function admittedUser(request: FastifyRequest): SessionUser {
  if (!request.user)
    throw new Error(`${request.routeOptions.url} admits anonymous callers: no admitted user`);
  return request.user;
}

/**
 * For the few calls whose audience depends on what they ask (GetDeals with `isConfidential`, a user's
 * own record or, for admins, anyone's): the same rule and answers as a declared audience.
 */
export function admitAs(request: FastifyRequest, audience: Audience): SessionUser {
  const refusal = accessRefusal(audience, request.user);
  if (refusal) throw apiRefusal(refusal);
  return admittedUser(request);
}
