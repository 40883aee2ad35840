// nginx as the practical ceiling: it serves the very bytes our server sent, from files, per exact location.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { foregroundNginxConfig } from "../nginx-config.ts";
import { freePort, hasCommand, log, rawGet, run, startLogged, waitForOk, withChildren } from "./util.ts";

/** Installs nginx and wrk from Debian packages when missing (we run as root on Debian). */
export function ensureTools(): void {
  const missing = ["nginx", "wrk"].filter((name) => !hasCommand(name));
  if (missing.length === 0) return;
  log(`installing ${missing.join(" and ")} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = run("apt-get", ["update"], { env });
  if (update.status !== 0) throw new Error(`apt-get update failed:\n${update.stderr.slice(-2000)}`);
  let install = run("apt-get", ["install", "-y", "nginx-light", "wrk"], { env });
  if (install.status !== 0) install = run("apt-get", ["install", "-y", "nginx", "wrk"], { env });
  if (install.status !== 0) throw new Error(`apt-get install failed:\n${install.stderr.slice(-2000)}`);
  // Debian's package may start a system nginx on :80; it is not ours to keep running, but we leave it alone.
  for (const name of missing)
    if (!hasCommand(name)) throw new Error(`${name} still missing after apt-get install`);
}

export interface StaticEntry {
  /** The request path, e.g. /api/Advisors/GetDeals (no query string). */
  path: string;
  body: Buffer;
  contentType: string;
  /** e.g. "gzip"; undefined for an identity body. */
  contentEncoding?: string;
}

export interface NginxServer {
  url: string;
  config: string;
  /** Master and worker processes. */
  pids: () => number[];
  stop: () => Promise<void>;
}

const quote = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;

/** Writes every body under an nginx root, generates a config under workDir and starts nginx on a free port. */
export async function startNginx(workDir: string, entries: readonly StaticEntry[]): Promise<NginxServer> {
  const dir = join(workDir, "nginx");
  const files = join(dir, "files");
  const temp = join(dir, "temp");
  mkdirSync(files, { recursive: true });
  mkdirSync(temp, { recursive: true });
  // nginx workers run as www-data: they must be able to reach the files (mkdtemp makes 0700 folders).
  for (const folder of [workDir, dir, files]) chmodSync(folder, 0o755);
  const port = await freePort();
  const locations = entries.map((entry, index) => {
    const file = join(files, `body-${index}.bin`);
    writeFileSync(file, entry.body);
    return [
      `    location = ${entry.path} {`,
      "      types { }",
      `      default_type ${quote(entry.contentType)};`,
      entry.contentEncoding ? `      add_header Content-Encoding ${quote(entry.contentEncoding)};` : "",
      `      add_header Vary "Accept-Encoding";`,
      `      alias ${file};`,
      "    }",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const config = join(dir, "nginx.conf");
  writeFileSync(
    config,
    foregroundNginxConfig({
      dir,
      generatedBy: "scripts/bench/nginx.ts",
      workers: process.env.BENCH_NGINX_WORKERS ? Number(process.env.BENCH_NGINX_WORKERS) : "auto",
      http: `  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  gzip off;
  server {
    listen 127.0.0.1:${port};
    location = /healthz { return 200 "ok"; }
${locations.join("\n")}
    location / { return 404; }
  }`,
    }),
  );
  const test = run("nginx", ["-t", "-c", config, "-p", dir]);
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const proc = startLogged("nginx", ["-c", config, "-p", dir], { log: join(dir, "stdout.log") });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/healthz`, 10_000, proc.alive);
  // nginx must answer with exactly the bytes and headers it was given, or the comparison means nothing.
  for (const entry of entries) {
    const res = await rawGet(url + entry.path, { "accept-encoding": "gzip" });
    const problem =
      res.status !== 200
        ? `HTTP ${res.status}`
        : !res.body.equals(entry.body)
          ? "different body"
          : res.headers["content-type"] !== entry.contentType
            ? `content-type ${res.headers["content-type"]}`
            : (res.headers["content-encoding"] ?? undefined) !== entry.contentEncoding
              ? `content-encoding ${res.headers["content-encoding"]}`
              : undefined;
    if (problem) {
      await proc.stop();
      throw new Error(
        `nginx does not serve ${entry.path} as expected (${problem}); see ${join(dir, "error.log")}`,
      );
    }
  }
  return { url, config, pids: () => withChildren(proc.child.pid ?? 0), stop: proc.stop };
}
