import type { BenchRun, Deal } from "../bench-run.ts";
import { runFiltering } from "../filtering.ts";

/** The part filtering: the deal query per keystroke over a large book, in Node and in Chromium. */
export async function measureFiltering(run: BenchRun, deals: Deal[]): Promise<void> {
  if (deals.length === 0) {
    run.rows.push({
      section: "filtering",
      name: "per keystroke",
      ours: "—",
      nginx: "—",
      ratio: "—",
      budget: "≤ 16 ms",
      status: "error",
      note: "no listings from GetDeals",
    });
  } else {
    run.rows.push(
      ...(await runFiltering({
        root: run.root,
        baseListings: deals,
        chromePath: run.settings.chromePath,
        browser: run.settings.browserFiltering,
      })),
    );
  }
}
