import { type Config, connectRedis } from "@aea/core";
import { fail } from "@aea/domain";
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { sharedLimitStore } from "./shared-limit-store.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The one login bucket (see loginRateLimit): an `onRequest` hook for every door that checks a
     * password or a second factor, so all of them together allow AUTH_RATE_LIMIT_PER_MINUTE a minute.
     */
    loginRateLimit: preHandlerAsyncHookHandler;
  }
}

/**
 * Per-IP limits for the doors attackers knock on; routes opt in with `config.rateLimit` (see
 * authRateLimit). With REDIS_URL they count in Redis, so N instances allow what one allows
 * (docs/decisions/033); without it, in this process's memory.
 */
async function rateLimits(
  app: FastifyInstance,
  { config }: { config: Pick<Config, "authRateLimitPerMinute" | "redisUrl" | "redisPrefix" | "databaseUrl"> },
) {
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  if (redis) app.addHook("onClose", async () => redis.disconnect());
  else if (config.databaseUrl)
    app.log.warn(
      "Rate limits count in this instance's memory (REDIS_URL is not set): each instance behind a load balancer allows the full limit",
    );
  await app.register(rateLimit, {
    global: false,
    ...(redis && { store: sharedLimitStore(redis, config.redisPrefix) }),
    errorResponseBuilder: (_request, context) =>
      fail(
        "RATE_LIMITED",
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
  app.decorate("loginRateLimit", app.rateLimit(loginRateLimit(config.authRateLimitPerMinute)));
}

/** The name of the login bucket: its counters are kept under `login:{address}`. */
const LOGIN_RATE_LIMIT_GROUP = "login";

/**
 * Login from one address: AUTH_RATE_LIMIT_PER_MINUTE (10) a minute across /api/Auth/Login, /api/login,
 * the /login form and any second-factor step, not that many per door. The same `config.rateLimit`
 * with a `groupId` on each route would not do: the in-memory store gives every route its own
 * counters, so the limiter is made once (app.loginRateLimit) and each door runs it as an `onRequest`
 * hook (page actions through their `handle`'s `rateLimit: "login"`). The key names the group, so a
 * shared store (Redis) keeps these counters apart from the other limits too.
 */
function loginRateLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => `${LOGIN_RATE_LIMIT_GROUP}:${normalizeIP(request.ip)}`,
  } as const;
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
    keyGenerator: (request: FastifyRequest) => `asset-render:${normalizeIP(request.ip)}`,
  } as const;
}

export default fp(rateLimits, { name: "rate-limits" });
