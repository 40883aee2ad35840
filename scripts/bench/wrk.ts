// Runs wrk and parses its text report.
import { run } from "./util.ts";

export interface WrkOptions {
  threads: number;
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
  /** wrk's per-request timeout (default 2 s); slow endpoints need more or they count as socket errors. */
  timeoutSeconds?: number;
}

export interface WrkResult {
  requestsPerSecond: number;
  transferPerSecond: string;
  requests: number;
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Responses outside 2xx/3xx. */
  non2xx3xx: number;
  socketErrors: number;
  command: string;
}

export function wrkArgs(url: string, options: WrkOptions): string[] {
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    "--latency",
  ];
  if (options.timeoutSeconds) args.push("--timeout", `${options.timeoutSeconds}s`);
  for (const [name, value] of Object.entries(options.headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return args;
}

const shellQuote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

function toMs(value: string, unit: string): number {
  const n = Number(value);
  switch (unit) {
    case "us":
      return n / 1000;
    case "ms":
      return n;
    case "s":
      return n * 1000;
    case "m":
      return n * 60_000;
    default:
      return Number.NaN;
  }
}

export function parseWrk(output: string): Omit<WrkResult, "command"> {
  const number = (re: RegExp) => {
    const match = output.match(re);
    return match ? Number(match[1]) : Number.NaN;
  };
  const latency = (re: RegExp) => {
    const match = output.match(re);
    return match ? toMs(match[1], match[2]) : Number.NaN;
  };
  const socket = output.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    transferPerSecond: output.match(/Transfer\/sec:\s+(\S+)/)?.[1] ?? "",
    requests: number(/(\d+) requests in/),
    latencyAvgMs: latency(/Latency\s+([\d.]+)(us|ms|s|m)\b/),
    latencyP50Ms: latency(/\s50%\s+([\d.]+)(us|ms|s|m)\b/),
    latencyP99Ms: latency(/\s99%\s+([\d.]+)(us|ms|s|m)\b/),
    non2xx3xx: number(/Non-2xx or 3xx responses:\s+(\d+)/) || 0,
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

export function runWrk(url: string, options: WrkOptions): WrkResult {
  const args = wrkArgs(url, options);
  const command = `wrk ${args.map(shellQuote).join(" ")}`;
  const result = run("wrk", args);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  const parsed = parseWrk(result.stdout);
  if (!Number.isFinite(parsed.requestsPerSecond))
    throw new Error(`could not parse wrk output:\n${result.stdout}`);
  return { ...parsed, command };
}
