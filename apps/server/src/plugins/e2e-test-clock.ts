import type { ForwardClock } from "@aea/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

/** Where the end-to-end tests read and move their server's clock; no other server has it (a 404). */
export const E2E_TEST_CLOCK_PATH = "/api/e2e-test-clock";

const DAY_MS = 86_400_000;
const advance = z.object({
  advanceMs: z
    .number()
    .int()
    .min(1)
    .max(30 * DAY_MS),
});
const reading = z.object({ now: z.string() });

/**
 * The end-to-end tests' clock (decision 044), registered only when E2E_TEST_CLOCK started the server:
 * GET says the server's time (what a deadline or an authenticator code is measured against), POST moves
 * it forward by `advanceMs`, for everything that reads core's clock.
 */
export async function e2eTestClockRoutes(app: FastifyInstance, { clock }: { clock: ForwardClock }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const now = () => ({ now: new Date(clock.now()).toISOString() });
  api.get(
    E2E_TEST_CLOCK_PATH,
    { config: { access: "anyone" }, schema: { hide: true, response: { 200: reading } } },
    async () => now(),
  );
  api.post(
    E2E_TEST_CLOCK_PATH,
    { config: { access: "anyone" }, schema: { hide: true, body: advance, response: { 200: reading } } },
    async (request) => {
      clock.advance(request.body.advanceMs);
      return now();
    },
  );
}
