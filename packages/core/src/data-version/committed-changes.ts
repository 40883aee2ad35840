import type { DataChange, DataVersion } from "./data-version.ts";

/**
 * Where a write's change goes, by the executor it ran on (the database handle or one transaction).
 * Repositories only hold their executor, so the executor itself leads to the data version.
 */
const sinks = new WeakMap<object, (change: DataChange) => void>();

/**
 * Repositories call this after each write. On the database handle the statement has committed on its
 * own, so the change is published at once; in a transaction it waits for the commit, and a rollback
 * drops it.
 */
export function recordChange(executor: object, change: DataChange): void {
  const sink = sinks.get(executor);
  if (!sink) throw new Error("A write ran on an executor that openDatabase did not make.");
  sink(change);
}

/** The database handle: a write on it commits by itself. */
export function publishOnWrite(handle: object, version: DataVersion): void {
  sinks.set(handle, (change) => version.publish([change]));
}

/**
 * Runs `work` in the transaction `open` starts, collecting the changes its repositories record, and
 * publishes them once the transaction committed; when it fails, nothing is published.
 */
export async function publishOnCommit<Trx extends object, T>(
  version: DataVersion,
  open: (work: (trx: Trx) => Promise<T>) => Promise<T>,
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  const changes: DataChange[] = [];
  const result = await open((trx) => {
    sinks.set(trx, (change) => changes.push(change));
    return work(trx);
  });
  version.publish(changes);
  return result;
}
