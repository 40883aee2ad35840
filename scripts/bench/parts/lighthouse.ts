import { join } from "node:path";
import type { BenchRun, Deal } from "../bench-run.ts";
import { CHROME_FLAGS, COOKIE, runLighthouse } from "../lighthouse.ts";
import type { ProductServer } from "../server.ts";
import { log } from "../util.ts";

/** The part lighthouse: the median of several Lighthouse runs per page, against the page budgets. */
export async function measureLighthouse(run: BenchRun, server: ProductServer, deals: Deal[]): Promise<void> {
  const paths = run.settings.lighthousePages ?? [
    "/home",
    "/deals/public",
    ...(deals[0] ? [`/deals/${deals[0].ListingId}`] : []),
  ];
  log(`lighthouse: ${paths.join(", ")} × ${run.settings.lighthouseRuns}`);
  const result = await runLighthouse({
    baseUrl: server.url,
    paths,
    runs: run.settings.lighthouseRuns,
    chromePath: run.settings.chromePath,
    reportDir: join(run.root, "bench-results/lighthouse"),
    visit: run.settings.lighthouseVisit,
  });
  run.rows.push(...result.rows);
  const returning = run.settings.lighthouseVisit === "returning";
  const cookie = returning ? ` --extra-headers='{"Cookie":"${COOKIE}"}'` : "";
  const visit = returning
    ? "which also stores the cookie in the browser so the terms dialog stays shut"
    : "a first visit: no terms cookie, so the terms dialog opens; BENCH_LIGHTHOUSE_VISIT=returning measures a returning visitor";
  run.commands.add(
    `CHROME_PATH=${run.settings.chromePath} npx lighthouse http://127.0.0.1:$PORT/home --chrome-flags="${CHROME_FLAGS.join(" ")}" --only-categories=performance,accessibility,best-practices,seo${cookie} --output=json --quiet   (close to the Node API call, ${visit}; median of ${run.settings.lighthouseRuns})`,
  );
}
