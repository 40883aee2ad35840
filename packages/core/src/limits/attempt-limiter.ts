import type { Redis } from "ioredis";
import { limitsUnavailable } from "./redis.ts";

/** Counts attempts per key in a sliding window (e.g. reset emails per account per hour). */
export interface AttemptLimiter {
  /** Records an attempt; false when the key has used up its attempts for the window. */
  tryAttempt(key: string, now: number): Promise<boolean>;
}

/** Each instance's own count: right for one instance; with several, each allows the whole limit. */
export class MemoryAttemptLimiter implements AttemptLimiter {
  readonly #hits = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  async tryAttempt(key: string, now: number): Promise<boolean> {
    const recent = (this.#hits.get(key) ?? []).filter((at) => now - at < this.#windowMs);
    if (recent.length >= this.#limit) {
      this.#hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.#hits.set(key, recent);
    if (this.#hits.size > 10_000) this.#prune(now);
    return true;
  }

  #prune(now: number) {
    for (const [key, hits] of this.#hits) {
      if (hits.every((at) => now - at >= this.#windowMs)) this.#hits.delete(key);
    }
  }
}

/** Drops attempts older than the window, refuses past the limit, else records one: atomically. */
const slidingWindow = `
local key, now, window, limit = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then return 0 end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return 1
`;

/**
 * The same sliding window in Redis, shared by every instance (docs/decisions/033). While Redis is away
 * the attempt is refused with a 503 rather than let through uncounted.
 */
export class RedisAttemptLimiter implements AttemptLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(redis: Redis, prefix: string, limit: number, windowMs: number) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  async tryAttempt(key: string, now: number): Promise<boolean> {
    try {
      const member = `${now}:${Math.random().toString(36).slice(2)}`;
      const allowed = await this.#redis.eval(
        slidingWindow,
        1,
        this.#prefix + key,
        now,
        this.#windowMs,
        this.#limit,
        member,
      );
      return allowed === 1;
    } catch (error) {
      throw limitsUnavailable(error);
    }
  }
}

/** Redis and the prefix of this site's keys in it, when REDIS_URL is set. */
export interface SharedCounters {
  redis: Redis;
  prefix: string;
}

/** A limiter named `name`: in Redis when the instances share counters, else in this process. */
export function attemptLimiter(
  shared: SharedCounters | undefined,
  name: string,
  limit: number,
  windowMs: number,
): AttemptLimiter {
  if (!shared) return new MemoryAttemptLimiter(limit, windowMs);
  return new RedisAttemptLimiter(shared.redis, `${shared.prefix}${name}:`, limit, windowMs);
}
