import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Per-IP limits for the doors attackers knock on; routes opt in with `config.rateLimit` (see authRateLimit). */
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

/** Login, sign-up, password reset and verification mails: AUTH_RATE_LIMIT_PER_MINUTE (10) from one address. */
export function authRateLimit(perMinute: number) {
  return { max: perMinute, timeWindow: "1 minute" } as const;
}

export default fp(rateLimits, { name: "rate-limits" });
