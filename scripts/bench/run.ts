/**
 * `npm run bench` — performance report of the product against its budgets (not part of `npm test`).
 *
 * What it does, on loopback, in one run:
 *   - installs nginx and wrk from Debian packages when missing (apt-get; we are root), builds the web
 *     app when apps/web/build is missing, starts the product server (apps/server/src/main.ts) on a free
 *     port with a fresh DATA_DIR under /tmp (demo data seeded: the first start renders images, ~10–20 s);
 *   - api:      GET /api/Advisors/GetDeals (gzip, ETag) with wrk, ours vs nginx serving the same bytes
 *               (ratio ≥ 0.5), and If-None-Match → 304;
 *   - assets:   the largest JS module /home preloads, a fingerprinted CSS file and a woff2 font
 *               (ratio ≥ 0.5 each);
 *   - pages:    GET /deals/public anonymous (ratio ≥ 0.3) and /home (info), plus the same against a second
 *               instance started with RENDER_CACHE=off (uncached render rate with wrk -c8, info);
 *   - lean:     first-load JavaScript of /home, /deals/public and the first deal (gzip -9 of the page's
 *               module list as its HTML names it; ≤ 130 KB each) and the server's RSS after start-up
 *               with the demo seeded and one request per page (≤ 250 MiB); builds nothing
 *               (scripts/bench/parts/lean.ts);
 *   - lighthouse: Lighthouse 13, mobile preset, median of 5 runs for /home, /deals/public and
 *               /deals/{first ListingId}, a first visit (the terms dialog opens): performance ≥ 99 and
 *               total blocking time ≤ 50 ms (issue 25), accessibility, best practices, SEO = 100;
 *   - filtering: applyDealQuery over 5,000 listings per keystroke of "permian basin" with type=producing,
 *               median and p95 ≤ 16 ms, in Node and in Chromium (Playwright, domain modules unbundled);
 *   - load:     200 concurrent clients for 60 s (autocannon, closed loop: no think time) against an instance
 *               of its own (AUTH_RATE_LIMIT_PER_MINUTE raised for its sign-ins) over a mix: anonymous pages
 *               (/home, /deals/public, /services, /team), every public /deals/{id}, GetDeals, the content
 *               API (/items/…), and signed-in pages (/buyer/profile, /deals/public, and /deals/private for
 *               admins and private buyers) for 20 clients holding demo accounts' sessions
 *               (scripts/bench/load-mix.ts). Budgets: 0 errors
 *               (non-2xx/3xx or socket) and p99 ≤ 250 ms over all requests; reported too: req/s,
 *               p50/p90/max, each kind of request's latencies, the server's RSS before and after.
 *   - cluster:  the load part's mix against two instances behind nginx on PostgreSQL, Redis and the S3
 *               stand-in (`npm run cluster`'s set-up, a fresh BENCH_CLUSTER_DATABASE_URL, default
 *               …/aea_bench_cluster, and an emptied BENCH_CLUSTER_REDIS_URL, default redis://…/13) beside
 *               one instance on its defaults, on the same cores (the ratio); then 100 listing saves through
 *               one instance, each timed until the other's GetDeals has it (p99 ≤ 1 s). Skipped when
 *               PostgreSQL or Redis cannot be reached (scripts/bench/parts/cluster.ts).
 *   - dataroom: a 200 MB data-room file downloaded through its authorised route vs nginx sending the same
 *               file, one connection, median of 5 (ratio ≥ 0.8); the server's RSS growth while it takes a
 *               1 GB tus upload in 64 MB parts (≤ 64 MB); watermarking a 100-page PDF, p50 ≤ 500 ms; the
 *               server render of a data room of 5,000 files (50 folders × 100), p50 ≤ 100 ms
 *               (scripts/bench/dataroom.ts); reading the text of a 100-page PDF for search, p50 ≤ 1 s, and
 *               a search over a room of 5,000 files / 100,000 pages built in the database, p95 ≤ 100 ms
 *               on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set
 *               (scripts/bench/parts/document-search.ts; alone: npx node scripts/bench/parts/document-search.ts).
 *   - facets:   the facet engine of issue 22, no server (scripts/bench/facets.ts, facets-database.ts): the bench
 *               query (8 checkbox facets, a range, date buckets with stats, a sort, a page of 20) over 10k, 100k
 *               and 1M generated buyers, p50/p99 ≤ 5/25 ms at 100k and ≤ 50/150 ms at 1M; the index's memory
 *               (JS heap + typed arrays) at 1M ≤ 150 MB; built from SQLite at 100k ≤ 2 s; a write visible ≤ 1 s;
 *               and the same query as plain SQL on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).
 *   nginx gets every body our server sent for `Accept-Encoding: gzip`, with the same content-type and
 *   content-encoding (no on-the-fly gzip, sendfile on, access_log off, worker_processes auto, keepalive).
 *
 * Output: a table on stdout (progress on stderr), bench-results/latest.json, and the median Lighthouse
 * run of each page as bench-results/lighthouse/<page>.html/.json. The exit code is 0 even when a budget
 * is missed (it is a report); it is 1 only when the bench itself could not run. A whole run takes about
 * 7½ minutes on a quiet machine (Lighthouse 3, load 1½), more when other work shares the cores.
 *
 * Environment:
 *   BENCH_ONLY=api,assets,pages,lean,lighthouse,filtering,load,cluster,dataroom,facets   parts to run (default: all)
 *   BENCH_ROUNDS=3          rounds of ours then nginx per target (after BENCH_WARMUP=2 s on ours, 1 s on nginx);
 *                           the ratio is the median of the rounds' ratios
 *   BENCH_DURATION=3        seconds per wrk measurement (each side, each round)
 *   BENCH_CONNECTIONS=50    wrk -c;  BENCH_THREADS=2  wrk -t
 *   BENCH_LIGHTHOUSE_VISIT=first  or returning (the terms cookie set before the runs)
 *   BENCH_LIGHTHOUSE_RUNS=5 runs per page (median);  BENCH_LIGHTHOUSE_PAGES=/home,/deals/public (default: the three pages)
 *   BENCH_BROWSER=0         skip the Chromium filtering measurement
 *   BENCH_BUILD=always      rebuild the web app even when apps/web/build exists
 *   BENCH_NODE_ENV=…        NODE_ENV for the server (default: unset, so main.ts runs it as production, like `npm start`)
 *   BENCH_NGINX_WORKERS=1   nginx worker_processes (default auto: one per core; 1 compares one process with one)
 *   LOAD_CLIENTS=200        concurrent clients of the load part;  LOAD_SIGNED_IN=20  how many hold a session
 *   LOAD_DURATION=60        seconds measured, after LOAD_WARMUP=5 s of the same load (not recorded)
 *   BENCH_FACETS_SIZES=10000,100000,1000000  engine sizes;  BENCH_FACETS_DB_SIZE=100000  buyers in SQLite;
 *   BENCH_FACETS_SQL_SIZES=10000,100000  sizes of the plain-SQL baseline (PostgreSQL needs TEST_DATABASE_URL)
 *   BENCH_KEEP=1            keep the work folder (/tmp/aea-bench-*: server logs, nginx config)
 *   BENCH_CPU_PROF=<dir>    the server writes a V8 CPU profile (.cpuprofile) into <dir> when it stops
 *   CHROME_PATH=/usr/bin/chromium, SEED_DEMO=true
 *
 * Examples:  npm run bench
 *            BENCH_ONLY=api,assets,filtering npm run bench
 *            BENCH_ONLY=lighthouse BENCH_LIGHTHOUSE_PAGES=/home npm run bench
 *            BENCH_ONLY=load LOAD_DURATION=20 npm run bench
 * The machine has 2 cores: other work running at the same time lowers every figure (the load average
 * is recorded); compare ratios rather than absolute requests per second. The load part's generator runs
 * in this process and takes CPU from the server it measures (its share is in the row's note). The server CPU time per request
 * (ours vs nginx, read from /proc, in each row's note) is the steadiest figure when the machine is busy.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { ALL_PARTS, type BenchRun, type Deal, partsToRun, readSettings } from "./bench-run.ts";
import { measureDataRoom } from "./dataroom.ts";
import { measureFacets } from "./facets.ts";
import { LOAD_BUDGET } from "./load.ts";
import { ensureTools } from "./nginx.ts";
import { measureCluster } from "./parts/cluster.ts";
import { measureDocumentSearch } from "./parts/document-search.ts";
import { measureFiltering } from "./parts/filtering.ts";
import { measureHttp } from "./parts/http.ts";
import { measureLean } from "./parts/lean.ts";
import { measureLighthouse } from "./parts/lighthouse.ts";
import { autocannonVersion, measureLoad } from "./parts/load.ts";
import { renderSummary, renderTable, writeJson } from "./report.ts";
import { ensureWebBuild, startProductServer, waitForDemoSeeded } from "./server.ts";
import { errorText, log, rawGet, run as runCommand } from "./util.ts";

const root = resolve(import.meta.dirname, "../..");
const env = process.env;

const parts = partsToRun(env);
if (env.BENCH_ONLY && parts.size === 0) {
  console.error(`BENCH_ONLY must list some of: ${ALL_PARTS.join(",")}`);
  process.exit(1);
}
const settings = readSettings(env);

const started = new Date();
const loadBefore = loadavg();
const workDir = mkdtempSync("/tmp/aea-bench-");
const bench: BenchRun = {
  root,
  workDir,
  dataDir: join(workDir, "data"),
  parts,
  settings,
  rows: [],
  notes: [],
  commands: new Set<string>(),
  servers: [],
};
const { rows, notes, commands, servers } = bench;
let fatal: string | undefined;

async function main() {
  const http = parts.has("api") || parts.has("assets") || parts.has("pages") || parts.has("dataroom");
  if (http) ensureTools();
  // The facet engine needs no server: it is measured first, alone on the machine.
  if (parts.has("facets"))
    await part("facets", async () => {
      rows.push(...(await measureFacets()));
    });
  if ([...parts].every((p) => p === "facets")) return;
  ensureWebBuild(root);

  log(`starting the product server (DATA_DIR ${bench.dataDir})`);
  const server = await startProductServer({ root, dataDir: bench.dataDir, workDir, name: "server" });
  servers.push(server);
  log(`server ready at ${server.url} in ${(server.startupMs / 1000).toFixed(1)} s`);

  const dealsResponse = await rawGet(`${server.url}/api/Advisors/GetDeals`);
  const deals =
    dealsResponse.status === 200 ? (JSON.parse(dealsResponse.body.toString("utf8")) as Deal[]) : [];
  if (deals.length === 0) notes.push(`GetDeals answered ${dealsResponse.status} with no listings`);

  // First, so that its RSS is the server's after start-up, before other parts load it.
  if (parts.has("lean")) await part("lean", () => measureLean(bench, server, deals));
  // The other parts measure the site as it runs, not its first start's picture drawing.
  if ((env.SEED_DEMO ?? "true") !== "false") {
    const waitedMs = await waitForDemoSeeded(bench);
    log(`the demo's pictures were drawn ${(waitedMs / 1000).toFixed(1)} s after the server was ready`);
  }
  if (parts.has("api") || parts.has("assets") || parts.has("pages"))
    await part("http", () => measureHttp(bench, server));
  if (parts.has("lighthouse")) await part("lighthouse", () => measureLighthouse(bench, server, deals));
  if (parts.has("filtering")) await part("filtering", () => measureFiltering(bench, deals));
  if (parts.has("load")) await part("load", () => measureLoad(bench, deals));
  if (parts.has("cluster")) await part("cluster", () => measureCluster(bench, deals));
  if (parts.has("dataroom"))
    await part("dataroom", async () => {
      rows.push(...(await measureDataRoom(server, workDir)));
      rows.push(...(await measureDocumentSearch()));
    });
}

/** Runs one part; a part that breaks becomes an error row and the others still run. */
async function part(section: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    log(`${section} failed: ${errorText(error)}`);
    rows.push({
      section,
      name: "(could not run)",
      ours: "—",
      nginx: "—",
      ratio: "—",
      budget: "—",
      status: "error",
      note: errorText(error),
    });
  }
}

function versions() {
  const first = (text: string) => text.split("\n").find(Boolean)?.trim() ?? "";
  return {
    node: process.version,
    nginx: first(runCommand("nginx", ["-v"]).stderr),
    wrk: first(runCommand("wrk", ["-v"]).stdout),
    chromium: first(runCommand(settings.chromePath, ["--version"]).stdout),
    autocannon: autocannonVersion(root),
  };
}

try {
  await main();
} catch (error) {
  fatal = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`bench could not complete: ${fatal}`);
} finally {
  for (const server of [...servers].reverse()) await server.stop().catch(() => undefined);
}

const finished = new Date();
const loadAfter = loadavg();
const table = renderTable(rows);
const summary = renderSummary(rows, notes);
const durationSeconds = Math.round((finished.getTime() - started.getTime()) / 1000);
console.log(
  `\nBenchmarks (${[...parts].join(", ")}) — ${cpus().length} cores, load average ${loadBefore[0].toFixed(2)} → ${loadAfter[0].toFixed(2)}, ${durationSeconds} s\n`,
);
console.log(table);
console.log(`\n${summary}`);
if (commands.size > 0) console.log(`\nCommands:\n${[...commands].map((c) => `  ${c}`).join("\n")}`);
const output = join(root, "bench-results/latest.json");
writeJson(output, {
  startedAt: started.toISOString(),
  finishedAt: finished.toISOString(),
  durationSeconds,
  parts: [...parts],
  machine: {
    cores: cpus().length,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAfter,
    ...versions(),
  },
  settings: {
    wrk: settings.wrk,
    acceptEncoding: "gzip",
    nginxWorkers: env.BENCH_NGINX_WORKERS || "auto",
    lighthouseRuns: settings.lighthouseRuns,
    load: { ...settings.load, budget: LOAD_BUDGET },
    chromePath: settings.chromePath,
    nodeEnv: env.BENCH_NODE_ENV ?? null,
  },
  servers: servers.map((s) => ({ name: s.name, url: s.url, env: s.env, startupMs: s.startupMs })),
  commands: [...commands],
  rows,
  notes,
  error: fatal ?? null,
});
console.log(`\nWrote ${output}`);
if (env.BENCH_KEEP === "1") console.log(`Work folder kept: ${workDir}`);
else rmSync(workDir, { recursive: true, force: true });
process.exit(fatal ? 1 : 0);
