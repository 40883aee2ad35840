// Profiling aid (not part of npm run bench): the bench query over N generated participants, timed.
// node --cpu-prof scripts/bench/facets-profile.ts 100000
import { benchFacetIndex } from "@aea/core/testing";
import { PARTICIPANT_DATASET } from "@aea/domain";
import { BENCH_QUERY, participants } from "./facets.ts";
import { quantile } from "./util.ts";

const count = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 200);
const NOW = Date.parse("2026-11-01T00:00:00.000Z");
const built = performance.now();
const index = benchFacetIndex(PARTICIPANT_DATASET, participants(count));
console.log(`built ${count} in ${(performance.now() - built).toFixed(0)} ms`);
for (let i = 0; i < 5; i++) index.query(BENCH_QUERY, NOW);
const samples: number[] = [];
let found = 0;
for (let i = 0; i < rounds; i++) {
  const t = performance.now();
  found = index.query({ ...BENCH_QUERY, start: (i % 5) * 20 }, NOW).response.numFound;
  samples.push(performance.now() - t);
}
console.log(
  `p50 ${quantile(samples, 0.5).toFixed(2)} ms p99 ${quantile(samples, 0.99).toFixed(2)} ms, found ${found}`,
);
