/**
 * The deal-list query of /deals/public (§2 "Routes", §5 filters, §9 "List parameters
 * separated by '+'").
 *
 * Parameters: search, type (a deal-type query value), dealSize and location (lists),
 * region, company, liked, sort, reverse, view and page. Lists are written joined by
 * a literal '+' ("dealSize=small+large"); URLSearchParams decodes '+' as a space, so
 * parsing splits on both (and on commas and repeated keys). Parsing is lenient: unknown
 * parameters and values are dropped, bad values fall back to defaults, it never throws.
 * `serializeDealQuery` writes the canonical form (fixed parameter order, list values in
 * canonical order, defaults omitted) so equal queries give equal URLs.
 *
 * Filtering (§5): every chosen filter must hold (AND); within a list any value may
 * hold (OR). search: the normalised text occurs in the listing's search text; type:
 * the listing's PLS code is of that type; region: exactly the region (code or display
 * name); company: exactly the agent's company; location and dealSize: the listing's
 * country and size flags; liked: the listing is in `likedIds` (or, without ids, has
 * its `liked` flag).
 */
import { COUNTRIES, type Country, countryName } from "./country.ts";
import { DEALS_PUBLIC_PATH, queryText } from "./deal-links.ts";
import { DEAL_SIZES, type DealSize, dealSizeName } from "./deal-size.ts";
import { type DealTypeQueryValue, findDealType } from "./deal-types.ts";
import { regionName } from "./region.ts";
import { isSortType, type SortType } from "./sort.ts";

export const DEAL_VIEWS = ["map", "table", "list", "1x", "2x", "3x", "4x", "print"] as const;
export type DealView = (typeof DEAL_VIEWS)[number];
export const DEFAULT_DEAL_VIEW: DealView = "list";

export function isDealView(value: unknown): value is DealView {
  return typeof value === "string" && (DEAL_VIEWS as readonly string[]).includes(value);
}

/** The filters of the deal list. */
export interface DealFilter {
  /** The search as typed (trimmed); "" for none. */
  search: string;
  type: DealTypeQueryValue | undefined;
  dealSize: readonly DealSize[];
  location: readonly Country[];
  region: string | undefined;
  company: string | undefined;
  liked: boolean;
}

/** The whole query of /deals/public: filters plus presentation. */
export interface DealQuery extends DealFilter {
  /** Undefined: the firm's own order (see `sortListings`). */
  sort: SortType | undefined;
  reverse: boolean;
  view: DealView;
  /** 1-based. */
  page: number;
}

/** Parameter names in canonical order. */
export const DEAL_QUERY_KEYS = [
  "search",
  "type",
  "dealSize",
  "location",
  "region",
  "company",
  "liked",
  "sort",
  "reverse",
  "view",
  "page",
] as const satisfies readonly (keyof DealQuery)[];
export type DealQueryKey = (typeof DEAL_QUERY_KEYS)[number];

export const DEFAULT_DEAL_QUERY: Readonly<DealQuery> = Object.freeze({
  search: "",
  type: undefined,
  dealSize: Object.freeze([]),
  location: Object.freeze([]),
  region: undefined,
  company: undefined,
  liked: false,
  sort: undefined,
  reverse: false,
  view: DEFAULT_DEAL_VIEW,
  page: 1,
});

const TRUE_TEXTS = new Set(["", "true", "1", "yes", "on"]);

function splitList(raw: string): string[] {
  return raw.split(/[+\s,]+/).filter(Boolean);
}

/** The values of a list in canonical order, without repeats or strangers. */
export function canonicalList<T extends string>(values: Iterable<string>, order: readonly T[]): T[] {
  const present = new Set<string>(values);
  return order.filter((value) => present.has(value));
}

function listParam<T extends string>(order: readonly T[]) {
  return (raw: string | undefined) => canonicalList(splitList((raw ?? "").toLowerCase()), order);
}

function flagParam(raw: string | undefined): boolean {
  return raw !== undefined && TRUE_TEXTS.has(raw.trim().toLowerCase());
}

/**
 * How each parameter is read from its raw text (one string per parameter, list values joined by '+'
 * or spaces; undefined when absent). Lenient: each falls back to its default, none ever throws.
 * Plain functions rather than a schema library: this runs in every page's header in the browser.
 */
const PARAMETER_READERS: { [K in DealQueryKey]: (raw: string | undefined) => DealQuery[K] } = {
  search: queryText,
  type: (raw) => findDealType(raw)?.queryValue,
  dealSize: listParam(DEAL_SIZES),
  location: listParam(COUNTRIES),
  region: (raw) => queryText(raw) || undefined,
  company: (raw) => queryText(raw) || undefined,
  liked: flagParam,
  sort: (raw) => {
    const value = raw?.trim().toLowerCase();
    return isSortType(value) ? value : undefined;
  },
  reverse: flagParam,
  view: (raw) => {
    const value = raw?.trim().toLowerCase();
    return isDealView(value) ? value : DEFAULT_DEAL_VIEW;
  },
  page: (raw) => {
    const text = raw?.trim() ?? "";
    const page = /^\d{1,9}$/.test(text) ? Number(text) : 1;
    return Math.max(page, 1);
  },
};

export type DealQueryInput =
  | URLSearchParams
  | URL
  | string
  | Readonly<Record<string, string | readonly string[] | null | undefined>>;

function rawParams(input: DealQueryInput): Record<string, string> {
  const raw: Record<string, string> = {};
  const add = (key: string, value: string) => {
    if (!(DEAL_QUERY_KEYS as readonly string[]).includes(key)) return;
    raw[key] = key in raw ? `${raw[key]}+${value}` : value;
  };
  if (typeof input === "string" || input instanceof URL || input instanceof URLSearchParams) {
    const params =
      input instanceof URLSearchParams
        ? input
        : input instanceof URL
          ? input.searchParams
          : new URLSearchParams(input.includes("?") ? input.slice(input.indexOf("?") + 1) : input);
    for (const [key, value] of params) add(key, value);
  } else if (input && typeof input === "object") {
    for (const [key, value] of Object.entries(input)) {
      if (typeof value === "string") add(key, value);
      else if (Array.isArray(value)) for (const item of value) if (typeof item === "string") add(key, item);
    }
  }
  return raw;
}

/**
 * The deal query of a URL's search part: URLSearchParams, a URL, a query string (with
 * or without '?', or a whole path with one) or a plain record of parameters.
 */
export function parseDealQuery(input: DealQueryInput): DealQuery {
  const raw = rawParams(input);
  const read = <K extends DealQueryKey>(key: K): DealQuery[K] => PARAMETER_READERS[key](raw[key]);
  return {
    search: read("search"),
    type: read("type"),
    dealSize: read("dealSize"),
    location: read("location"),
    region: read("region"),
    company: read("company"),
    liked: read("liked"),
    sort: read("sort"),
    reverse: read("reverse"),
    view: read("view"),
    page: read("page"),
  };
}

function withDefaults(query: Partial<DealQuery>): DealQuery {
  return { ...DEFAULT_DEAL_QUERY, ...query };
}

/** The canonical query string, without '?'; "" when everything is default. */
export function serializeDealQuery(query: Partial<DealQuery>): string {
  const q = withDefaults(query);
  const parts: string[] = [];
  const put = (key: DealQueryKey, value: string) => parts.push(`${key}=${encodeURIComponent(value)}`);
  const putList = (key: DealQueryKey, values: readonly string[]) => {
    if (values.length > 0) parts.push(`${key}=${values.map(encodeURIComponent).join("+")}`);
  };
  const search = q.search.trim();
  if (search) put("search", search);
  if (q.type) put("type", q.type);
  putList("dealSize", canonicalList(q.dealSize, DEAL_SIZES));
  putList("location", canonicalList(q.location, COUNTRIES));
  if (q.region) put("region", q.region);
  if (q.company) put("company", q.company);
  if (q.liked) put("liked", "true");
  if (q.sort) put("sort", q.sort);
  if (q.reverse) put("reverse", "true");
  if (q.view !== DEFAULT_DEAL_VIEW) put("view", q.view);
  if (Number.isInteger(q.page) && q.page > 1) put("page", String(q.page));
  return parts.join("&");
}

/** A link to the deal list with a query, e.g. "/deals/public?type=producing". */
export function dealsHref(query: Partial<DealQuery> = {}, path: string = DEALS_PUBLIC_PATH): string {
  const search = serializeDealQuery(query);
  return search ? `${path}?${search}` : path;
}

function toggle<T extends string>(values: readonly T[], value: T, order: readonly T[]): T[] {
  return values.includes(value)
    ? values.filter((v) => v !== value)
    : canonicalList([...values, value], order);
}

/** The query with a deal size switched on or off, back on page 1. */
export function toggleDealSize(query: DealQuery, size: DealSize): DealQuery {
  return { ...query, dealSize: toggle(query.dealSize, size, DEAL_SIZES), page: 1 };
}

/** The query with a country switched on or off, back on page 1. */
export function toggleLocation(query: DealQuery, country: Country): DealQuery {
  return { ...query, location: toggle(query.location, country, COUNTRIES), page: 1 };
}

/** A removable token of the filter strip. */
export interface FilterToken {
  key: keyof DealFilter;
  /** The value as written in the URL. */
  value: string;
  label: string;
}

/** The filter-strip tokens of a query, in canonical order. */
export function filterTokens(query: Partial<DealFilter>): FilterToken[] {
  const q = { ...DEFAULT_DEAL_QUERY, ...query };
  const tokens: FilterToken[] = [];
  const search = q.search.trim();
  if (search) tokens.push({ key: "search", value: search, label: search });
  const type = findDealType(q.type);
  if (type) tokens.push({ key: "type", value: type.queryValue, label: type.title });
  for (const size of canonicalList(q.dealSize, DEAL_SIZES))
    tokens.push({ key: "dealSize", value: size, label: dealSizeName(size) });
  for (const country of canonicalList(q.location, COUNTRIES))
    tokens.push({ key: "location", value: country, label: countryName(country) });
  if (q.region) tokens.push({ key: "region", value: q.region, label: regionName(q.region) });
  if (q.company) tokens.push({ key: "company", value: q.company, label: q.company });
  if (q.liked) tokens.push({ key: "liked", value: "true", label: "Liked" });
  return tokens;
}

/** The query without one filter-strip token, back on page 1. */
export function removeFilterToken(query: DealQuery, token: Pick<FilterToken, "key" | "value">): DealQuery {
  const next: DealQuery = { ...query, page: 1 };
  switch (token.key) {
    case "search":
      next.search = "";
      break;
    case "type":
      next.type = undefined;
      break;
    case "dealSize":
      next.dealSize = query.dealSize.filter((size) => size !== token.value);
      break;
    case "location":
      next.location = query.location.filter((country) => country !== token.value);
      break;
    case "region":
      next.region = undefined;
      break;
    case "company":
      next.company = undefined;
      break;
    case "liked":
      next.liked = false;
      break;
  }
  return next;
}

/** The query with every filter cleared (sort and view kept), back on page 1. */
export function clearFilters(query: DealQuery): DealQuery {
  return {
    ...query,
    search: "",
    type: undefined,
    dealSize: [],
    location: [],
    region: undefined,
    company: undefined,
    liked: false,
    page: 1,
  };
}
