import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchRun, Deal } from "../bench-run.ts";
import { runLoad } from "../load.ts";
import { startProductServer } from "../server.ts";
import { log } from "../util.ts";

/** The part load: many clients at once over the mix of load-mix.ts (scripts/bench/load.ts measures). */

/**
 * Its own instance on the same data: RSS before and after are this run's alone, and the raised sign-in
 * limit (the clients' sessions are made by logging in) applies to no other part.
 */
export async function measureLoad(run: BenchRun, deals: Deal[]): Promise<void> {
  log("starting an instance for the load run");
  const server = await startProductServer({
    root: run.root,
    dataDir: run.dataDir,
    workDir: run.workDir,
    name: "server-load",
    extraEnv: { AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  run.servers.push(server);
  try {
    const result = await runLoad({
      server: { url: server.url, pids: [server.pid] },
      listingIds: deals.map((d) => d.ListingId),
      settings: run.settings.load,
    });
    run.rows.push(...result.rows);
    run.notes.push(...result.notes);
  } finally {
    await server.stop();
  }
  run.commands.add(
    `BENCH_ONLY=load LOAD_CLIENTS=${run.settings.load.clients} LOAD_SIGNED_IN=${run.settings.load.signedInClients} LOAD_DURATION=${run.settings.load.durationSeconds} LOAD_WARMUP=${run.settings.load.warmupSeconds} npm run bench   (autocannon ${autocannonVersion(run.root)} in the bench process; the mix is in scripts/bench/load-mix.ts)`,
  );
}

export function autocannonVersion(root: string): string {
  const manifest = join(root, "node_modules/autocannon/package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}
