import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import type { Core } from "@aea/core";
import { insertTestAccount, serviceThatCanGoAway, testEngines } from "@aea/core/testing";
import { LIMITS_UNAVAILABLE } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
const redisReachable = await new Promise<boolean>((resolve) => {
  const socket = connect(Number(redisUrl.port || 6379), redisUrl.hostname);
  socket.setTimeout(1_000, () => resolve(false));
  socket.once("error", () => resolve(false));
  socket.once("connect", () => resolve(true));
});

/** Redis that the test can take away and bring back, as when Redis restarts or the network drops. */
function redisThatCanGoAway() {
  const relay = serviceThatCanGoAway({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  return { ...relay, url: () => `redis://127.0.0.1:${relay.address().port}${redisUrl.pathname}` };
}

/** Two instances of the site on one database and one Redis, as behind a load balancer. */
describe.skipIf(!redisReachable)(
  `limits shared through Redis${redisReachable ? "" : ` (skipped: no Redis answers at ${redisUrl.host}; set TEST_REDIS_URL)`}`,
  () => {
    const [engine] = testEngines();
    const redis = redisThatCanGoAway();
    let cores: Core[] = [];
    let apps: FastifyInstance[] = [];
    const resetEmail = "forgetful@example.test";

    beforeAll(async () => {
      await redis.up();
      const first = await engine.create({
        SEED_DEMO: "false",
        SEED_DEMO_ACCOUNTS: "false",
        REDIS_URL: redis.url(),
        REDIS_PREFIX: `test:${randomUUID()}:`,
      });
      cores = [first, await engine.reopen(first)];
      apps = await Promise.all(cores.map((core) => buildApp({ core, withWebApp: false })));
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const core of cores) await core.close();
      await redis.down();
    });

    const login = (app: FastifyInstance, attempt: number) =>
      app.inject({
        method: "POST",
        url: "/api/Auth/Login",
        payload: { email: `nobody-${attempt}@example.test`, password: "Wrong2030" },
      });

    it("allows one address the login limit once across both instances, not once per instance", async () => {
      const limit = cores[0]?.config.authRateLimitPerMinute ?? 0;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < limit; attempt++)
        statuses.push((await login(apps[attempt % 2] as FastifyInstance, attempt)).statusCode);
      expect(statuses).toEqual(Array(limit).fill(401));
      for (const app of apps) {
        const refused = await login(app, limit);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe("RATE_LIMITED");
      }
    });

    const askForReset = (app: FastifyInstance | undefined) =>
      app?.inject({ method: "POST", url: `/api/Auth/SendResetPasswordEmail?email=${resetEmail}` });
    const resetMails = async () =>
      (await cores[0]?.outbox.messages())?.filter((m) => m.to === resetEmail).length;

    it("mails one account its hourly reset links once across both instances, not once per instance", async () => {
      await insertTestAccount(cores[0] as Core, { email: resetEmail, password: "Right2030" });
      for (let ask = 0; ask < 6; ask++) expect((await askForReset(apps[ask % 2]))?.statusCode).toBe(200);
      expect(await resetMails()).toBe(3); // ACCOUNT_LIMITS.mailsPerAccountPerHour
    });

    it("refuses limited requests with a clear 503 while Redis is away, and serves again when it is back", async () => {
      await redis.down();
      for (const app of apps) {
        const refused = await askForReset(app);
        expect(refused?.statusCode).toBe(503);
        expect(refused?.json()).toEqual({ message: LIMITS_UNAVAILABLE, code: "SERVICE_UNAVAILABLE" });
      }
      // Reads that count nothing are served as ever.
      expect((await apps[1]?.inject({ method: "GET", url: "/api/Advisors/GetDeals" }))?.statusCode).toBe(200);
      await redis.up();
      await expect
        .poll(async () => (await askForReset(apps[0]))?.statusCode, { timeout: 5_000, interval: 100 })
        .toBe(200);
      expect(await resetMails()).toBe(3); // still capped: the counts outlived the outage
    });
  },
);
