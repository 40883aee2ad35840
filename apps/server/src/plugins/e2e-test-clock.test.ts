import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ForwardClock } from "@aea/core";
import { testEngines } from "@aea/core/testing";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";
import { E2E_TEST_CLOCK_PATH } from "./e2e-test-clock.ts";

const MINUTE = 60_000;

describe("a server started without E2E_TEST_CLOCK", () => {
  const served = serveTestApp(testEngines()[0], {}, { withWebApp: false });

  it("has no test clock to read or move: 404", async () => {
    const read = await served.app.inject({ method: "GET", url: E2E_TEST_CLOCK_PATH });
    expect(read.statusCode).toBe(404);
    const move = await served.app.inject({
      method: "POST",
      url: E2E_TEST_CLOCK_PATH,
      payload: { advanceMs: 3 * MINUTE },
    });
    expect(move.statusCode).toBe(404);
  });
});

describe("the end-to-end tests' server clock", () => {
  const clock = new ForwardClock();
  const served = serveTestApp(testEngines()[0], {}, { withWebApp: false, e2eTestClock: clock });
  const advance = (advanceMs: unknown) =>
    served.app.inject({ method: "POST", url: E2E_TEST_CLOCK_PATH, payload: { advanceMs } });

  it("runs on the real time, moves forward by what the tests ask, and never back", async () => {
    const read = await served.app.inject({ method: "GET", url: E2E_TEST_CLOCK_PATH });
    expect(Math.abs(Date.parse(read.json().now) - Date.now())).toBeLessThan(MINUTE);

    const moved = await advance(3 * MINUTE);
    expect(moved.statusCode).toBe(200);
    const ahead = Date.parse(moved.json().now) - Date.now();
    expect(ahead).toBeGreaterThan(3 * MINUTE - 1000);
    expect(ahead).toBeLessThanOrEqual(3 * MINUTE);
    expect(clock.now() - Date.now()).toBeGreaterThan(3 * MINUTE - 1000);

    for (const refused of [-MINUTE, 0, 1.5, "60000"]) expect((await advance(refused)).statusCode).toBe(400);
    expect(clock.now() - Date.now()).toBeGreaterThan(3 * MINUTE - 1000);
    expect(clock.now() - Date.now()).toBeLessThanOrEqual(3 * MINUTE);
  });
});

describe("starting a server with E2E_TEST_CLOCK", () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, [resolve(import.meta.dirname, "../main.ts")], {
      // A folder without a .env, so only `env` speaks.
      cwd: mkdtempSync(join(tmpdir(), "aea-test-clock-")),
      env: { PATH: process.env.PATH ?? "", E2E_TEST_CLOCK: "true", ...env },
      encoding: "utf8",
      timeout: 30_000,
    });

  const notLocal = "a PUBLIC_URL or HOST that is not a local address";
  it.each<[Record<string, string>, string]>([
    [{ PUBLIC_URL: "https://deals.firm.com", HOST: "127.0.0.1" }, notLocal],
    [{ PUBLIC_URL: "http://127.0.0.1:3100", HOST: "0.0.0.0" }, notLocal],
    [
      { PUBLIC_URL: "http://127.0.0.1:3100", HOST: "127.0.0.1", NODE_ENV: "production" },
      "NODE_ENV=production",
    ],
  ])("is refused at once, with why, for %o", (env, why) => {
    const server = start(env);
    expect(server.status).toBe(1);
    expect(server.stderr).toContain(
      `E2E_TEST_CLOCK is only for the end-to-end tests' own server: refused with ${why}`,
    );
  });
});
