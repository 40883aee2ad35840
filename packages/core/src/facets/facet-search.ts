import type { FacetDataset, FacetDocument, FacetResults } from "@aea/domain";
import type { Dataset, DataVersionReader } from "../data-version/data-version.ts";
import { buildColumnarIndex, type ColumnarIndex } from "./columnar-index.ts";
import { runQuery } from "./facet-engine.ts";
import { planQuery } from "./facet-plan.ts";

/**
 * Where a dataset's facet queries are answered (docs/decisions/035). The in-memory index below is
 * the one engine today; an external engine (OpenSearch, Typesense) would implement this interface,
 * fed by the same documents and the same data-version changes.
 */
export interface FacetSearch {
  readonly dataset: FacetDataset;
  /** Answers a payload (checked here: a bad one is a 400 naming the field) as it stands at `now`. */
  query(payload: unknown, now: number): Promise<FacetResults>;
  close(): void;
}

export interface IndexSource {
  dataset: FacetDataset;
  /** Every document of the dataset, in id order, read from the database. */
  documents(): Promise<FacetDocument[]>;
  /** The data-version datasets whose writes change these documents. */
  dependsOn: Dataset[];
}

/**
 * A dataset's columnar index in this process, built from the database on first use and rebuilt when
 * a write it depends on commits: at once (not at the next query), so a write is visible to the
 * facets within a build. A query never reads an index older than the last committed change.
 */
export class InMemoryFacetSearch implements FacetSearch {
  readonly dataset: FacetDataset;
  readonly #source: IndexSource;
  readonly #unsubscribe: () => void;
  #index: ColumnarIndex | undefined;
  /** Moves with every change heard; the index is current when it was built at this number. */
  #changes = 0;
  #builtAt = -1;
  #building: Promise<void> | undefined;
  #closed = false;

  constructor(source: IndexSource, dataVersion: DataVersionReader) {
    this.dataset = source.dataset;
    this.#source = source;
    this.#unsubscribe = dataVersion.subscribe(source.dependsOn, () => {
      this.#changes++;
      // Only an index someone has asked for is kept warm; a failure surfaces at the next query.
      if (this.#index && !this.#closed) this.#current().catch(() => {});
    });
  }

  async query(payload: unknown, now: number): Promise<FacetResults> {
    const startedAt = performance.now();
    const plan = planQuery(this.dataset, payload, now);
    return runQuery(await this.#current(), this.dataset, plan, startedAt);
  }

  /** The index, rebuilt first when a change came after it was built (one build at a time). */
  async #current(): Promise<ColumnarIndex> {
    while (this.#builtAt !== this.#changes || !this.#index) {
      this.#building ??= this.#build().finally(() => {
        this.#building = undefined;
      });
      await this.#building;
    }
    return this.#index;
  }

  async #build(): Promise<void> {
    const changes = this.#changes;
    const documents = await this.#source.documents();
    this.#index = buildColumnarIndex(this.dataset, documents);
    this.#builtAt = changes;
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe();
  }
}

/** An index of documents given (not read from a database), for the bench: build once, query often. */
export function staticFacetSearch(dataset: FacetDataset, documents: Iterable<FacetDocument>) {
  const index = buildColumnarIndex(dataset, documents);
  return {
    query: (payload: unknown, now: number): FacetResults =>
      runQuery(index, dataset, planQuery(dataset, payload, now), performance.now()),
  };
}
