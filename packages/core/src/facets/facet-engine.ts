import type { FacetCounts, FacetDataset, FacetResults, FieldStats } from "@aea/domain";
import { type ColumnarIndex, documentAt, type NumberColumn } from "./columnar-index.ts";
import { DocSet, intersectInto, membersInto } from "./doc-set.ts";
import { countFacet, fieldStats } from "./facet-counting.ts";
import { bucketStatsField, type PlannedFilter, type QueryPlan } from "./facet-plan.ts";
import { facetColumn, filterSet } from "./filter-sets.ts";
import { orderedPage } from "./result-order.ts";

/**
 * Answers a planned query from a columnar index: the documents matching every filter, a page of them
 * in order, and each asked facet counted over the documents matching every filter but its own
 * (disjunctive counting: checking a second value of a facet widens the result, as shoppers expect).
 * Sets are bitsets ANDed word by word; a facet is counted by walking its base's members over the
 * facet's column, into buffers kept with the index (a query runs to its end before the next starts).
 */
export function runQuery(
  index: ColumnarIndex,
  dataset: FacetDataset,
  plan: QueryPlan,
  startedAt: number,
): FacetResults {
  const { query } = plan;
  const buffers = scratch(index);
  let dates = 0;
  const filterSets = plan.filters.map((filter) =>
    filterSet(
      index,
      filter,
      filter.facet.type === "date" ? dateBuffer(buffers, index.size, dates++) : undefined,
    ),
  );
  const found = membersInto(intersectInto(buffers.words, index.live, filterSets), buffers.matching);
  const matching = buffers.matching;
  const page = orderedPage(index, matching.subarray(0, found), query.sorts, query.start, query.size);
  const facets: Record<string, FacetCounts> = {};
  for (const facet of plan.facets) {
    const own: PlannedFilter[] = [];
    const others: DocSet[] = [];
    plan.filters.forEach((filter, i) => {
      if (filter.facet === facet) own.push(filter);
      else others.push(filterSets[i] as DocSet);
    });
    const [members, n] = own.length
      ? [buffers.base, membersInto(intersectInto(buffers.words, index.live, others), buffers.base)]
      : [matching, found];
    const statsName = bucketStatsField(dataset, facet);
    const stats = statsName ? (index.columns.get(statsName) as NumberColumn) : undefined;
    facets[facet.name] = countFacet(facetColumn(index, facet), facet, members, n, own, plan.now, stats);
  }
  const stats: Record<string, FieldStats> = {};
  for (const field of query.stats)
    stats[field] = fieldStats(index.columns.get(field) as NumberColumn, matching, found);
  return {
    responseHeader: {
      status: 0,
      QTime: Math.round(performance.now() - startedAt),
      params: query,
      ...(plan.notice ? { notice: plan.notice } : {}),
    },
    response: {
      numFound: found,
      start: query.start,
      docs: page.map((doc) => documentAt(index, dataset, doc)),
    },
    facets,
    stats,
    queryChangeId: query.changeId ?? null,
  };
}

interface Scratch {
  words: Uint32Array;
  matching: Int32Array;
  base: Int32Array;
  /** One set per date filter of a query (they are evaluated each time: no garbage of 125 KB each at 1M). */
  dates: DocSet[];
}

function dateBuffer(buffers: Scratch, size: number, slot: number): DocSet {
  buffers.dates[slot] ??= new DocSet(size);
  return buffers.dates[slot];
}

/** Buffers for one query at a time, as large as the index (kept until it grows). */
const buffersOf = new WeakMap<ColumnarIndex, Scratch>();

function scratch(index: ColumnarIndex): Scratch {
  const kept = buffersOf.get(index);
  if (kept && kept.matching.length === index.size) return kept;
  const made = {
    words: new Uint32Array(index.live.words.length),
    matching: new Int32Array(index.size),
    base: new Int32Array(index.size),
    dates: [],
  };
  buffersOf.set(index, made);
  return made;
}
