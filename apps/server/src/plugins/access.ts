import { AppError, type Audience, refusalAnswer, type SessionUser } from "@aea/domain";
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
    done(audience && refusal(audience, request.user));
  });
}

export default fp(access, { name: "access", dependencies: ["sessions"] });

/** The error a declared audience answers `user` with at the API (spec §6), or undefined when it admits them. */
function refusal(audience: Audience, user: SessionUser | null): AppError | undefined {
  const answer = refusalAnswer(audience, user, "api");
  return answer && new AppError(answer.status, answer.message, answer.code);
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
  const refused = refusal(audience, request.user);
  if (refused) throw refused;
  return admittedUser(request);
}
