import type { Core } from "@aea/core";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { authRateLimit } from "../../plugins/rate-limits.ts";

/**
 * The mail forms are a door for spam, so they get the per-address limit of the account forms
 * (AUTH_RATE_LIMIT_PER_MINUTE, 10 by default), each route counting on its own.
 */
export function inquiryRateLimit(core: Core) {
  return authRateLimit(core.config.authRateLimitPerMinute);
}

const inquiryPages = /^\/(contact-us|seller)(\.data)?$/;

/**
 * The contact and seller pages' actions (the forms before JavaScript loads) send the same mail as the
 * API, so they get the same limit. Registered before the web app so its hook covers the page routes.
 */
async function inquiryPageLimits(app: FastifyInstance, { core }: { core: Core }) {
  const limit = app.rateLimit(inquiryRateLimit(core));
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "POST" && inquiryPages.test(request.url.split("?")[0]))
      await limit.call(app, request, reply);
  });
}

export default fp(inquiryPageLimits, { name: "inquiry-page-limits", dependencies: ["rate-limits"] });
