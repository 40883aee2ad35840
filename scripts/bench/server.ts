// Builds the web app when needed and starts product server instances on free ports.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { freePort, log, type Managed, run, startLogged, waitForOk } from "./util.ts";

export interface ProductServer {
  name: string;
  url: string;
  port: number;
  /** The server's own process (Node runs main.ts directly, no wrapper). */
  pid: number;
  dataDir: string;
  env: Record<string, string>;
  startupMs: number;
  log: string;
  stop: () => Promise<void>;
}

/** `npm run build` when apps/web/build is missing (or BENCH_BUILD=always). */
export function ensureWebBuild(root: string): void {
  const built = existsSync(join(root, "apps/web/build/server/index.js"));
  if (built && process.env.BENCH_BUILD !== "always") return;
  log(built ? "BENCH_BUILD=always: building the web app" : "apps/web/build is missing: npm run build");
  const result = run("npm", ["run", "build"], { cwd: root, inherit: true });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/**
 * Starts `apps/server/src/main.ts` on the running Node (the pinned Node 24 under `npm run bench`),
 * on 127.0.0.1 and a free port, and waits for /healthz. A fresh DATA_DIR seeds the demo data and
 * renders its images (≈10–20 s the first time); a second instance may share an already seeded one.
 */
export async function startProductServer(options: {
  root: string;
  dataDir: string;
  workDir: string;
  name: string;
  extraEnv?: Record<string, string>;
}): Promise<ProductServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: process.env.SEED_DEMO ?? "true",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(process.env.BENCH_NODE_ENV ? { NODE_ENV: process.env.BENCH_NODE_ENV } : {}),
    ...options.extraEnv,
  };
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // Our own environment must not leak settings that change what is measured.
  if (!options.extraEnv?.RENDER_CACHE) delete childEnv.RENDER_CACHE;
  if (!process.env.BENCH_NODE_ENV) delete childEnv.NODE_ENV;
  const logFile = join(options.workDir, `${options.name}.log`);
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops, to see where time goes.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child: Managed = startLogged(process.execPath, [...profile, "apps/server/src/main.ts"], {
    cwd: options.root,
    env: childEnv,
    log: logFile,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const startupMs = await waitForOk(`${url}/healthz`, 120_000, child.alive);
    return {
      name: options.name,
      url,
      port,
      pid: child.child.pid ?? 0,
      dataDir: options.dataDir,
      env,
      startupMs,
      log: logFile,
      stop: child.stop,
    };
  } catch (error) {
    await child.stop();
    const tail = existsSync(logFile)
      ? readFileSync(logFile, "utf8").trim().split("\n").slice(-6).join(" / ")
      : "";
    throw new Error(
      `${options.name} did not start: ${(error as Error).message}${tail ? `; log: ${tail.slice(-800)}` : ""}`,
    );
  }
}

/**
 * Waits until a first start has finished seeding the demo, its pictures included (the row in
 * `demo_seeds`, in the SQLite file of `data` or the PostgreSQL database it names). Until then a child
 * process draws the listings' pictures, a core's worth of work for some 50 s on this machine, and each
 * further instance started on the same data draws them too: a load run in that window measured the
 * picture drawing (a third of the throughput, thousands of time-outs). Returns how long it waited.
 */
export async function waitForDemoSeeded(
  data: { dataDir: string } | { databaseUrl: string },
  timeoutMs = 300_000,
): Promise<number> {
  const started = performance.now();
  const seeded = "select 1 from demo_seeds limit 1";
  while (performance.now() - started < timeoutMs) {
    if ("databaseUrl" in data) {
      const client = new pg.Client({ connectionString: data.databaseUrl });
      await client.connect();
      try {
        if ((await client.query(seeded)).rowCount) return performance.now() - started;
      } finally {
        await client.end();
      }
    } else {
      const db = new DatabaseSync(join(data.dataDir, "anticline.sqlite"), { readOnly: true });
      try {
        if (db.prepare(seeded).get()) return performance.now() - started;
      } finally {
        db.close();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the demo was not seeded within ${timeoutMs / 1000} s`);
}
