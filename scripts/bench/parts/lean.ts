import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchRun, Deal } from "../bench-run.ts";
import { firstLoadOf } from "../first-load-js.ts";
import type { Row } from "../report.ts";
import type { ProductServer } from "../server.ts";
import { log } from "../util.ts";

/** Issue 25's budgets: first-load JavaScript per page (gzip -9) and the server's memory after start-up. */
export const LEAN_BUDGET = { firstLoadKb: 130, startupRssMb: 250 } as const;

/**
 * The part lean: builds nothing (it reads the built assets), weighs the module list of /home,
 * /deals/public and the first deal as the server's HTML names it, and reads the server's RSS after
 * start-up on a fresh DATA_DIR (the demo seeded by the server's child process) and one request to each
 * of those pages.
 */
export async function measureLean(run: BenchRun, server: ProductServer, deals: Deal[]): Promise<void> {
  const paths = ["/home", "/deals/public", ...(deals[0] ? [`/deals/${deals[0].ListingId}`] : [])];
  log(`lean: first-load JavaScript of ${paths.join(", ")}`);
  const clientDir = join(run.root, "apps/web/build/client");
  for (const path of paths) {
    const page = await firstLoadOf(server.url, path, clientDir);
    const kb = page.gzipBytes / 1024;
    const largest = [...page.modules].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 4);
    run.rows.push(
      leanRow(
        `first-load JS ${path}`,
        `${kb.toFixed(1)} KB`,
        `≤ ${LEAN_BUDGET.firstLoadKb} KB`,
        kb <= LEAN_BUDGET.firstLoadKb,
        {
          note: `${page.modules.length} modules, gzip -9; largest ${largest.map((m) => `${m.file.replace(/^\/_app\//, "")} ${(m.gzipBytes / 1024).toFixed(1)}`).join(", ")}`,
          data: { path, gzipBytes: page.gzipBytes, modules: page.modules },
        },
      ),
    );
  }
  const rssMb =
    Number(readFileSync(`/proc/${server.pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1]) / 1024;
  run.rows.push(
    leanRow(
      "server RSS after start-up",
      `${Math.round(rssMb)} MiB`,
      `≤ ${LEAN_BUDGET.startupRssMb} MiB`,
      rssMb <= LEAN_BUDGET.startupRssMb,
      {
        note: "VmRSS of a server started on a fresh DATA_DIR (its child process seeds the demo and draws the pictures), after one request to each page above",
        data: { rssMb },
      },
    ),
  );
  run.commands.add(
    "BENCH_ONLY=lean npm run bench   (or, against a running server: npx node scripts/bench/first-load-js.ts /home)",
  );
}

function leanRow(
  name: string,
  ours: string,
  budget: string,
  pass: boolean,
  extra: Pick<Row, "note" | "data">,
): Row {
  return {
    section: "lean",
    name,
    ours,
    nginx: "—",
    ratio: "—",
    budget,
    status: pass ? "pass" : "fail",
    ...extra,
  };
}
