import {
  type FacetCounts,
  type FacetDataset,
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
 * The brute-force answer to a dataset's queries: its documents in two plain tables (`{table}_docs`,
 * a column per field, and `{table}_lists` holding the values of list fields, one row each) and every
 * count a WHERE and a GROUP BY. The oracle test checks the engine against it; the bench times it as
 * the baseline the index must beat. It shares no code with the engine beyond reading the query's
 * ranges.
 */
export class SqlOracle {
  readonly #db: Kysely<never>;
  readonly #engine: "sqlite" | "postgres";
  readonly #dataset: FacetDataset;
  readonly #docs: string;
  readonly #lists: string;

  constructor(
    db: Kysely<never>,
    engine: "sqlite" | "postgres",
    dataset: FacetDataset,
    table = "facet_oracle",
  ) {
    this.#db = db;
    this.#engine = engine;
    this.#dataset = dataset;
    this.#docs = `${table}_docs`;
    this.#lists = `${table}_lists`;
  }

  async load(docs: Iterable<FacetDocument>): Promise<void> {
    const real = this.#engine === "postgres" ? "double precision" : "real";
    const fields = this.#columns();
    const type = (field: string) => (this.#kind(field) === "number" ? real : "text");
    await this.#run(`DROP TABLE IF EXISTS ${this.#lists}`);
    await this.#run(`DROP TABLE IF EXISTS ${this.#docs}`);
    const columns = fields.map((f) => (f === "id" ? `id integer primary key` : `${q(f)} ${type(f)}`));
    await this.#run(`CREATE TABLE ${this.#docs} (${columns.join(", ")})`);
    await this.#run(`CREATE TABLE ${this.#lists} ("docId" integer, field text, value text)`);
    const lists = Object.keys(this.#dataset.fields).filter((f) => this.#kind(f) === "keywords");
    let rows: string[] = [];
    let items: string[] = [];
    const flush = async (trx: Kysely<never>) => {
      if (rows.length) await sql.raw(`INSERT INTO ${this.#docs} VALUES ${rows.join(", ")}`).execute(trx);
      if (items.length) await sql.raw(`INSERT INTO ${this.#lists} VALUES ${items.join(", ")}`).execute(trx);
      rows = [];
      items = [];
    };
    await this.#db.transaction().execute(async (trx) => {
      for (const d of docs) {
        rows.push(
          `(${fields.map((f) => literal(d[f] === null ? null : typeof d[f] === "boolean" ? String(d[f]) : d[f])).join(", ")})`,
        );
        for (const field of lists)
          for (const value of new Set((d[field] as string[] | null) ?? []))
            items.push(`(${d.id}, ${literal(field)}, ${literal(value)})`);
        if (rows.length >= 500) await flush(trx);
      }
      await flush(trx);
    });
    await this.#run(`CREATE INDEX ${this.#lists}_value ON ${this.#lists} (field, value, "docId")`);
    await this.#run(`CREATE INDEX ${this.#lists}_doc ON ${this.#lists} ("docId", field)`);
    await this.#run(`ANALYZE`);
  }

  async answer(plan: QueryPlan): Promise<OracleAnswer> {
    const { query } = plan;
    const all = this.#where(plan.filters);
    const [count] = await this.#rows(`SELECT COUNT(*) AS n FROM ${this.#docs} d WHERE ${all}`);
    const order = [...query.sorts.map((s) => this.#order(s.sortField, s.isAscending)), "d.id"].join(", ");
    const page = await this.#rows(
      `SELECT d.id FROM ${this.#docs} d WHERE ${all} ORDER BY ${order} LIMIT ${query.size} OFFSET ${query.start}`,
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
        `SELECT COUNT(${q(field)}) AS n, ${statColumns(q(field))} FROM ${this.#docs} d WHERE ${all}`,
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
    const stats = stat ? `, ${statColumns(q(stat))}` : "";
    const bucketStats = (row?: Record<string, unknown>) => (stat ? statsOf(row) : {});
    const field = q(facet.field);
    if (facet.type === "range") {
      const [bounds] = await this.#rows(`SELECT MIN(${field}) AS lo, MAX(${field}) AS hi FROM ${this.#docs}`);
      if (bounds?.lo === null || bounds?.lo === undefined)
        return { buckets: [], before: 0, between: 0, after: 0, gap: 0 };
      const lo = Math.floor(Number(bounds.lo));
      const span = Math.floor(Number(bounds.hi)) - lo + 1;
      const gap = Math.max(1, Math.ceil(span / histogramBins(facet)));
      // The bin is the floor of the quotient (the value is never below lo, so truncating is flooring).
      const bin =
        this.#engine === "postgres"
          ? `FLOOR((${field} - (${lo})) / ${gap})`
          : `CAST((${field} - (${lo})) / ${gap} AS INTEGER)`;
      const rows = await this.#rows(
        `SELECT ${bin} AS bin, COUNT(*) AS n${stats} FROM ${this.#docs} d WHERE ${base} AND ${field} IS NOT NULL GROUP BY ${bin}`,
      );
      const buckets = Array.from({ length: Math.ceil(span / gap) }, (_, b) => {
        const row = rows.find((r) => Number(r.bin) === b);
        return { key: String(lo + b * gap), value: Number(row?.n ?? 0), ...bucketStats(row) };
      });
      const ranges = own.flatMap((f) => f.include).flatMap((c) => ("range" in c ? [c.range] : []));
      const inAny = ranges.length
        ? `(${ranges.map((r) => rangeSql(field, r, String)).join(" OR ")})`
        : "(1 = 1)";
      const below = ranges.map((r) => belowSql(field, r)).join(" AND ") || "(1 = 0)";
      const above = ranges.map((r) => `NOT ${belowSql(field, r)}`).join(" AND ") || "(1 = 0)";
      const [sides] = await this.#rows(
        `SELECT ${[inAny, `NOT ${inAny} AND ${below}`, `NOT ${inAny} AND ${above}`]
          .map((when, i) => `SUM(CASE WHEN ${when} THEN 1 ELSE 0 END) AS c${i}`)
          .join(", ")} FROM ${this.#docs} d WHERE ${base} AND ${field} IS NOT NULL`,
      );
      const [between, before, after] = [0, 1, 2].map((i) => Number(sides?.[`c${i}`] ?? 0));
      return { buckets, before, between, after, gap };
    }
    if (facet.type === "date") {
      const oldest = iso(now - 365 * 86_400_000);
      const whens = [
        ...facet.facetOptions.map((o) => rangeSql(field, dateBucketRange(facet, o.key, now), iso)),
        `${field} < ${oldest}`,
        `${field} >= ${oldest} AND ${field} <= ${iso(now)}`,
        `${field} > ${iso(now)}`,
      ];
      const columns = whens.map((when, i) => {
        const pick = (v: string) => `CASE WHEN ${when} THEN ${v} END`;
        const counted = `SUM(CASE WHEN ${when} THEN 1 ELSE 0 END) AS n${i}`;
        const s = stat ? q(stat) : "";
        return stat
          ? `${counted}, SUM(${pick(s)}) AS s1_${i}, AVG(${pick(s)}) AS s2_${i}, MIN(${pick(s)}) AS s3_${i}, MAX(${pick(s)}) AS s4_${i}`
          : counted;
      });
      const [row] = await this.#rows(`SELECT ${columns.join(", ")} FROM ${this.#docs} d WHERE ${base}`);
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
    const listed = this.#kind(facet.field) === "keywords";
    const key = facet.type === "year" ? `SUBSTR(d.${field}, 1, 4)` : listed ? "t.value" : `d.${field}`;
    const from = listed
      ? `${this.#docs} d JOIN ${this.#lists} t ON t."docId" = d.id AND t.field = ${literal(facet.field)}`
      : `${this.#docs} d`;
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
    const field = q(facet.field);
    const expression = (c: PlannedFilter["include"][number]): string => {
      if ("range" in c) return rangeSql(`d.${field}`, c.range, facet.type === "date" ? iso : String);
      if (this.#kind(facet.field) === "keywords")
        return `EXISTS (SELECT 1 FROM ${this.#lists} x WHERE x."docId" = d.id AND x.field = ${literal(facet.field)} AND x.value = ${literal(c.key)})`;
      const column = facet.type === "year" ? `SUBSTR(d.${field}, 1, 4)` : `d.${field}`;
      return `(${column} IS NOT NULL AND ${column} = ${literal(c.key)})`;
    };
    const include = filter.include.length ? `(${filter.include.map(expression).join(" OR ")})` : "(1 = 1)";
    const exclude = filter.exclude.map((c) => `NOT ${expression(c)}`);
    return [include, ...exclude].join(" AND ");
  }

  #order(field: string, ascending: boolean): string {
    const column = `d.${q(field)}`;
    const collated =
      this.#kind(field) !== "number" && this.#engine === "postgres" ? `${column} COLLATE "C"` : column;
    return `CASE WHEN ${column} IS NULL THEN 1 ELSE 0 END, ${collated} ${ascending ? "ASC" : "DESC"}`;
  }

  /** The fields that are columns of the documents table (list fields live in the lists table). */
  #columns(): string[] {
    return Object.keys(this.#dataset.fields).filter((f) => this.#kind(f) !== "keywords");
  }

  #kind(field: string) {
    return this.#dataset.fields[field];
  }

  async #rows(text: string): Promise<Record<string, unknown>[]> {
    return (await sql.raw<Record<string, unknown>>(text).execute(this.#db)).rows;
  }

  async #run(text: string): Promise<void> {
    await sql.raw(text).execute(this.#db);
  }
}

function q(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function statColumns(column: string): string {
  return `SUM(${column}) AS s1, AVG(${column}) AS s2, MIN(${column}) AS s3, MAX(${column}) AS s4`;
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
