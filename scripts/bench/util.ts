// Small helpers shared by the bench modules: ports, raw HTTP, child processes, statistics.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now (asked from the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** The bytes as sent on the wire (still compressed when content-encoding is set). */
  body: Buffer;
  /** Approximate size of the status line and headers on the wire. */
  headerBytes: number;
}

/** GET without any decoding (fetch would decompress), on a fresh connection. */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const flat: Record<string, string> = {};
        for (const [key, value] of Object.entries(res.headers)) {
          if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(", ") : value;
        }
        let headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headerBytes += res.rawHeaders[i].length + res.rawHeaders[i + 1].length + 4;
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks), headerBytes });
      });
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.on("error", reject);
    req.end();
  });
}

/** Polls a URL until it answers 200 or the deadline passes; throws with the reason otherwise. */
export async function waitForOk(
  url: string,
  timeoutMs: number,
  isAlive: () => boolean = () => true,
): Promise<number> {
  const started = Date.now();
  let last = "no answer";
  while (Date.now() - started < timeoutMs) {
    if (!isAlive()) throw new Error(`process exited before ${url} answered`);
    try {
      const res = await rawGet(url, {}, 2_000);
      if (res.status === 200) return Date.now() - started;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
}

export interface Managed {
  child: ChildProcess;
  alive: () => boolean;
  stop: () => Promise<void>;
}

/** Starts a long-running child whose output goes to a log file; `stop` sends SIGTERM, then SIGKILL. */
export function startLogged(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; log: string },
): Managed {
  const out = createWriteStream(options.log);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  let exited = false;
  const done = new Promise<void>((resolve) => {
    child.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  return {
    child,
    alive: () => !exited,
    async stop() {
      if (exited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion, capturing its output. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; inherit?: boolean } = {},
) {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env,
    encoding: "utf8",
    stdio: options.inherit ? "inherit" : "pipe",
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: result.status ?? -1,
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? "",
    error: result.error,
  };
}

export function hasCommand(name: string): boolean {
  return run("sh", ["-c", `command -v ${name}`]).status === 0;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Linear-interpolated quantile (q in 0..1) of unsorted values; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function log(message: string): void {
  const time = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[bench ${time}] ${message}\n`);
}

let clockTicks: number | undefined;

/** CPU time (user + system) used so far by these processes, in milliseconds; NaN when unreadable (not Linux). */
export function cpuMs(pids: readonly number[]): number {
  clockTicks ??= Number(run("getconf", ["CLK_TCK"]).stdout.trim()) || 100;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  }
  return (ticks * 1000) / clockTicks;
}

/** A process and its direct children (nginx: master and workers). */
export function withChildren(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}
