import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_SERVER_FLAGS } from "../../scripts/chromium.ts";
import { E2E_AUTH_LIMIT_PER_MINUTE } from "./e2e/server-limits.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? "../../data/e2e";

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  // A test that passes only on a second try is a failure to look at, not to hide.
  retries: 0,
  failOnFlakyTests: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_SERVER_FLAGS,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } },
    {
      // Only where a phone differs: tests tagged @phone (the side menu, the filters disclosure, one-column
      // grids, touch on the map, the 320 px modal, a buyer's journey to a stamped PDF, a bid, a question,
      // the engagement leaderboard's cards). Everything else behaves the same at 390 px and runs once, on
      // the desktop project; marketing, inquiry and editor pages are checked at phone width by their screenshots.
      name: "phone",
      grep: /@phone/,
      testMatch: [
        "shell.spec.ts",
        "deal-views.spec.ts",
        "deal-filters.spec.ts",
        "deals-map.spec.ts",
        "deal-page.spec.ts",
        "liked-deals.spec.ts",
        "login-modal.spec.ts",
        "login-page.spec.ts",
        "account-journeys.spec.ts",
        "data-room-agreement.spec.ts",
        "data-room-journey.spec.ts",
        "data-room-search.spec.ts",
        "data-room-questions.spec.ts",
        "data-room-bids.spec.ts",
        "data-room-engagement.spec.ts",
        "analysis.spec.ts",
      ],
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, defaultBrowserType: "chromium" },
    },
  ],
  webServer: {
    // The production build, a fresh SQLite database with the demo data.
    command: `rm -rf ${dataDir} && node ../server/src/main.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      // The spec's environment (§1): staff see its name in their menu.
      ENVIRONMENT_NAME: "TEST",
      AUTH_RATE_LIMIT_PER_MINUTE: String(E2E_AUTH_LIMIT_PER_MINUTE),
      // A clock the specs move forward (e2e/server-clock.ts), so a bid deadline passes without waiting;
      // the server refuses it anywhere but a local, non-production start (decision 044).
      E2E_TEST_CLOCK: "true",
    },
  },
});
