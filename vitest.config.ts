import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/app/**/*.test.ts"],
    // Two test files at a time (the CI machine has two cores); on PostgreSQL each worker has its own
    // database (packages/core/src/testing/test-cores.ts).
    maxWorkers: 2,
    // Names the run whose seeded databases the test cores copy (docs/decisions/049).
    globalSetup: ["packages/core/src/testing/seeded-templates-run.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
