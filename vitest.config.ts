import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/web/app/**/*.test.ts"],
    // Two test files at a time (the CI machine has two cores); on PostgreSQL each worker has its own
    // database (packages/core/src/testing/test-cores.ts).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
