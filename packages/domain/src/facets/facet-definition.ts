/**
 * Facet definitions are data (spec §3 "Facet definition"): one list per dataset, shared by the
 * engine in core and the analysis page. A new facet is a new entry, never new code.
 */

/** How a facet filters and counts. */
export type FacetType =
  /** A list of values; several checked values match any of them (disjunctive), `-key` excludes. */
  | "checkbox"
  /** A checkbox list in which one value at most may be checked (spec §4 "single mode"). */
  | "single"
  /** A numeric field: `[a TO b]` filters (`*` an open end), counted as a histogram. */
  | "range"
  /** A date field counted in the buckets of `facetOptions` (Last Month, Last 6 Months, …). */
  | "date"
  /** A date field counted by year: keys are the value cut to 4 characters. */
  | "year";

/**
 * One option of a facet: a checkbox value's display name, a date bucket's range (`query`, e.g.
 * `[NOW-30DAYS TO NOW]`), or a range facet's histogram setting (`key: "bins"`, `query: "20"`).
 */
export interface FacetDefinitionOption {
  key: string;
  query: string;
  display: string;
}

export interface FacetDefinition {
  /** The facet's name in a query's `facets` and in the results. */
  name: string;
  type: FacetType;
  /** The document field it filters and counts. */
  field: string;
  display: string;
  shortDisplay: string;
  /**
   * `count`: buckets carry only their count. `stats:{field}`: each bucket also carries, over its
   * documents, stat1 = sum, stat2 = mean, stat3 = min and stat4 = max of that numeric field.
   */
  functionType: string;
  facetOptions: FacetDefinitionOption[];
}

/** What a document field holds; the engine keeps each kind in its own column shape. */
export type FieldKind =
  /** One value from a small set (a company, a state, a status). */
  | "keyword"
  /** Any number of values from a small set (asset types bought, regions). */
  | "keywords"
  | "boolean"
  | "number"
  /** An ISO 8601 instant (UTC). */
  | "date"
  /** Free text, shown and sorted, never counted. */
  | "text";

/** A dataset: the fields of its flat documents (`id` first) and its facets. */
export interface FacetDataset {
  key: string;
  display: string;
  fields: Readonly<Record<string, FieldKind>>;
  facets: FacetDefinition[];
}

/** A flat document of a dataset: one value per field (an array for `keywords`, null when unknown). */
export type FacetDocument = Record<string, string | number | boolean | string[] | null>;

/** The date buckets of spec §9: Last Month (30 days), Last 6 Months (182), Last 1 Year (365), Older. */
export const DATE_BUCKETS: FacetDefinitionOption[] = [
  { key: "lastMonth", query: "[NOW-30DAYS TO NOW]", display: "Last Month" },
  { key: "last6Months", query: "[NOW-182DAYS TO NOW]", display: "Last 6 Months" },
  { key: "lastYear", query: "[NOW-365DAYS TO NOW]", display: "Last 1 Year" },
  { key: "older", query: "[* TO NOW-365DAYS}", display: "Older" },
];

/** The stats field of a `stats:{field}` function type, or undefined for `count`. */
export function statsField(definition: FacetDefinition): string | undefined {
  return definition.functionType.startsWith("stats:") ? definition.functionType.slice(6) : undefined;
}

/** Histogram bins of a range facet (`facetOptions` `{ key: "bins", query: "20" }`; default 20). */
export function histogramBins(definition: FacetDefinition): number {
  const option = definition.facetOptions.find((o) => o.key === "bins");
  return option ? Math.max(1, Number.parseInt(option.query, 10) || 20) : 20;
}
