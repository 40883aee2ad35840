// @fastify/rate-limit ships its Redis store (store/RedisStore.js) without types: it is a store like any.
declare module "@fastify/rate-limit/store/RedisStore.js" {
  import type { connectRedis } from "@aea/core";
  import type { FastifyRateLimitStore } from "@fastify/rate-limit";

  type Redis = Awaited<ReturnType<typeof connectRedis>>;

  export default class RedisStore implements FastifyRateLimitStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr: FastifyRateLimitStore["incr"];
    /** Reads a counter without counting (`{ increment: false }`). */
    read: FastifyRateLimitStore["incr"];
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): RedisStore;
  }
}
