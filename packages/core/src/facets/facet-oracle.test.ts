import {
  DATE_BUCKETS,
  type FacetDataset,
  type FacetDocument,
  type FacetQueryInput,
  type FacetResults,
} from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../demo/random.ts";
import { coreForSuite } from "../testing/suite.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import { buildColumnarIndex } from "./columnar-index.ts";
import { runQuery } from "./facet-engine.ts";
import { planQuery } from "./facet-plan.ts";
import { patchIndex } from "./index-patch.ts";
import { type OracleAnswer, SqlOracle } from "./sql-oracle.ts";

/**
 * The engine against brute force: every count, statistic and page of 1,000 seeded random queries is
 * asked again of the database in plain SQL (WHERE and GROUP BY), on each engine, and must agree.
 */
const DATASET: FacetDataset = {
  key: "oracle",
  display: "Oracle",
  fields: {
    id: "number",
    name: "text",
    company: "keyword",
    tier: "keyword",
    verified: "boolean",
    tags: "keywords",
    deals: "number",
    revenue: "number",
    createdAt: "date",
  },
  facets: [
    facet("company", "checkbox", "company", "stats:revenue"),
    facet("tier", "single", "tier"),
    facet("verified", "checkbox", "verified"),
    facet("tags", "checkbox", "tags", "stats:deals"),
    {
      ...facet("deals", "range", "deals", "stats:revenue"),
      facetOptions: [{ key: "bins", query: "7", display: "" }],
    },
    { ...facet("created", "date", "createdAt", "stats:deals"), facetOptions: DATE_BUCKETS },
    facet("createdYear", "year", "createdAt"),
  ],
};

function facet(
  name: string,
  type: FacetDataset["facets"][number]["type"],
  field: string,
  functionType = "count",
) {
  return { name, type, field, display: name, shortDisplay: name, functionType, facetOptions: [] };
}

const DAY = 86_400_000;
/** Instants at a month's end and around the US and European daylight-saving changes of 2026. */
const NOWS = [
  "2026-03-01T00:00:00.000Z",
  "2026-03-08T08:00:00.000Z",
  "2026-10-25T01:00:00.000Z",
  "2026-11-01T06:30:00.000Z",
].map(Date.parse);
const COMPANIES = ["Apex", "Basin Co", "Cimarron", "Delta", "Eagle", "Frontier", "Gulf", "Hess"];
const TAGS = ["minerals", "royalties", "leasehold", "producing", "midstream", "Permian"];

const random = (seed: number) => createRng(seed).next;

function documents(rand: () => number): FacetDocument[] {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  return Array.from({ length: 500 }, (_, i) => {
    const now = pick(NOWS);
    // Dates cluster on the bucket edges (to the millisecond) and spread over three years.
    const edge = pick([30, 182, 365]) * DAY + pick([-1, 0, 1]);
    const createdAt =
      rand() < 0.08 ? null : rand() < 0.3 ? now - edge : now - Math.floor(rand() * 3 * 365 * DAY) + 20 * DAY;
    return {
      id: i + 1,
      name:
        rand() < 0.05
          ? null
          : // Names beyond ASCII too: the index sorts text by its UTF-8 bytes (code-point order).
            `${pick(["Ann", "Bob", "Cy", "Di", "Ed", "Élodie", "Zoë", "Ōkubo", "李"])} ${pick(["Ray", "Zee", "Moe", "Ünal"])} ${i % 7}`,
      // Over 127 companies in all, so the company codes outgrow a byte each (columnar-index.ts).
      company: rand() < 0.1 ? null : rand() < 0.35 ? `Operator ${i}` : pick(COMPANIES),
      tier: rand() < 0.1 ? null : pick(["gold", "silver", "bronze"]),
      verified: rand() < 0.1 ? null : rand() < 0.6,
      tags: TAGS.filter(() => rand() < 0.3),
      deals: rand() < 0.1 ? null : Math.floor(rand() * 60) - 5,
      // Some revenues are no float32 (cents, billions): the column is then held as Float64.
      revenue: rand() < 0.15 ? null : rand() < 0.1 ? rand() * 5_000_000_000 : Math.floor(rand() * 1_000_000),
      createdAt: createdAt === null ? null : new Date(createdAt).toISOString(),
    };
  });
}

function randomQuery(rand: () => number, docs: FacetDocument[]): { payload: FacetQueryInput; now: number } {
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  const maybeNot = (key: string) => (rand() < 0.3 ? `-${key}` : key);
  const bound = () => (rand() < 0.25 ? "*" : String(Math.floor(rand() * 70) - 10));
  const now = pick(NOWS);
  const filters: NonNullable<FacetQueryInput["filters"]> = [];
  for (const f of DATASET.facets.filter(() => rand() < 0.35)) {
    const n = 1 + Math.floor(rand() * 3);
    const expressions: string[] = [];
    for (let i = 0; i < n; i++) {
      if (f.type === "checkbox" && f.field === "company")
        expressions.push(maybeNot(pick([...COMPANIES, "Nobody"])));
      if (f.type === "checkbox" && f.field === "tags") expressions.push(maybeNot(pick(TAGS)));
      if (f.type === "checkbox" && f.field === "verified")
        expressions.push(maybeNot(pick(["true", "false"])));
      if (f.type === "single")
        expressions.push(
          i === 0 && rand() < 0.7 ? pick(["gold", "silver", "bronze"]) : `-${pick(["gold", "silver"])}`,
        );
      if (f.type === "year") expressions.push(maybeNot(pick(["2023", "2024", "2025", "2026"])));
      if (f.type === "range") {
        const [a, b] = [bound(), bound()];
        const ordered = a !== "*" && b !== "*" && Number(a) > Number(b) ? [b, a] : [a, b];
        // Ends excluded ({ and }) now and then, on values that sit exactly on them.
        const [open, close] = [rand() < 0.3 ? "{" : "[", rand() < 0.3 ? "}" : "]"];
        expressions.push(maybeNot(`${open}${ordered[0]} TO ${ordered[1]}${close}`));
      }
      if (f.type === "date") {
        if (rand() < 0.7) expressions.push(maybeNot(pick(DATE_BUCKETS).key));
        else {
          const doc = pick(docs.filter((d) => d.createdAt && Date.parse(d.createdAt as string) <= now));
          expressions.push(rand() < 0.5 ? `[${doc.createdAt} TO NOW]` : `[* TO ${doc.createdAt}]`);
        }
      }
    }
    filters.push({ type: f.type, field: f.field, expressions });
  }
  const sortable = ["name", "company", "deals", "createdAt", "verified", "revenue"];
  const sorts = sortable
    .filter(() => rand() < 0.25)
    .map((sortField) => ({ sortField, isAscending: rand() < 0.5 }))
    .slice(0, 5); // the payload takes at most 5 sorts
  return {
    payload: {
      filters,
      sorts,
      size: Math.floor(rand() * 30),
      start: rand() < 0.8 ? Math.floor(rand() * 40) : Math.floor(rand() * 600),
      facets: DATASET.facets.map((f) => f.name).filter(() => rand() < 0.8),
      stats: ["revenue", "deals"].filter(() => rand() < 0.5),
      changeId: Math.floor(rand() * 1000),
    },
    now,
  };
}

describe.each(testEngines())("the facet engine against plain SQL on $name", (engine) => {
  const suite = coreForSuite(engine, { SEED_DEMO: "false" });
  const rand = random(22);
  const docs = documents(rand);
  const index = buildColumnarIndex(DATASET, docs);
  let oracle: SqlOracle;
  const zone = process.env.TZ;

  beforeAll(async () => {
    // Nothing may depend on the server's time zone: run in one with daylight saving.
    process.env.TZ = "America/Chicago";
    oracle = new SqlOracle(testDatabase(suite.core).db as never, engine.name, DATASET);
    await oracle.load(docs);
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it("agrees with GROUP BY on every count, statistic and page of 1,000 random queries", async () => {
    const differences: string[] = [];
    for (let q = 0; q < 1000; q++) {
      const { payload, now } = randomQuery(rand, docs);
      const plan = planQuery(DATASET, payload, now);
      const got = runQuery(index, DATASET, plan, performance.now());
      const expected = await oracle.answer(plan);
      const mismatch = compare(got, expected);
      if (mismatch)
        differences.push(
          `query ${q} ${JSON.stringify(payload)} at ${new Date(now).toISOString()}: ${mismatch}`,
        );
    }
    expect(differences.slice(0, 3)).toEqual([]);
  }, 600_000);
});

describe("an index patched in place", () => {
  it("answers 300 random queries as an index built from the same documents", () => {
    const rand = random(39);
    const docs = documents(rand);
    const index = buildColumnarIndex(DATASET, docs);
    // Rounds of writes: documents changed (lists grow and shrink), removed, brought back, appended.
    let current = new Map(docs.map((d) => [d.id as number, d]));
    let nextId = docs.length + 1;
    for (let round = 0; round < 6; round++) {
      const fresh = documents(rand);
      const ids = new Set<number>();
      for (let i = 0; i < 25; i++) ids.add(1 + Math.floor(rand() * (nextId - 1)));
      const read = [...ids].flatMap((id) => {
        if (rand() < 0.3) return [];
        return [{ ...(fresh[id % fresh.length] as FacetDocument), id }];
      });
      for (let i = 0; i < 5; i++) read.push({ ...(fresh[i] as FacetDocument), id: nextId++ });
      expect(patchIndex(index, [...ids], read)).toBe(true);
      for (const id of ids) current.delete(id);
      for (const doc of read) current.set(doc.id as number, doc);
      current = new Map([...current].sort((a, b) => a[0] - b[0]));
    }
    const rebuilt = buildColumnarIndex(DATASET, current.values());
    const queryDocs = [...current.values()];
    for (let q = 0; q < 300; q++) {
      const { payload, now } = randomQuery(rand, queryDocs);
      const plan = planQuery(DATASET, payload, now);
      const answer = (i: typeof index) => {
        const { responseHeader, ...rest } = runQuery(i, DATASET, plan, 0);
        return rest;
      };
      expect(answer(index), JSON.stringify(payload)).toEqual(answer(rebuilt));
    }
  });

  it("refuses a new id below the largest one (the caller rebuilds)", () => {
    const docs = documents(random(40));
    const index = buildColumnarIndex(DATASET, docs.slice(0, 10).concat(docs.slice(11)));
    expect(patchIndex(index, [11], [docs[10] as FacetDocument])).toBe(false);
    expect(index.size).toBe(docs.length - 1);
  });
});

function compare(got: FacetResults, expected: OracleAnswer): string | undefined {
  if (got.response.numFound !== expected.numFound)
    return `numFound ${got.response.numFound} ≠ ${expected.numFound}`;
  const ids = got.response.docs.map((d) => d.id);
  if (JSON.stringify(ids) !== JSON.stringify(expected.ids)) return `page ${ids} ≠ ${expected.ids}`;
  if (got.queryChangeId !== expected.changeId) return "queryChangeId";
  for (const [name, counts] of Object.entries(expected.facets)) {
    const diff = firstDifference(got.facets[name], counts);
    if (diff) return `facet ${name}: ${diff}`;
  }
  const diff = firstDifference(got.stats, expected.stats);
  return diff ? `stats: ${diff}` : undefined;
}

/** Deep equality with numbers equal to 1e-9 of their size (means are divided in different places). */
function firstDifference(a: unknown, b: unknown, path = ""): string | undefined {
  if (typeof a === "number" && typeof b === "number")
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)) ? undefined : `${path} ${a} ≠ ${b}`;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object")
    return a === b ? undefined : `${path} ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const diff = firstDifference((a as never)[key], (b as never)[key], `${path}.${key}`);
    if (diff) return diff;
  }
  return undefined;
}
