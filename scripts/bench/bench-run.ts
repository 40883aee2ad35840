import type { LoadSettings } from "./load.ts";
import type { Row } from "./report.ts";
import type { ProductServer } from "./server.ts";
import type { WrkSettings } from "./throughput.ts";

/** What one `npm run bench` shares between its parts: the settings, and what they report. */

export const ALL_PARTS = [
  "api",
  "assets",
  "pages",
  "lean",
  "lighthouse",
  "filtering",
  "load",
  "cluster",
  "dataroom",
  "facets",
] as const;
export type Part = (typeof ALL_PARTS)[number];

/** A listing as GetDeals answers it, as far as the parts need it. */
export type Deal = { ListingId: number; Header: string };

export interface BenchSettings {
  wrk: WrkSettings;
  load: LoadSettings;
  chromePath: string;
  lighthouseRuns: number;
  /** BENCH_LIGHTHOUSE_PAGES; when unset the part measures /home, /deals/public and the first deal. */
  lighthousePages: string[] | undefined;
  /** BENCH_LIGHTHOUSE_VISIT: "first" (default, no terms cookie: the dialog opens) or "returning". */
  lighthouseVisit: "first" | "returning";
  /** The filtering part measures in Chromium too (off with BENCH_BROWSER=0). */
  browserFiltering: boolean;
}

export interface BenchRun {
  root: string;
  workDir: string;
  dataDir: string;
  parts: Set<Part>;
  settings: BenchSettings;
  rows: Row[];
  notes: string[];
  commands: Set<string>;
  /** Every server started, stopped at the end even when a part breaks. */
  servers: ProductServer[];
}

/** The parts BENCH_ONLY names (all when unset); empty when it names none. */
export function partsToRun(env: NodeJS.ProcessEnv): Set<Part> {
  return new Set<Part>(
    env.BENCH_ONLY
      ? (env.BENCH_ONLY.split(/[,\s]+/).filter((p) => (ALL_PARTS as readonly string[]).includes(p)) as Part[])
      : ALL_PARTS,
  );
}

/** The settings the environment gives (the header of run.ts lists them). */
export function readSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const num = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] && Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    wrk: {
      threads: num("BENCH_THREADS", 2),
      connections: num("BENCH_CONNECTIONS", 50),
      durationSeconds: num("BENCH_DURATION", 3),
      rounds: num("BENCH_ROUNDS", 3),
      warmupSeconds: num("BENCH_WARMUP", 2),
    },
    load: {
      clients: num("LOAD_CLIENTS", 200),
      signedInClients: env.LOAD_SIGNED_IN === "0" ? 0 : num("LOAD_SIGNED_IN", 20),
      durationSeconds: num("LOAD_DURATION", 60),
      warmupSeconds: env.LOAD_WARMUP === "0" ? 0 : num("LOAD_WARMUP", 5),
    },
    chromePath: env.CHROME_PATH || "/usr/bin/chromium",
    lighthouseRuns: num("BENCH_LIGHTHOUSE_RUNS", 5),
    lighthousePages: env.BENCH_LIGHTHOUSE_PAGES
      ? env.BENCH_LIGHTHOUSE_PAGES.split(",")
          .map((p) => p.trim())
          .filter(Boolean)
      : undefined,
    lighthouseVisit: env.BENCH_LIGHTHOUSE_VISIT === "returning" ? "returning" : "first",
    browserFiltering: env.BENCH_BROWSER !== "0",
  };
}
