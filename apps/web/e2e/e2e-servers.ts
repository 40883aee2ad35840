/**
 * The servers the suite runs against: one per Playwright worker, each on its own port with its own
 * fresh SQLite database and demo data, so the workers' tests never see each other's writes (a reorder,
 * a grant, the moved test clock) and each test meets the data as a single worker would leave it.
 */
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Two workers on the 2-core machine: tests spend much of their time waiting on the page (hydration,
 * network idle before an audit, animations), which the other worker fills (decision 038).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export function e2eServerURL(workerSlot: number): string {
  return `http://127.0.0.1:${E2E_FIRST_PORT + workerSlot}`;
}

/** A worker's server's DATA_DIR, relative to apps/web (where Playwright starts the servers). */
export function e2eDataDir(workerSlot: number): string {
  return `${process.env.E2E_DATA_DIR ?? "../../data/e2e"}-${workerSlot}`;
}
