import { createCore, loadConfig } from "@aea/core";
import { testStorage } from "@aea/core/testing";
import { buildApp } from "../app.ts";

/**
 * The server as the durability test runs it in a child process: the API on a free port of 127.0.0.1,
 * configured by the environment the test passes (DATA_DIR, DATABASE_URL). Prints `{"port":…}` once
 * it listens; the test then kills it with SIGKILL, so nothing here gets to shut down cleanly.
 */
const config = loadConfig();
// The demo images the tests already rendered once, instead of rendering them again.
const core = await createCore(config, { storage: testStorage });
const app = await buildApp({ core, withWebApp: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === "object" ? address?.port : 0 })}\n`);
