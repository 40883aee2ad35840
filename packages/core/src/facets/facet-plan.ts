import {
  type FacetDataset,
  type FacetDefinition,
  type FacetQuery,
  facetQuerySchema,
  fail,
  MAX_FACET_PAGE_SIZE,
  type ParsedRange,
  parseRange,
  statsField,
} from "@aea/domain";

/** One expression of a filter, resolved: a key (value id or date bucket) or a range. */
export type Condition = { key: string } | { range: ParsedRange };

/** A filter checked against its facet: what it includes (any of) and what it excludes (all of). */
export interface PlannedFilter {
  facet: FacetDefinition;
  include: Condition[];
  exclude: Condition[];
}

/** A query checked against its dataset, ready to run. */
export interface QueryPlan {
  query: FacetQuery;
  filters: PlannedFilter[];
  facets: FacetDefinition[];
  /** The instant date buckets and `NOW` are counted from. */
  now: number;
  notice?: string;
}

/**
 * Reads a payload for `dataset`: the shape by zod, then every name against the dataset. Anything
 * wrong is a 400 whose message names the field (`filters[0].expressions[1]: …`).
 */
export function planQuery(dataset: FacetDataset, payload: unknown, now: number): QueryPlan {
  const parsed = facetQuerySchema.safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? pathText(issue.path as (string | number)[]) : "payload";
    const what =
      issue?.code === "unrecognized_keys" ? `unknown field ${issue.keys.join(", ")}` : issue?.message;
    throw fail("VALIDATION", `${where || "payload"}: ${what}`);
  }
  const query = parsed.data;
  const filters = query.filters.map((filter, i) => planFilter(dataset, filter, `filters[${i}]`, now));
  query.sorts.forEach((sort, i) => {
    const kind = dataset.fields[sort.sortField];
    if (!kind || kind === "keywords")
      throw fail("VALIDATION", `sorts[${i}].sortField: "${sort.sortField}" is not a sortable field`);
  });
  const facets = query.facets.map((name, i) => {
    const facet = dataset.facets.find((f) => f.name === name);
    if (!facet) throw fail("VALIDATION", `facets[${i}]: no facet named "${name}"`);
    return facet;
  });
  query.stats.forEach((field, i) => {
    if (dataset.fields[field] !== "number")
      throw fail("VALIDATION", `stats[${i}]: "${field}" is not a number field`);
  });
  if (query.size > MAX_FACET_PAGE_SIZE) {
    const notice = `size ${query.size} is over the limit: ${MAX_FACET_PAGE_SIZE} documents are returned`;
    return { query: { ...query, size: MAX_FACET_PAGE_SIZE }, filters, facets, now, notice };
  }
  return { query, filters, facets, now };
}

function planFilter(
  dataset: FacetDataset,
  filter: FacetQuery["filters"][number],
  where: string,
  now: number,
): PlannedFilter {
  const facet = dataset.facets.find((f) => f.field === filter.field && f.type === filter.type);
  if (!facet) throw fail("VALIDATION", `${where}.field: no ${filter.type} facet on "${filter.field}"`);
  const planned: PlannedFilter = { facet, include: [], exclude: [] };
  filter.expressions.forEach((expression, i) => {
    const excluded = expression.startsWith("-");
    const text = excluded ? expression.slice(1) : expression;
    const condition = condition_(facet, text, now);
    if (typeof condition === "string") throw fail("VALIDATION", `${where}.expressions[${i}]: ${condition}`);
    (excluded ? planned.exclude : planned.include).push(condition);
  });
  if (facet.type === "single" && planned.include.length > 1)
    throw fail("VALIDATION", `${where}.expressions: the facet "${facet.name}" takes one checked value`);
  return planned;
}

function condition_(facet: FacetDefinition, text: string, now: number): Condition | string {
  switch (facet.type) {
    case "checkbox":
    case "single":
    case "year":
      return text.length > 0 ? { key: text } : "an empty value";
    case "range": {
      const range = parseRange(text, "number", now);
      return typeof range === "string" ? range : { range };
    }
    case "date": {
      if (/^[[{]/.test(text)) {
        const range = parseRange(text, "date", now);
        return typeof range === "string" ? range : { range };
      }
      const bucket = facet.facetOptions.find((o) => o.key === text);
      if (!bucket) return `"${text}" is not a bucket of "${facet.name}"`;
      return { range: dateBucketRange(facet, bucket.key, now) };
    }
  }
}

/** The range a date bucket covers at `now` (its `query`, e.g. `[NOW-30DAYS TO NOW]`). */
export function dateBucketRange(facet: FacetDefinition, key: string, now: number): ParsedRange {
  const option = facet.facetOptions.find((o) => o.key === key);
  const range = option ? parseRange(option.query, "date", now) : "missing";
  if (typeof range === "string") throw new Error(`The date bucket ${facet.name}.${key} is not a range.`);
  return range;
}

/** The numeric field a facet's buckets carry statistics of, checked against the dataset. */
export function bucketStatsField(dataset: FacetDataset, facet: FacetDefinition): string | undefined {
  const field = statsField(facet);
  if (field && dataset.fields[field] !== "number")
    throw new Error(`The facet ${facet.name} counts statistics of "${field}", which is not a number field.`);
  return field;
}

function pathText(path: (string | number)[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}
