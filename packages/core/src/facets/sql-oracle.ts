import {
  type FacetCounts,
  type FacetDefinition,
  type FacetDocument,
  type FieldStats,
  histogramBins,
  type ParsedRange,
  statsField,
} from "@aea/domain";
import { type Kysely, sql } from "kysely";
import { dateBucketRange, type PlannedFilter, type QueryPlan } from "./facet-plan.ts";

/** What plain SQL says a query answers. */
export interface OracleAnswer {
  numFound: number;
  ids: number[];
  facets: Record<string, FacetCounts>;
  stats: Record<string, FieldStats>;
  changeId: number | null;
}

/**
 * The brute-force answer to the oracle test's queries: its documents in two plain tables
 * (`facet_oracle_docs`, and `facet_oracle_tags` for the list field) and every count a WHERE and a
 * GROUP BY. It shares no code with the engine beyond reading the query's ranges.
 */
export class SqlOracle {
  readonly #db: Kysely<never>;
  readonly #engine: "sqlite" | "postgres";

  constructor(db: Kysely<never>, engine: "sqlite" | "postgres") {
    this.#db = db;
    this.#engine = engine;
  }

  async load(docs: FacetDocument[]): Promise<void> {
    const real = this.#engine === "postgres" ? "double precision" : "real";
    await this.#run(`DROP TABLE IF EXISTS facet_oracle_tags`);
    await this.#run(`DROP TABLE IF EXISTS facet_oracle_docs`);
    await this.#run(
      `CREATE TABLE facet_oracle_docs (id integer primary key, name text, company text, tier text, verified text, deals integer, revenue ${real}, "createdAt" text)`,
    );
    await this.#run(`CREATE TABLE facet_oracle_tags ("docId" integer, tag text)`);
    for (const d of docs) {
      const row = [
        d.id,
        d.name,
        d.company,
        d.tier,
        d.verified === null ? null : String(d.verified),
        d.deals,
        d.revenue,
        d.createdAt,
      ];
      await this.#run(`INSERT INTO facet_oracle_docs VALUES (${row.map(literal).join(", ")})`);
      for (const tag of d.tags as string[])
        await this.#run(`INSERT INTO facet_oracle_tags VALUES (${d.id}, ${literal(tag)})`);
    }
  }

  async answer(plan: QueryPlan): Promise<OracleAnswer> {
    const { query } = plan;
    const all = this.#where(plan.filters);
    const [count] = await this.#rows(`SELECT COUNT(*) AS n FROM facet_oracle_docs d WHERE ${all}`);
    const order = [...query.sorts.map((s) => this.#order(s.sortField, s.isAscending)), "d.id"].join(", ");
    const page = await this.#rows(
      `SELECT d.id FROM facet_oracle_docs d WHERE ${all} ORDER BY ${order} LIMIT ${query.size} OFFSET ${query.start}`,
    );
    const facets: Record<string, FacetCounts> = {};
    for (const facet of plan.facets) {
      const own = plan.filters.filter((f) => f.facet === facet);
      const base = this.#where(plan.filters.filter((f) => f.facet !== facet));
      facets[facet.name] = await this.#facet(facet, base, own, plan.now);
    }
    const stats: Record<string, FieldStats> = {};
    for (const field of query.stats) {
      const [row] = await this.#rows(
        `SELECT COUNT(${field}) AS n, ${statColumns(field)} FROM facet_oracle_docs d WHERE ${all}`,
      );
      const s = statsOf(row);
      stats[field] = { count: Number(row?.n), sum: s.stat1, mean: s.stat2, min: s.stat3, max: s.stat4 };
    }
    return {
      numFound: Number(count?.n),
      ids: page.map((r) => Number(r.id)),
      facets,
      stats,
      changeId: query.changeId ?? null,
    };
  }

  async #facet(
    facet: FacetDefinition,
    base: string,
    own: PlannedFilter[],
    now: number,
  ): Promise<FacetCounts> {
    const stat = statsField(facet);
    const stats = stat ? `, ${statColumns(stat)}` : "";
    const bucketStats = (row?: Record<string, unknown>) => (stat ? statsOf(row) : {});
    if (facet.type === "range") {
      const [bounds] = await this.#rows(`SELECT MIN(deals) AS lo, MAX(deals) AS hi FROM facet_oracle_docs`);
      const lo = Number(bounds?.lo);
      const span = Number(bounds?.hi) - lo + 1;
      const gap = Math.max(1, Math.ceil(span / histogramBins(facet)));
      const rows = await this.#rows(
        `SELECT (deals - (${lo})) / ${gap} AS bin, COUNT(*) AS n${stats} FROM facet_oracle_docs d WHERE ${base} AND deals IS NOT NULL GROUP BY (deals - (${lo})) / ${gap}`,
      );
      const buckets = Array.from({ length: Math.ceil(span / gap) }, (_, bin) => {
        const row = rows.find((r) => Number(r.bin) === bin);
        return { key: String(lo + bin * gap), value: Number(row?.n ?? 0), ...bucketStats(row) };
      });
      const ranges = own.flatMap((f) => f.include).flatMap((c) => ("range" in c ? [c.range] : []));
      const inAny = ranges.length
        ? `(${ranges.map((r) => rangeSql("deals", r, String)).join(" OR ")})`
        : "(1 = 1)";
      const below = ranges.map((r) => belowSql("deals", r)).join(" AND ") || "(1 = 0)";
      const above = ranges.map((r) => `NOT ${belowSql("deals", r)}`).join(" AND ") || "(1 = 0)";
      const [sides] = await this.#rows(
        `SELECT ${[inAny, `NOT ${inAny} AND ${below}`, `NOT ${inAny} AND ${above}`]
          .map((when, i) => `SUM(CASE WHEN ${when} THEN 1 ELSE 0 END) AS c${i}`)
          .join(", ")} FROM facet_oracle_docs d WHERE ${base} AND deals IS NOT NULL`,
      );
      const [between, before, after] = [0, 1, 2].map((i) => Number(sides?.[`c${i}`] ?? 0));
      return { buckets, before, between, after, gap };
    }
    if (facet.type === "date") {
      const oldest = iso(now - 365 * 86_400_000);
      const whens = [
        ...facet.facetOptions.map((o) => rangeSql(`"createdAt"`, dateBucketRange(facet, o.key, now), iso)),
        `"createdAt" < ${oldest}`,
        `"createdAt" >= ${oldest} AND "createdAt" <= ${iso(now)}`,
        `"createdAt" > ${iso(now)}`,
      ];
      const columns = whens.map((when, i) => {
        const pick = (v: string) => `CASE WHEN ${when} THEN ${v} END`;
        const counted = `SUM(CASE WHEN ${when} THEN 1 ELSE 0 END) AS n${i}`;
        return stat
          ? `${counted}, SUM(${pick(stat)}) AS s1_${i}, AVG(${pick(stat)}) AS s2_${i}, MIN(${pick(stat)}) AS s3_${i}, MAX(${pick(stat)}) AS s4_${i}`
          : counted;
      });
      const [row] = await this.#rows(`SELECT ${columns.join(", ")} FROM facet_oracle_docs d WHERE ${base}`);
      const of = (i: number) => ({
        n: row?.[`n${i}`],
        s1: row?.[`s1_${i}`],
        s2: row?.[`s2_${i}`],
        s3: row?.[`s3_${i}`],
        s4: row?.[`s4_${i}`],
      });
      const buckets = facet.facetOptions.map((o, i) => ({
        key: o.key,
        value: Number(of(i).n ?? 0),
        ...bucketStats(of(i)),
      }));
      const sides = facet.facetOptions.length;
      return {
        buckets,
        before: Number(of(sides).n ?? 0),
        between: Number(of(sides + 1).n ?? 0),
        after: Number(of(sides + 2).n ?? 0),
      };
    }
    const key =
      facet.type === "year"
        ? `SUBSTR("createdAt", 1, 4)`
        : facet.field === "tags"
          ? "t.tag"
          : `d.${facet.field}`;
    const from =
      facet.field === "tags"
        ? `facet_oracle_docs d JOIN facet_oracle_tags t ON t."docId" = d.id`
        : "facet_oracle_docs d";
    const rows = await this.#rows(
      `SELECT ${key} AS k, COUNT(*) AS n${stats} FROM ${from} WHERE ${base} AND ${key} IS NOT NULL GROUP BY ${key}`,
    );
    const buckets = rows.map((r) => ({ key: String(r.k), value: Number(r.n), ...bucketStats(r) }));
    for (const condition of own.flatMap((f) => [...f.include, ...f.exclude]))
      if ("key" in condition && !buckets.some((b) => b.key === condition.key))
        buckets.push({ key: condition.key, value: 0, ...bucketStats(undefined) });
    buckets.sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { buckets };
  }

  #where(filters: PlannedFilter[]): string {
    return filters.map((f) => this.#filter(f)).join(" AND ") || "(1 = 1)";
  }

  #filter(filter: PlannedFilter): string {
    const { facet } = filter;
    const expression = (c: PlannedFilter["include"][number]): string => {
      if ("range" in c)
        return facet.type === "date"
          ? rangeSql(`"createdAt"`, c.range, iso)
          : rangeSql("deals", c.range, String);
      if (facet.field === "tags")
        return `EXISTS (SELECT 1 FROM facet_oracle_tags x WHERE x."docId" = d.id AND x.tag = ${literal(c.key)})`;
      const column = facet.type === "year" ? `SUBSTR(d."createdAt", 1, 4)` : `d.${facet.field}`;
      return `(${column} IS NOT NULL AND ${column} = ${literal(c.key)})`;
    };
    const include = filter.include.length ? `(${filter.include.map(expression).join(" OR ")})` : "(1 = 1)";
    const exclude = filter.exclude.map((c) => `NOT ${expression(c)}`);
    return [include, ...exclude].join(" AND ");
  }

  #order(field: string, ascending: boolean): string {
    const column = field === "createdAt" ? `d."createdAt"` : `d.${field}`;
    const collated =
      ["name", "company", "verified", "createdAt"].includes(field) && this.#engine === "postgres"
        ? `${column} COLLATE "C"`
        : column;
    return `CASE WHEN ${column} IS NULL THEN 1 ELSE 0 END, ${collated} ${ascending ? "ASC" : "DESC"}`;
  }

  async #rows(text: string): Promise<Record<string, unknown>[]> {
    return (await sql.raw<Record<string, unknown>>(text).execute(this.#db)).rows;
  }

  async #run(text: string): Promise<void> {
    await sql.raw(text).execute(this.#db);
  }
}

function statColumns(field: string): string {
  return `SUM(${field}) AS s1, AVG(${field}) AS s2, MIN(${field}) AS s3, MAX(${field}) AS s4`;
}

function statsOf(row?: Record<string, unknown>) {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { stat1: n(row?.s1), stat2: n(row?.s2), stat3: n(row?.s3), stat4: n(row?.s4) };
}

function rangeSql(column: string, range: ParsedRange, value: (v: number) => string): string {
  const parts = [`${column} IS NOT NULL`];
  if (!range.lower.open)
    parts.push(`${column} ${range.lower.inclusive ? ">=" : ">"} ${value(range.lower.value)}`);
  if (!range.upper.open)
    parts.push(`${column} ${range.upper.inclusive ? "<=" : "<"} ${value(range.upper.value)}`);
  return `(${parts.join(" AND ")})`;
}

function belowSql(column: string, range: ParsedRange): string {
  if (range.lower.open) return "(1 = 0)";
  return `(${column} ${range.lower.inclusive ? "<" : "<="} ${range.lower.value})`;
}

function iso(ms: number): string {
  return `'${new Date(ms).toISOString()}'`;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}
