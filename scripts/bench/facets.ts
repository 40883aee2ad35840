// BENCH_ONLY=facets: the facet engine of issue 22 on generated buyer networks of 10k, 100k and 1M
// participants: one query with 8 checkbox facets (each counted disjunctively), a range with its
// histogram, a date facet's 4 buckets with statistics, a sort and a page of 20. Reported: engine time
// p50/p99 (what the server spends per query), the index's memory (JS heap and typed arrays), the
// index build, and (facets-database.ts) at 100k in a SQLite database the build from the database and
// how soon a write shows in the facets, and the same query as plain SQL on SQLite and PostgreSQL.
// Sizes: BENCH_FACETS_SIZES (engine), BENCH_FACETS_DB_SIZE, BENCH_FACETS_SQL_SIZES (baseline).
import { loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { benchFacetIndex, createRng } from "@aea/core/testing";
import {
  ASSET_TYPES,
  type FacetDocument,
  INTEREST_REGIONS,
  PARTICIPANT_DATASET,
  PRODUCTION_INTERESTS,
} from "@aea/domain";
import { measureFromDatabase, measureSqlBaseline } from "./facets-database.ts";
import { formatMs, type Row } from "./report.ts";
import { log, quantile } from "./util.ts";

const BUDGETS: Record<number, { p50: number; p99: number }> = {
  100000: { p50: 5, p99: 25 },
  1000000: { p50: 50, p99: 150 },
};
const HEAP_BUDGET_MB = 150;
export const BENCH_NOW = Date.parse("2026-11-01T00:00:00.000Z");
const NOW = BENCH_NOW;
const DAY = 86_400_000;

/** The measured query: checked regions and asset types with an exclusion, a range, a date bucket. */
export const BENCH_QUERY = {
  filters: [
    { type: "checkbox", field: "verified", expressions: ["true"] },
    { type: "checkbox", field: "buys", expressions: ["minerals", "royalties"] },
    { type: "checkbox", field: "regions", expressions: ["Permian", "Williston", "-Alaska"] },
    { type: "checkbox", field: "products", expressions: ["oil"] },
    { type: "range", field: "downloads", expressions: ["[1 TO *]"] },
    { type: "date", field: "lastDataRoomVisit", expressions: ["lastYear"] },
  ],
  facets: [
    "verified",
    "buys",
    "sells",
    "products",
    "productionKinds",
    "regions",
    "company",
    "state",
    "downloads",
    "createdAt",
  ],
  stats: ["downloads"],
  sorts: [{ sortField: "downloads", isAscending: false }],
  size: 20,
  start: 0,
};

const random = (seed: number) => createRng(seed).next;

const COMPANIES = Array.from({ length: 400 }, (_, i) => `Company ${i}`);
const STATES = ["TX", "OK", "NM", "ND", "CO", "LA", "WY", "PA", "CA", "AK", "KS", "AB"];

/** Generated participants, as the dataset's documents (one at a time: nothing is kept). */
export function* participants(count: number, seed = 22): Generator<FacetDocument> {
  const rand = random(seed);
  const some = <T>(list: readonly T[], p: number) => list.filter(() => rand() < p);
  const date = (p: number, days: number) =>
    rand() < p ? new Date(NOW - Math.floor(rand() * days * DAY)).toISOString() : null;
  for (let id = 1; id <= count; id++) {
    const downloads = rand() < 0.5 ? 0 : Math.floor(rand() * 200);
    yield {
      id,
      name: `Buyer ${id}`,
      email: `buyer${id}@example.test`,
      company: COMPANIES[Math.floor(rand() * rand() * COMPANIES.length)] as string,
      title: rand() < 0.5 ? "Landman" : "VP Acquisitions",
      city: null,
      state: STATES[Math.floor(rand() * STATES.length)] as string,
      verified: rand() < 0.8,
      createdAt: date(1, 1500),
      lastLoginAt: date(0.7, 400),
      buys: some(ASSET_TYPES, 0.3).map((t) => t.key),
      sells: some(ASSET_TYPES, 0.1).map((t) => t.key),
      products: some(["oil", "gas", "ngl"], 0.5),
      productionKinds: some(PRODUCTION_INTERESTS.slice(3), 0.15).map((p) => p.key),
      regions: some(INTEREST_REGIONS, 0.2),
      dealAlerts: rand() < 0.6 ? "off" : rand() < 0.5 ? "daily" : "immediately",
      likesCount: Math.floor(rand() * 10),
      privateDealGrants: Math.floor(rand() * 3),
      dataRoomGrants: Math.floor(rand() * 5),
      agreementsSigned: Math.floor(rand() * 6),
      lastAgreementAt: date(0.4, 700),
      foldersOpened: Math.floor(rand() * 50),
      previews: Math.floor(rand() * 80),
      downloads,
      lastDataRoomVisit: downloads > 0 ? date(1, 700) : null,
      secureFilesSent: Math.floor(rand() * 3),
    };
  }
}

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** The JS heap and the typed arrays' memory outside it (the index's columns and bitsets live there). */
const memoryMb = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed / 1_048_576, arrays: arrayBuffers / 1_048_576 };
};

/** Engine time of the bench query over `count` generated participants, with the index's heap and build. */
function measureSize(count: number): Row[] {
  collectGarbage();
  const before = memoryMb();
  const builtAt = performance.now();
  const index = benchFacetIndex(PARTICIPANT_DATASET, participants(count));
  const buildMs = performance.now() - builtAt;
  const rounds = count >= 1_000_000 ? 60 : 300;
  for (let i = 0; i < 5; i++) index.query(BENCH_QUERY, NOW);
  // Measured once queries ran: the columns, the query buffers and the cached filter sets.
  collectGarbage();
  const after = memoryMb();
  const jsHeap = after.heap - before.heap;
  const arrays = after.arrays - before.arrays;
  const heap = jsHeap + arrays;
  const samples: number[] = [];
  // CPU time too: on a shared machine a query waits for a core, and the wait is not the engine's.
  const cpuSamples: number[] = [];
  let numFound = 0;
  for (let i = 0; i < rounds; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    numFound = index.query({ ...BENCH_QUERY, start: (i % 5) * 20 }, NOW).response.numFound;
    samples.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuSamples.push((used.user + used.system) / 1000);
  }
  const p50 = quantile(samples, 0.5);
  const cpuP50 = quantile(cpuSamples, 0.5);
  const cpuP99 = quantile(cpuSamples, 0.99);
  const p99 = quantile(samples, 0.99);
  const budget = BUDGETS[count];
  const label = count.toLocaleString("en-US");
  const rows: Row[] = [
    {
      section: "facets",
      name: `query at ${label} participants (p50 / p99)`,
      ours: `${formatMs(p50)} / ${formatMs(p99)}`,
      nginx: "—",
      ratio: "—",
      budget: budget ? `≤ ${budget.p50} / ${budget.p99} ms` : "info",
      status: budget ? (p50 <= budget.p50 && p99 <= budget.p99 ? "pass" : "fail") : "info",
      note: `${rounds} rounds, ${numFound.toLocaleString("en-US")} found; CPU time p50 / p99 ${formatMs(cpuP50)} / ${formatMs(cpuP99)}; load average ${loadavg()[0]?.toFixed(1)}`,
      data: { count, p50, p99, cpuP50, cpuP99, load: loadavg()[0], numFound, samples: samples.length },
    },
    {
      section: "facets",
      name: `index heap at ${label}`,
      ours: `${heap.toFixed(1)} MB`,
      nginx: "—",
      ratio: "—",
      budget: count === 1_000_000 ? `≤ ${HEAP_BUDGET_MB} MB` : "info",
      status: count === 1_000_000 ? (heap <= HEAP_BUDGET_MB ? "pass" : "fail") : "info",
      note: `JS heap ${jsHeap.toFixed(1)} MB + typed arrays ${arrays.toFixed(1)} MB; built from generated documents in ${formatMs(buildMs)}`,
      data: { count, heapMb: heap, jsHeapMb: jsHeap, typedArraysMb: arrays, buildMs },
    },
  ];
  log(`facets: ${label}: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, heap ${heap.toFixed(1)} MB`);
  return rows;
}

const sizesOf = (variable: string | undefined, fallback: string) =>
  (variable ?? fallback).split(",").filter(Boolean).map(Number);

export async function measureFacets(): Promise<Row[]> {
  const sizes = sizesOf(process.env.BENCH_FACETS_SIZES, "10000,100000,1000000");
  const rows: Row[] = [];
  const p50s = new Map<number, number>();
  for (const size of sizes) {
    const measured = measureSize(size);
    p50s.set(size, measured[0]?.data?.p50 as number);
    rows.push(...measured);
  }
  rows.push(...(await measureFromDatabase(Number(process.env.BENCH_FACETS_DB_SIZE ?? 100_000))));
  for (const size of sizesOf(process.env.BENCH_FACETS_SQL_SIZES, "10000,100000"))
    rows.push(...(await measureSqlBaseline(size, p50s.get(size))));
  return rows;
}
