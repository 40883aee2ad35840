import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { E2E_AUTH_LIMIT_PER_MINUTE } from "./server-limits";

/** A production server of a spec's own, for settings the shared test server does not have. */
export interface OwnServer {
  stop(): Promise<void>;
}

/**
 * Starts the built site on 127.0.0.1:`port` with a fresh SQLite database (demo data) and `env` on top,
 * and waits for /healthz (up to 120 s).
 */
export async function startOwnServer(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<OwnServer> {
  const dataDir = join(tmpdir(), `aea-e2e-${name}-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const webRoot = resolve(import.meta.dirname, "..");
  const server: ChildProcess = spawn(process.execPath, [resolve(webRoot, "../server/src/main.ts")], {
    cwd: webRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: String(E2E_AUTH_LIMIT_PER_MINUTE),
      ...env,
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The ${name} test server exited with ${server.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`The ${name} test server did not start in 120 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once("exit", r));
        server.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
