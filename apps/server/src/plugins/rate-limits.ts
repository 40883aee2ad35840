import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Per-IP limits for the doors attackers knock on; routes opt in with `config.rateLimit` (see AUTH_RATE_LIMIT). */
async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: "RATE_LIMITED",
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}

/** Login, sign-up, password reset and verification mails: 10 a minute from one address. */
export const AUTH_RATE_LIMIT = { max: 10, timeWindow: "1 minute" } as const;

export default fp(rateLimits, { name: "rate-limits" });
