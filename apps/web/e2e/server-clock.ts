import { type APIRequestContext, expect } from "@playwright/test";

/**
 * The e2e server's clock (playwright.config.ts starts it with E2E_TEST_CLOCK; decision 044): the real
 * time plus an offset that only grows, so a deadline passes without waiting. Once a spec has moved it,
 * anything measured against the server's time (a deadline, an authenticator code) starts from
 * `serverNow`, not from this process's clock.
 */
const TEST_CLOCK = "/api/e2e-test-clock";

/** The server's time, in milliseconds since the epoch. */
export async function serverNow(request: APIRequestContext, baseURL: string): Promise<number> {
  const reply = await request.get(`${baseURL}${TEST_CLOCK}`);
  expect(reply.status(), await reply.text()).toBe(200);
  return Date.parse((await reply.json()).now);
}

/** Moves the server's clock `ms` ahead for everything that reads it; answers its new time. */
export async function advanceServerClock(
  request: APIRequestContext,
  baseURL: string,
  ms: number,
): Promise<number> {
  const reply = await request.post(`${baseURL}${TEST_CLOCK}`, {
    headers: { origin: new URL(baseURL).origin },
    data: { advanceMs: ms },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return Date.parse((await reply.json()).now);
}
