// The database side of BENCH_ONLY=facets: the index built from a SQLite database of generated buyers,
// how soon a write shows in the facets, and the bench query asked of plain SQL (SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set) over the same documents: the baseline the index must beat.
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import {
  insertTestAccount,
  planFacetQuery,
  SqlOracle,
  type TestEngine,
  testDatabase,
  testEngines,
} from "@aea/core/testing";
import { EMPTY_INTERESTS, type FacetDocument, PARTICIPANT_DATASET } from "@aea/domain";
import { BENCH_NOW, BENCH_QUERY, participants } from "./facets.ts";
import { formatMs, type Row } from "./report.ts";
import { log, quantile } from "./util.ts";

const BUILD_BUDGET_MS = 2_000;
const VISIBLE_BUDGET_MS = 1_000;

/** A generated buyer's interests as the profile page saves them. */
function interestsOf(doc: FacetDocument): string {
  const flags: Record<string, unknown> = { ...EMPTY_INTERESTS, selectedRegions: doc.regions };
  for (const key of doc.buys as string[]) flags[`buy_${key}`] = true;
  for (const key of doc.sells as string[]) flags[`sell_${key}`] = true;
  for (const key of [...(doc.products as string[]), ...(doc.productionKinds as string[])]) flags[key] = true;
  return JSON.stringify(flags);
}

/** At `count` buyers (accounts and interests) in a SQLite database: the index's build and a write's visibility. */
export async function measureFromDatabase(count: number): Promise<Row[]> {
  const [sqlite] = testEngines();
  if (!sqlite) throw new Error("No SQLite test engine.");
  const core = await sqlite.create({ SEED_DEMO: "false" });
  try {
    const db = testDatabase(core).db;
    let batch: FacetDocument[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const users = await db
        .insertInto("users")
        .values(
          batch.map((d) => ({
            email: d.email as string,
            firstName: "Buyer",
            middle: null,
            lastName: String(d.id),
            passwordHash: "not-a-login",
            verified: d.verified ? 1 : 0,
            isAdmin: 0,
            hasClaimAD: 0,
            officialCompanyName: d.company as string,
            createdAt: d.createdAt as string,
            updatedAt: d.createdAt as string,
            lastLoginAt: d.lastLoginAt as string | null,
            userRequestedState: d.state as string,
          })) as never,
        )
        .returning("id")
        .execute();
      await db
        .insertInto("user_interests")
        .values(
          batch.map((d, i) => ({
            userId: users[i]?.id as number,
            interests: interestsOf(d),
            updatedAt: d.createdAt as string,
          })),
        )
        .execute();
      batch = [];
    };
    for (const doc of participants(count)) {
      batch.push(doc);
      if (batch.length === 500) await flush();
    }
    await flush();
    const cpu = process.cpuUsage();
    const started = performance.now();
    await core.facets.query("participant", { size: 0 });
    const buildMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const buildCpuMs = (used.user + used.system) / 1000;
    const user = core.sessions.sessionUser(await insertTestAccount(core, { password: "Bench2026" }));
    const alaska = async () =>
      (await core.facets.query("participant", { facets: ["regions"] })).facets.regions?.buckets.find(
        (b) => b.key === "Alaska",
      )?.value ?? 0;
    const alaskaBefore = await alaska();
    const wroteAt = performance.now();
    await core.profiles.saveInterests(await user, { ...EMPTY_INTERESTS, selectedRegions: ["Alaska"] });
    let visibleMs = Number.POSITIVE_INFINITY;
    while (performance.now() - wroteAt < 20_000) {
      if ((await alaska()) > alaskaBefore) {
        visibleMs = performance.now() - wroteAt;
        break;
      }
    }
    const label = count.toLocaleString("en-US");
    log(
      `facets: built from SQLite at ${label} in ${buildMs.toFixed(0)} ms; a write visible in ${visibleMs.toFixed(1)} ms`,
    );
    return [
      {
        section: "facets",
        name: `index built from SQLite at ${label}`,
        ours: formatMs(buildMs),
        nginx: "—",
        ratio: "—",
        budget: `≤ ${BUILD_BUDGET_MS} ms`,
        status: buildMs <= BUILD_BUDGET_MS ? "pass" : "fail",
        note: `accounts and their interests read, documents made, columns built; CPU time ${formatMs(buildCpuMs)} (the database's included); load average ${loadavg()[0]?.toFixed(1)}`,
        data: { count, buildMs, buildCpuMs, load: loadavg()[0] },
      },
      {
        section: "facets",
        name: `a write visible in the facets at ${label}`,
        ours: formatMs(visibleMs),
        nginx: "—",
        ratio: "—",
        budget: `≤ ${VISIBLE_BUDGET_MS} ms`,
        status: visibleMs <= VISIBLE_BUDGET_MS ? "pass" : "fail",
        note: "saved interests → the next query counts them (the changed document patched in)",
        data: { count, visibleMs },
      },
    ];
  } finally {
    await core.close();
    rmSync(core.config.dataDir, { recursive: true, force: true });
  }
}

/**
 * The bench query as plain SQL (WHERE and GROUP BY per facet, one statement each, as the oracle test
 * asks them) over the same `count` generated documents, on each engine; `indexP50` gives the ratio.
 */
export async function measureSqlBaseline(count: number, indexP50: number | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const engine of testEngines()) rows.push(await sqlBaselineOn(engine, count, indexP50));
  return rows;
}

async function sqlBaselineOn(engine: TestEngine, count: number, indexP50: number | undefined): Promise<Row> {
  const core = await engine.create({ SEED_DEMO: "false" });
  try {
    const oracle = new SqlOracle(
      testDatabase(core).db as never,
      engine.name,
      PARTICIPANT_DATASET,
      "bench_facets",
    );
    const loadedAt = performance.now();
    await oracle.load(participants(count));
    const loadMs = performance.now() - loadedAt;
    const plan = planFacetQuery(PARTICIPANT_DATASET, BENCH_QUERY, BENCH_NOW);
    await oracle.answer(plan);
    const rounds = count >= 1_000_000 ? 3 : count >= 100_000 ? 7 : 21;
    const samples: number[] = [];
    let numFound = 0;
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      numFound = (await oracle.answer({ ...plan, query: { ...plan.query, start: (i % 5) * 20 } })).numFound;
      samples.push(performance.now() - started);
    }
    const p50 = quantile(samples, 0.5);
    const p99 = quantile(samples, 0.99);
    const label = count.toLocaleString("en-US");
    log(
      `facets: plain SQL on ${engine.name} at ${label}: p50 ${p50.toFixed(1)} ms (loaded in ${loadMs.toFixed(0)} ms)`,
    );
    const times = indexP50 ? p50 / indexP50 : Number.NaN;
    return {
      section: "facets",
      name: `same query as plain SQL on ${engine.name} at ${label} (p50 / p99)`,
      ours: `${formatMs(p50)} / ${formatMs(p99)}`,
      nginx: "—",
      ratio: Number.isFinite(times) ? `index ×${times.toFixed(0)} faster` : "—",
      budget: "baseline",
      status: "info",
      note: `${rounds} rounds, ${numFound.toLocaleString("en-US")} found; documents in two tables (lists one row per value, indexed)`,
      data: { count, engine: engine.name, p50, p99, numFound, loadMs, samples: samples.length, indexP50 },
    };
  } finally {
    await core.close();
    rmSync(core.config.dataDir, { recursive: true, force: true });
  }
}
