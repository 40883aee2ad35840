// Loaded by main.ts once the process runs with its start settings (start-settings.ts).
import "./node-env.ts";
import { existsSync } from "node:fs";
import { ConfigError, createCore, DatabaseTooNewError, ForwardClock, loadConfig } from "@aea/core";
import { buildApp } from "./app.ts";
import { webRoot } from "./plugins/web-app.ts";

const dev = process.argv.includes("--dev");

async function main() {
  const startedAt = performance.now();
  // A local .env (see .env.example) fills in variables the shell did not set.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  // Only the end-to-end tests' server, on a local address (loadConfig refuses it elsewhere; decision 044).
  const e2eTestClock = config.e2eTestClock ? new ForwardClock() : undefined;
  // The demo is seeded by a child process, whose memory goes when it ends (decision 037).
  const core = await createCore(config, { seedDemoApart: true, clock: e2eTestClock });
  const vite = dev
    ? await (await import("vite")).createServer({
        root: webRoot,
        server: { middlewareMode: true },
        appType: "custom",
      })
    : undefined;
  const app = await buildApp({ core, vite, e2eTestClock });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop accepting connections, let in-flight requests finish, then release the database.
    await app.close();
    await vite?.close();
    await core.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // Background work (deal-alert mail) runs in every server: the jobs table hands each job to one.
  core.jobs.start();
  // The engagement scores' quarter-hourly recomputation and the weekly digest (filed once whoever starts).
  await core.engagement.schedule();
  app.log.info(
    {
      url: config.publicUrl,
      database: core.health.engine,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `${config.firmName} site ready`,
  );
  if (core.withoutAccounts) {
    app.log.warn(
      "Demo accounts not created (only a local demo gets them: PUBLIC_URL on localhost or SEED_DEMO_ACCOUNTS=true); create the first administrator with: npm run create-admin -- you@firm.com",
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseTooNewError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
