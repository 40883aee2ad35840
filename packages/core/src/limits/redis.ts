import { fail, LIMITS_UNAVAILABLE } from "@aea/domain";
import type { Redis } from "ioredis";
import { ConfigError } from "../config.ts";

/**
 * The Redis that holds the request limits of every instance (docs/decisions/033). Commands are not
 * queued while it is away: each fails at once (see limitsUnavailable), and the client reconnects by
 * itself, so service resumes when Redis does.
 */
export async function connectRedis(url: string): Promise<Redis> {
  // Loaded only where REDIS_URL is set: one instance never pays for it.
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  let reported = false;
  redis.on("ready", () => {
    reported = false;
  });
  redis.on("error", (error: Error) => {
    if (reported) return;
    reported = true;
    console.error(
      `Redis at ${where(url)} does not answer (${error.message}); limited requests get 503 until it does`,
    );
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new ConfigError(
      `REDIS_URL is set, but Redis at ${where(url)} does not answer (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  return redis;
}

/** What a request that needs a limit gets while Redis is away: a clear 503, never a pass without limit. */
export function limitsUnavailable(cause: unknown) {
  return fail("SERVICE_UNAVAILABLE", LIMITS_UNAVAILABLE, cause);
}

/** The host and port of a Redis URL, never its password. */
function where(url: string): string {
  const { host } = new URL(url);
  return host;
}
