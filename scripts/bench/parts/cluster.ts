import { join } from "node:path";
import { type Cluster, startCluster, unreachableService } from "../../cluster/cluster.ts";
import type { BenchRun, Deal } from "../bench-run.ts";
import { runLoad } from "../load.ts";
import { formatMs, formatRatio, formatRps, type Row } from "../report.ts";
import { startProductServer, waitForDemoSeeded } from "../server.ts";
import { log, quantile } from "../util.ts";

/**
 * The part cluster (issue 24): the load mix against two instances behind nginx on PostgreSQL, Redis and
 * the S3 stand-in, beside the same mix against one instance on its defaults (SQLite, limits in memory,
 * no proxy), on the same cores: the ratio is what the hop and the shared stores cost. Then how long a
 * listing saved through one instance takes to show on the other.
 */

/** Saves timed for the visibility figure, and its budget (issue 24). */
const SAVES = 100;
const VISIBLE_BUDGET_P99_MS = 1_000;
/** How often the other instance is asked whether the save shows yet. */
const POLL_MS = 10;
const ADMIN = { email: "admin@anticline.test", password: "Admin123!" };
// The clients' sessions are made by logging in, as in the load part.
const LIMITS = { AUTH_RATE_LIMIT_PER_MINUTE: "1000" };

export async function measureCluster(run: BenchRun, deals: Deal[]): Promise<void> {
  const env = process.env;
  const databaseUrl =
    env.BENCH_CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/aea_bench_cluster";
  const redisUrl = env.BENCH_CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379/13";
  const unreachable = await unreachableService(databaseUrl, redisUrl);
  if (unreachable) {
    run.rows.push(row({ name: "(not run)", ours: "—", budget: "—", status: "skip", note: unreachable }));
    return;
  }
  const listingIds = deals.map((d) => d.ListingId);
  const settings = run.settings.load;

  log("cluster: one instance on its defaults, the baseline");
  const single = await startProductServer({
    root: run.root,
    dataDir: join(run.workDir, "data-cluster-baseline"),
    workDir: run.workDir,
    name: "server-cluster-baseline",
    extraEnv: LIMITS,
  });
  run.servers.push(single);
  await waitForDemoSeeded(single);
  let baseline: Awaited<ReturnType<typeof runLoad>>;
  try {
    baseline = await runLoad({
      server: { url: single.url, pids: [single.pid] },
      section: "cluster: 1 instance",
      listingIds,
      settings,
    });
  } finally {
    await single.stop();
  }

  log("cluster: two instances behind nginx");
  const cluster = await startCluster({
    root: run.root,
    workDir: join(run.workDir, "cluster"),
    instances: 2,
    databaseUrl,
    redisUrl,
    port: 0,
    env: { LOG_LEVEL: "warn", ...LIMITS },
  });
  try {
    await waitForDemoSeeded({ databaseUrl });
    const clustered = await runLoad({
      server: { url: cluster.url, pids: cluster.instances.map((instance) => instance.pid) },
      section: "cluster: 2 instances + nginx",
      listingIds,
      settings,
    });
    run.rows.push(...baseline.rows, ...clustered.rows, throughputRatio(baseline.rows, clustered.rows));
    run.notes.push(...baseline.notes, ...clustered.notes);
    run.rows.push(await saveToVisible(cluster));
  } finally {
    await cluster.stop();
  }
  run.commands.add(
    `BENCH_ONLY=cluster LOAD_DURATION=${settings.durationSeconds} npm run bench   (BENCH_CLUSTER_DATABASE_URL, BENCH_CLUSTER_REDIS_URL: the cluster's fresh database and emptied Redis database)`,
  );
}

const row = (
  fields: Pick<Row, "name" | "ours" | "budget" | "status" | "note" | "data"> & Partial<Row>,
): Row => ({
  section: "cluster",
  nginx: "—",
  ratio: "—",
  ...fields,
});

/** Two instances' throughput over one's, from the mix rows of both runs. */
function throughputRatio(single: Row[], clustered: Row[]): Row {
  const rps = (rows: Row[]) =>
    Number(rows.find((r) => r.name.startsWith("mix:"))?.data?.requestsPerSecond ?? Number.NaN);
  const ratio = rps(clustered) / rps(single);
  return row({
    name: "throughput, 2 instances ÷ 1",
    ours: `${formatRps(rps(clustered))} ÷ ${formatRps(rps(single))} req/s`,
    ratio: formatRatio(ratio),
    budget: "—",
    status: "info",
    note: "both on the same cores: above 1, the second instance adds more than nginx's hop and the shared stores (PostgreSQL, Redis, S3) cost; below 1, one machine is better served by one instance",
    data: { ratio },
  });
}

/**
 * Saves a listing's header through the first instance SAVES times and, after each committed save, asks
 * the second instance's GetDeals every POLL_MS until the new header is there.
 */
async function saveToVisible(cluster: Cluster): Promise<Row> {
  const [writer, reader] = cluster.instances;
  if (!writer || !reader) throw new Error("the cluster needs two instances");
  const cookie = await logIn(writer.url, cluster.url);
  const dealsOf = async (base: string) =>
    (await (await fetch(`${base}/api/Advisors/GetDeals`)).json()) as Array<{
      ListingId: number;
      Header: string;
    }>;
  let [deal] = await dealsOf(writer.url);
  if (!deal) throw new Error("GetDeals answered no listing");
  const timesMs: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const header = `Bench Save ${i} ${Date.now()}`;
    const saved = await fetch(`${writer.url}/api/Advisors/UpdateListing?listingId=${deal.ListingId}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.url, cookie },
      body: JSON.stringify({ ...deal, Header: header }),
    });
    if (saved.status !== 200)
      throw new Error(`UpdateListing answered ${saved.status}: ${await saved.text()}`);
    const committed = performance.now();
    deal = (await saved.json()) as typeof deal;
    for (;;) {
      if ((await dealsOf(reader.url)).some((d) => d.Header === header)) break;
      if (performance.now() - committed > 10_000)
        throw new Error(`save ${i} did not show on ${reader.name} in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    timesMs.push(performance.now() - committed);
  }
  const p50 = quantile(timesMs, 0.5);
  const p99 = quantile(timesMs, 0.99);
  return row({
    name: `listing save → visible on the other instance (${SAVES} saves)`,
    ours: `p50 ${formatMs(p50)}, p99 ${formatMs(p99)}`,
    budget: `p99 ≤ ${VISIBLE_BUDGET_P99_MS} ms`,
    status: p99 <= VISIBLE_BUDGET_P99_MS ? "pass" : "fail",
    note: `from the save's 200 reply on ${writer.name} to the first GetDeals of ${reader.name} that has the new header, asked every ${POLL_MS} ms (the figure includes up to one GetDeals of reading)`,
    data: { timesMs, p50, p99 },
  });
}

async function logIn(base: string, origin: string): Promise<string> {
  const response = await fetch(`${base}/api/Auth/Login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ ...ADMIN, rememberMe: false }),
  });
  if (response.status !== 200) throw new Error(`the admin could not log in: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
