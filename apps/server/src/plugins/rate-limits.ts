import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
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

/**
 * CheckEmailAvailability tells whether an address has an account: 30 questions a minute from one
 * address serve a sign-up form typed by a person, not a sweep through a list of addresses.
 */
export const emailCheckRateLimit = { max: 30, timeWindow: "1 minute" } as const;

/**
 * GrantDueDiligenceAccess from one address: 20 a minute. The real limit on guessing is the database's
 * count per account and per listing (10 wrong codes in 10 minutes, see core's AccessCodeService); this
 * one stops a single address from trying its luck through many accounts at once.
 */
export const accessCodeRateLimit = { max: 20, timeWindow: "1 minute" } as const;

/** TrackDealsWebSearch writes a row per call: a searching visitor sends far fewer than 60 a minute. */
export const searchTrackingRateLimit = { max: 60, timeWindow: "1 minute" } as const;

/**
 * New image transforms (cache misses) from one address: ASSET_RENDER_RATE_LIMIT_PER_MINUTE (30). The
 * asset door counts a request only when it needs a render (through `createRateLimit`, so in the
 * plugin's store); cached transforms are never counted or refused.
 */
export function assetRenderRateLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => `asset-render:${request.ip}`,
  } as const;
}

export default fp(rateLimits, { name: "rate-limits" });
