import type { FacetDataset, FacetDocument, FacetResults } from "@aea/domain";
import type { Dataset, DataVersionReader } from "../data-version/data-version.ts";
import { buildColumnarIndex, type ColumnarIndex } from "./columnar-index.ts";
import { runQuery } from "./facet-engine.ts";
import { planQuery } from "./facet-plan.ts";
import { patchIndex } from "./index-patch.ts";

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
  /**
   * Every document of the dataset, in id order, read from the database; only those of `ids` when
   * given (an id that is not in the dataset, or no longer, is left out).
   */
  documents(ids?: readonly number[]): Promise<Iterable<FacetDocument>>;
  /** The data-version datasets whose writes change these documents. */
  dependsOn: Dataset[];
}

/** Past this many changed ids, reading the whole dataset again is the cheaper way. */
const PATCH_LIMIT = 2_000;

/**
 * A dataset's columnar index in this process, built from the database on first use and kept current
 * by the data version: a change names the ids it wrote, and only those documents are read again and
 * patched into the columns, at once (not at the next query). A change that names no ids (or too many,
 * or from another instance that lost track) rebuilds the index. A query never reads an index older
 * than the last committed change.
 */
export class InMemoryFacetSearch implements FacetSearch {
  readonly dataset: FacetDataset;
  readonly #source: IndexSource;
  readonly #unsubscribe: () => void;
  #index: ColumnarIndex | undefined;
  /** Moves with every change heard; the index is current when it was brought up to this number. */
  #changes = 0;
  #currentAt = -1;
  /** Ids changed since the index was last brought up to date, unless every document may have. */
  #pending = new Set<number>();
  #pendingAll = false;
  #updating: Promise<void> | undefined;
  #closed = false;

  constructor(source: IndexSource, dataVersion: DataVersionReader) {
    this.dataset = source.dataset;
    this.#source = source;
    this.#unsubscribe = dataVersion.subscribe(source.dependsOn, (change) => {
      this.#changes++;
      // Before the first build (or during it) there is nothing to patch: the ids are not kept.
      if (
        !this.#index ||
        change.all ||
        change.ids.length === 0 ||
        change.ids.some((id) => typeof id !== "number")
      )
        this.#pendingAll = true;
      else for (const id of change.ids) this.#pending.add(id as number);
      // Only an index someone has asked for is kept warm; a failure surfaces at the next query.
      if (this.#index && !this.#closed) this.#current().catch(() => {});
    });
  }

  async query(payload: unknown, now: number): Promise<FacetResults> {
    const startedAt = performance.now();
    const plan = planQuery(this.dataset, payload, now);
    return runQuery(await this.#current(), this.dataset, plan, startedAt);
  }

  /** The index, brought up to date first when a change came after (one update at a time). */
  async #current(): Promise<ColumnarIndex> {
    while (this.#currentAt !== this.#changes || !this.#index) {
      this.#updating ??= this.#update().finally(() => {
        this.#updating = undefined;
      });
      await this.#updating;
    }
    return this.#index;
  }

  async #update(): Promise<void> {
    const changes = this.#changes;
    const ids = [...this.#pending];
    const whole = !this.#index || this.#pendingAll || ids.length > PATCH_LIMIT;
    this.#pending = new Set();
    this.#pendingAll = false;
    try {
      if (!whole && this.#index && ids.length > 0) {
        const patched = patchIndex(this.#index, ids, await this.#source.documents(ids));
        if (patched) {
          this.#currentAt = changes;
          return;
        }
      }
      if (whole || ids.length > 0) {
        this.#index = buildColumnarIndex(this.dataset, await this.#source.documents());
      }
      this.#currentAt = changes;
    } catch (error) {
      // What was read is unknown: the next update reads everything.
      this.#pendingAll = true;
      throw error;
    }
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
