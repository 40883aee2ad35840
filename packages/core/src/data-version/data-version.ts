/**
 * The data the site's caches and snapshots are built from. A dataset moves its version when a write to
 * it commits; whatever was derived from it (the listing snapshot, the content snapshot, cached HTTP
 * replies, rendered pages) is rebuilt on its next read.
 */
export const DATASETS = [
  /** Listings and their private details, the deal order (`RowNumber`) included. Ids: ListingIds. */
  "listings",
  /** Staff's pins and hides of similar deals. Ids: the ListingIds whose choices changed. */
  "similar-deals",
  /** Content items. Ids: the collections changed (an item id is only unique within its collection). */
  "content",
  /** Content files (uploads, titles, focal points). Ids: the file ids. */
  "content-files",
] as const;

export type Dataset = (typeof DATASETS)[number];

/** One committed write: which dataset, which of its rows. */
export interface DataChange {
  dataset: Dataset;
  ids: readonly (number | string)[];
  /**
   * Any row of the dataset may have changed, not only `ids`: said when another instance's change was
   * too large to name, or when changes may have been missed (the link to the other instances was down).
   */
  all?: boolean;
}

export type DataChangeListener = (change: DataChange) => void;

/** What readers of the data version need: a version to key on, and changes to follow. */
export interface DataVersionReader {
  /** A number that moves whenever a write to any of `datasets` commits (and only then). */
  of(...datasets: Dataset[]): number;
  /** Calls `listener` with every committed change to one of `datasets`; returns the unsubscribe. */
  subscribe(datasets: readonly Dataset[], listener: DataChangeListener): () => void;
}

/**
 * The one data version of a process (docs/decisions/026). `publish` is called by the database once a
 * write committed (db/database.ts, never by services or repositories directly); everyone else reads.
 * Issue 24's relay between instances calls `publish` with the changes another instance committed, and
 * subscribes to every dataset to send this instance's changes on.
 */
export class DataVersion implements DataVersionReader {
  readonly #versions = new Map<Dataset, number>();
  readonly #listeners = new Set<{ datasets: ReadonlySet<Dataset>; listener: DataChangeListener }>();

  of(...datasets: Dataset[]): number {
    return datasets.reduce((sum, dataset) => sum + (this.#versions.get(dataset) ?? 0), 0);
  }

  subscribe(datasets: readonly Dataset[], listener: DataChangeListener): () => void {
    const entry = { datasets: new Set(datasets), listener };
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }

  /** Committed changes: each dataset's version moves, then its subscribers hear of it. */
  publish(changes: readonly DataChange[]): void {
    for (const change of mergedByDataset(changes)) {
      this.#versions.set(change.dataset, (this.#versions.get(change.dataset) ?? 0) + 1);
      for (const { datasets, listener } of this.#listeners)
        if (datasets.has(change.dataset)) listener(change);
    }
  }
}

/** One change per dataset with every id named, so a transaction of many writes moves each version once. */
function mergedByDataset(changes: readonly DataChange[]): DataChange[] {
  const merged = new Map<Dataset, { ids: Set<number | string>; all: boolean }>();
  for (const change of changes) {
    const entry = merged.get(change.dataset) ?? { ids: new Set(), all: false };
    for (const id of change.ids) entry.ids.add(id);
    entry.all ||= change.all === true;
    merged.set(change.dataset, entry);
  }
  return [...merged].map(([dataset, { ids, all }]) => ({ dataset, ids: [...ids], ...(all && { all }) }));
}
