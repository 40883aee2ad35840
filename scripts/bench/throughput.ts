// HTTP throughput: our server against nginx serving the same bytes (parts api, assets, pages).
import { gunzipSync } from "node:zlib";
import { type NginxServer, type StaticEntry, startNginx } from "./nginx.ts";
import { formatRatio, formatRps, type Row } from "./report.ts";
import { cpuMs, errorText, log, median, type RawResponse, rawGet } from "./util.ts";
import { runWrk, type WrkOptions, type WrkResult } from "./wrk.ts";

export const ACCEPT_ENCODING = "gzip";

export interface HttpTarget {
  section: "api" | "assets" | "pages";
  name: string;
  path: string;
  /** Minimum ours/nginx ratio; undefined: reported for information only. */
  budget?: number;
  /** Whether the body is expected to be compressed for `Accept-Encoding: gzip`. */
  compressible: boolean;
  /** Also measured against the RENDER_CACHE=off instance (pages). */
  uncached?: boolean;
}

export interface FetchedTarget extends HttpTarget {
  response?: RawResponse;
  fetchError?: string;
}

export interface WrkSettings {
  threads: number;
  connections: number;
  /** Seconds of each round on each side. */
  durationSeconds: number;
  /** Rounds of ours-then-nginx per target; the ratio is the median of the rounds' ratios. */
  rounds: number;
  warmupSeconds: number;
}

/** Fetches each target once with the load test's Accept-Encoding: those bytes are what nginx will serve. */
export async function fetchTargets(
  baseUrl: string,
  targets: readonly HttpTarget[],
): Promise<FetchedTarget[]> {
  const out: FetchedTarget[] = [];
  for (const target of targets) {
    try {
      out.push({
        ...target,
        response: await rawGet(baseUrl + target.path, { "accept-encoding": ACCEPT_ENCODING }),
      });
    } catch (error) {
      out.push({ ...target, fetchError: errorText(error) });
    }
  }
  return out;
}

export async function startNginxFor(
  workDir: string,
  targets: readonly FetchedTarget[],
): Promise<NginxServer> {
  const entries: StaticEntry[] = targets
    .filter((t) => t.response?.status === 200)
    .map((t) => ({
      path: t.path,
      body: t.response?.body ?? Buffer.alloc(0),
      contentType: t.response?.headers["content-type"] ?? "application/octet-stream",
      contentEncoding: t.response?.headers["content-encoding"],
    }));
  return startNginx(workDir, entries);
}

export interface Endpoint {
  url: string;
  /** The processes serving it, for CPU time per request. */
  pids: () => number[];
}

export interface Measurement extends WrkResult {
  /** Server CPU (user + system) per request: steadier than req/s when other work shares the cores. */
  cpuUsPerRequest: number;
}

/** Uncached renders take tens of ms each: fewer connections and a longer timeout, or wrk counts timeouts. */
export const UNCACHED_CONNECTIONS = 8;

function wrk(
  endpoint: Endpoint,
  path: string,
  settings: WrkSettings,
  seconds: number,
  slow = false,
): Measurement {
  const options: WrkOptions = {
    threads: settings.threads,
    connections: slow ? Math.min(UNCACHED_CONNECTIONS, settings.connections) : settings.connections,
    durationSeconds: seconds,
    headers: { "Accept-Encoding": ACCEPT_ENCODING },
    timeoutSeconds: slow ? 15 : undefined,
  };
  const pids = endpoint.pids();
  const before = cpuMs(pids);
  const result = runWrk(endpoint.url + path, options);
  const cpuUsPerRequest = ((cpuMs(pids) - before) * 1000) / result.requests;
  return { ...result, cpuUsPerRequest };
}

/** Several rounds as one measurement: medians of the rates and latencies, sums of the counts. */
function combine(rounds: readonly Measurement[]): Measurement {
  const requests = rounds.reduce((sum, m) => sum + m.requests, 0);
  const of = (pick: (m: Measurement) => number) => median(rounds.map(pick));
  return {
    ...rounds[0],
    requestsPerSecond: of((m) => m.requestsPerSecond),
    latencyAvgMs: of((m) => m.latencyAvgMs),
    latencyP50Ms: of((m) => m.latencyP50Ms),
    latencyP99Ms: of((m) => m.latencyP99Ms),
    requests,
    non2xx3xx: rounds.reduce((sum, m) => sum + m.non2xx3xx, 0),
    socketErrors: rounds.reduce((sum, m) => sum + m.socketErrors, 0),
    cpuUsPerRequest: rounds.reduce((sum, m) => sum + m.cpuUsPerRequest * m.requests, 0) / requests,
  };
}

/**
 * Ours and nginx in alternating rounds. Other work on this 2-core machine (a build, a browser) comes
 * in bursts: back-to-back single runs let one burst decide the ratio, alternating rounds confine it
 * to the rounds it hit, and the median ratio leaves those out.
 */
function alternate(target: FetchedTarget, context: ThroughputContext) {
  const { settings } = context;
  const ours: Measurement[] = [];
  const nginx: Measurement[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    ours.push(wrk(context.ours, target.path, settings, settings.durationSeconds));
    nginx.push(wrk(context.nginx, target.path, settings, settings.durationSeconds));
  }
  const roundRatios = ours.map((m, i) => m.requestsPerSecond / nginx[i].requestsPerSecond);
  return { ours: combine(ours), nginx: combine(nginx), ratio: median(roundRatios), roundRatios };
}

const cpuText = (m: Measurement) =>
  Number.isFinite(m.cpuUsPerRequest) ? `${Math.round(m.cpuUsPerRequest)} µs` : "?";

function health(result: WrkResult): string | undefined {
  const problems: string[] = [];
  if (result.non2xx3xx > 0) problems.push(`${result.non2xx3xx} non-2xx/3xx responses`);
  if (result.socketErrors > 0) problems.push(`${result.socketErrors} socket errors`);
  return problems.length > 0 ? problems.join(", ") : undefined;
}

export interface ThroughputContext {
  ours: Endpoint;
  nginx: Endpoint;
  /** The RENDER_CACHE=off instance, for targets with `uncached`. */
  uncached?: Endpoint;
  settings: WrkSettings;
  commands: Set<string>;
}

/** One target: warm both sides, then measure ours and nginx back to back; rows for the ratio (and uncached render). */
type RowBase = Pick<Row, "section" | "name" | "budget">;

/** A target's row without figures, saying why it was not measured. */
const notMeasured = (base: RowBase, status: Row["status"], note: string): Row => ({
  ...base,
  ours: "—",
  nginx: "—",
  ratio: "—",
  status,
  note,
});

/** The row of a target served by the RENDER_CACHE=off instance: for information, beside the cached one. */
const uncachedBase = (base: RowBase): RowBase => ({
  ...base,
  name: `${base.name} (RENDER_CACHE=off)`,
  budget: "info",
});

export function measureTarget(target: FetchedTarget, context: ThroughputContext): Row[] {
  const budget = target.budget === undefined ? "info" : `ratio ≥ ${target.budget}`;
  const base = { section: target.section, name: `GET ${target.path}`, budget };
  const response = target.response;
  if (!response) return [notMeasured(base, "error", `fetch failed: ${target.fetchError}`)];
  const encoding = response.headers["content-encoding"] ?? "identity";
  const describe = `${encoding}, ${response.body.length.toLocaleString("en-US")} B body`;
  if (response.status !== 200) {
    const rows = [
      notMeasured(base, "skip", `answers HTTP ${response.status} (page not built yet?): not measured`),
    ];
    if (target.uncached)
      rows.push(notMeasured(uncachedBase(base), "skip", `answers HTTP ${response.status}`));
    return rows;
  }
  const rows: Row[] = [];
  try {
    const { settings } = context;
    log(`wrk ${target.path}: warm-up, then ${settings.rounds} rounds of ours and nginx`);
    wrk(context.ours, target.path, settings, settings.warmupSeconds);
    wrk(context.nginx, target.path, settings, Math.min(1, settings.warmupSeconds));
    const { ours, nginx, ratio, roundRatios } = alternate(target, context);
    context.commands.add(ours.command.replace(context.ours.url, "http://127.0.0.1:$PORT"));
    const problems = [
      health(ours) && `ours: ${health(ours)}`,
      health(nginx) && `nginx: ${health(nginx)}`,
    ].filter(Boolean);
    const pass = target.budget === undefined ? "info" : ratio >= target.budget ? "pass" : "fail";
    rows.push({
      ...base,
      ours: formatRps(ours.requestsPerSecond),
      nginx: formatRps(nginx.requestsPerSecond),
      ratio: formatRatio(ratio),
      status: problems.length > 0 && pass === "pass" ? "fail" : pass,
      note: [
        describe,
        `round ratios ${roundRatios.map(formatRatio).join(", ")}`,
        `CPU/request ${cpuText(ours)} vs ${cpuText(nginx)}`,
        `p99 ${ours.latencyP99Ms.toFixed(1)} ms vs ${nginx.latencyP99Ms.toFixed(1)} ms`,
        ...problems,
      ].join("; "),
      data: {
        ours,
        nginx,
        ratio,
        roundRatios,
        encoding,
        bodyBytes: response.body.length,
        headerBytes: response.headerBytes,
      },
    });
    if (target.uncached) {
      if (!context.uncached) {
        rows.push(notMeasured(uncachedBase(base), "skip", "no RENDER_CACHE=off instance"));
      } else {
        log(`wrk ${target.path}: RENDER_CACHE=off instance`);
        wrk(context.uncached, target.path, settings, settings.warmupSeconds, true);
        const seconds = settings.durationSeconds * settings.rounds;
        const uncached = wrk(context.uncached, target.path, settings, seconds, true);
        context.commands.add(
          uncached.command.replace(context.uncached.url, "http://127.0.0.1:$PORT_RENDER_CACHE_OFF"),
        );
        const uncachedRatio = uncached.requestsPerSecond / nginx.requestsPerSecond;
        const speedup = ours.requestsPerSecond / uncached.requestsPerSecond;
        const noEffect = Math.abs(speedup - 1) < 0.15;
        rows.push({
          ...uncachedBase(base),
          ours: formatRps(uncached.requestsPerSecond),
          nginx: formatRps(nginx.requestsPerSecond),
          ratio: formatRatio(uncachedRatio),
          status: "info",
          note: [
            `cached/uncached = ${speedup.toFixed(2)}×${noEffect ? " (RENDER_CACHE=off seems to have no effect, or there is no render cache yet)" : ""}`,
            `CPU/request ${cpuText(uncached)}`,
            `wrk -c${Math.min(UNCACHED_CONNECTIONS, settings.connections)}`,
            `p99 ${uncached.latencyP99Ms.toFixed(1)} ms`,
            health(uncached),
          ]
            .filter(Boolean)
            .join("; "),
          data: { uncached, nginx, ratio: uncachedRatio, cachedOverUncached: speedup },
        });
      }
    }
  } catch (error) {
    rows.push(notMeasured(base, "error", errorText(error)));
  }
  return rows;
}

/** If-None-Match with the ETag of the 200 must answer 304 with an empty body. */
export async function checkConditional(baseUrl: string, target: FetchedTarget): Promise<Row> {
  const base = {
    section: target.section,
    name: `GET ${target.path} If-None-Match → 304`,
    nginx: "—",
    ratio: "—",
    budget: "304",
  };
  const etag = target.response?.headers.etag;
  if (!etag) return { ...base, ours: "no ETag", status: "fail", note: "the 200 response carries no ETag" };
  try {
    const res = await rawGet(baseUrl + target.path, {
      "accept-encoding": ACCEPT_ENCODING,
      "if-none-match": etag,
    });
    const problems: string[] = [];
    if (res.status !== 304) problems.push(`answered ${res.status}`);
    if (res.body.length > 0) problems.push(`304 with a ${res.body.length} B body`);
    if (res.status === 304 && res.headers.etag !== etag) problems.push("304 without the ETag header");
    const weak = etag.startsWith("W/");
    return {
      ...base,
      ours: String(res.status),
      status: problems.length === 0 ? "pass" : "fail",
      note: [`ETag ${etag}${weak ? " (weak)" : " (strong)"}`, ...problems].join("; "),
      data: { etag, status: res.status, headers: res.headers },
    };
  } catch (error) {
    return { ...base, ours: "—", status: "error", note: errorText(error) };
  }
}

/** Things about the responses' headers the server engineer may want to fix. */
export async function headerObservations(
  baseUrl: string,
  targets: readonly FetchedTarget[],
): Promise<string[]> {
  const notes: string[] = [];
  for (const target of targets) {
    const res = target.response;
    if (res?.status !== 200) continue;
    const h = res.headers;
    const what = `${target.path}:`;
    if (target.compressible && h["content-encoding"] !== "gzip")
      notes.push(
        `${what} not gzip-compressed for Accept-Encoding: gzip (content-encoding: ${h["content-encoding"] ?? "none"})`,
      );
    if (!target.compressible && h["content-encoding"])
      notes.push(`${what} compressed (${h["content-encoding"]}) although the format is already compressed`);
    if (h["content-encoding"] && !/accept-encoding/i.test(h.vary ?? ""))
      notes.push(`${what} compressed without Vary: Accept-Encoding`);
    if (target.section === "assets") {
      if (!/immutable/.test(h["cache-control"] ?? "") || !/max-age=31536000/.test(h["cache-control"] ?? ""))
        notes.push(
          `${what} fingerprinted asset without "max-age=31536000, immutable" (cache-control: ${h["cache-control"] ?? "none"})`,
        );
    }
    if (target.section === "pages") {
      if (!h.etag)
        notes.push(
          `${what} anonymous SSR page has no ETag (DESIGN: cacheable with ETag, short s-maxage, stale-while-revalidate)`,
        );
      if (!/s-maxage/.test(h["cache-control"] ?? ""))
        notes.push(
          `${what} anonymous SSR page cache-control is "${h["cache-control"] ?? "none"}" (DESIGN: short s-maxage + stale-while-revalidate)`,
        );
      if (h["transfer-encoding"] === "chunked")
        notes.push(
          `${what} HTML is streamed chunked and gzip-compressed per request (${res.body.length} B gzip)`,
        );
    }
    if (target.section === "api") {
      if (!h.etag) notes.push(`${what} no ETag`);
      try {
        const br = await rawGet(baseUrl + target.path, { "accept-encoding": "br, gzip" });
        if (br.headers["content-encoding"] !== "br")
          notes.push(
            `${what} no brotli for Accept-Encoding: br, gzip (got ${br.headers["content-encoding"] ?? "identity"})`,
          );
        else
          notes.push(
            `${what} sizes: raw ${safeGunzipLength(res.body).toLocaleString("en-US")} B, gzip ${res.body.length.toLocaleString("en-US")} B, br ${br.body.length.toLocaleString("en-US")} B`,
          );
      } catch {
        /* reported elsewhere */
      }
    }
  }
  const sample = targets.find((t) => t.response?.status === 200 && t.section === "assets")?.response;
  if (sample && sample.headerBytes > 600) {
    notes.push(
      `static assets carry ${sample.headerBytes} B of response headers (nginx ≈ 250 B); per request that matters for small files`,
    );
  }
  const api = targets.find((t) => t.section === "api")?.response;
  if (api && api.headerBytes > 800)
    notes.push(
      `GetDeals responses carry ${api.headerBytes} B of headers (CSP and other HTML-oriented security headers on JSON)`,
    );
  return notes;
}

function safeGunzipLength(body: Buffer): number {
  try {
    return gunzipSync(body).length;
  } catch {
    return body.length;
  }
}
