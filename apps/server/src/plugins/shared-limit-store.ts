import { type connectRedis, limitsUnavailable } from "@aea/core";
import type { FastifyRateLimitStore, RateLimitOptions } from "@fastify/rate-limit";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";

type Redis = Awaited<ReturnType<typeof connectRedis>>;

type Done = Parameters<FastifyRateLimitStore["incr"]>[1];

/**
 * The rate-limit plugin's own Redis store, with one change: while Redis does not answer, a limited
 * request fails with a clear 503 (LIMITS_UNAVAILABLE) instead of the plugin's bare error (a 500), and
 * is never let through uncounted (docs/decisions/033).
 */
class SharedLimitStore implements FastifyRateLimitStore {
  readonly #store: RedisStore;

  constructor(store: RedisStore) {
    this.#store = store;
  }

  incr(key: string, done: Done, timeWindow: number, max: number): void {
    this.#store.incr(key, unavailableOnError(done), timeWindow, max);
  }

  read(key: string, done: Done, timeWindow: number, max: number): void {
    this.#store.read(key, unavailableOnError(done), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): SharedLimitStore {
    return new SharedLimitStore(this.#store.child(routeOptions));
  }
}

function unavailableOnError(done: Done): Done {
  return (error, result) => (error ? done(limitsUnavailable(error)) : done(null, result));
}

/** The `store` option of @fastify/rate-limit: every instance's counters under `prefix` in one Redis. */
export function sharedLimitStore(redis: Redis, prefix: string) {
  return class extends SharedLimitStore {
    constructor(options: RateLimitOptions) {
      super(
        new RedisStore(
          options.continueExceeding ?? false,
          options.exponentialBackoff ?? false,
          redis,
          `${prefix}rate-limit:`,
        ),
      );
    }
  };
}
