// Client-side filtering per keystroke over 5,000 listings: applyDealQuery from @aea/domain, in Node and
// (unbundled) in Chromium. Node's type stripping turns the domain's .ts files into the browser's modules.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { stripTypeScriptTypes } from "node:module";
import { extname, join, normalize } from "node:path";
import { applyDealQuery, parseDealQuery, prepareListings } from "@aea/domain";
import { CHROMIUM_SERVER_FLAGS } from "../chromium.ts";
import { formatMs, type Row } from "./report.ts";
import { errorText, log, median, quantile } from "./util.ts";

export const LISTING_COUNT = 5_000;
export const TYPED = "permian basin";
export const TYPE_FILTER = "producing";
const ROUNDS = 20;
const WARMUP_ROUNDS = 3;
const BUDGET_MS = 16;

type Listing = Record<string, unknown> & { ListingId: number; Header: string };

const HEADER_VARIANTS = [
  "",
  "Operated ",
  "Non-Operated ",
  "Legacy ",
  "Bolt-on ",
  "Package: ",
  "Divestiture – ",
  "Core ",
];
const HEADER_SUFFIXES = [
  "",
  " (Lot A)",
  " (Lot B)",
  " – Phase II",
  " – Recompletion Upside",
  " – HBP Acreage",
];

/** The GetDeals payload replicated to `count` listings with new ListingIds and varied Headers (new objects). */
export function buildListings(base: readonly Listing[], count = LISTING_COUNT): Listing[] {
  if (base.length === 0) throw new Error("GetDeals returned no listings");
  const out: Listing[] = [];
  for (let i = 0; i < count; i++) {
    const source = base[i % base.length];
    const copy = Math.floor(i / base.length);
    const header = `${HEADER_VARIANTS[copy % HEADER_VARIANTS.length]}${source.Header}${HEADER_SUFFIXES[(i * 7) % HEADER_SUFFIXES.length]}`;
    out.push({ ...source, ListingId: 100_000 + i, Header: header, RowNumber: i + 1 });
  }
  return out;
}

export const keystrokes = (text = TYPED) =>
  Array.from({ length: text.length }, (_, i) => text.slice(0, i + 1));

interface Timing {
  samples: number[];
  prepareMs: number;
  matchesPerKeystroke: number[];
}

function timeInNode(listings: Listing[]): Timing {
  const t0 = performance.now();
  prepareListings(listings as never);
  const prepareMs = performance.now() - t0;
  const samples: number[] = [];
  let matchesPerKeystroke: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    const matches: number[] = [];
    for (const search of keystrokes()) {
      const started = performance.now();
      const result = applyDealQuery(
        listings as never[],
        parseDealQuery(new URLSearchParams({ search, type: TYPE_FILTER })),
      );
      const elapsed = performance.now() - started;
      matches.push(result.matches.length);
      if (round >= WARMUP_ROUNDS) samples.push(elapsed);
    }
    matchesPerKeystroke = matches;
  }
  return { samples, prepareMs, matchesPerKeystroke };
}

/** The same loop, run in the page (kept as a string so no bundler or transpiler touches it). */
const BROWSER_LOOP = `async ({ typed, type, rounds, warmup }) => {
  const domain = await import("@aea/domain");
  const listings = await (await fetch("/listings.json")).json();
  const t0 = performance.now();
  domain.prepareListings(listings);
  const prepareMs = performance.now() - t0;
  const keystrokes = Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1));
  const samples = [];
  let matchesPerKeystroke = [];
  for (let round = 0; round < warmup + rounds; round++) {
    const matches = [];
    for (const search of keystrokes) {
      const started = performance.now();
      const result = domain.applyDealQuery(listings, domain.parseDealQuery(new URLSearchParams({ search, type })));
      const elapsed = performance.now() - started;
      matches.push(result.matches.length);
      if (round >= warmup) samples.push(elapsed);
    }
    matchesPerKeystroke = matches;
    await new Promise((r) => setTimeout(r, 0));
  }
  return { samples, prepareMs, matchesPerKeystroke };
}`;

/** Serves the domain sources (types stripped), zod's ESM build and the listings to the page. */
function startModuleServer(root: string, listingsJson: string): Promise<{ server: Server; url: string }> {
  const domainDir = join(root, "packages/domain/src");
  const zodDir = join(root, "node_modules/zod");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>filtering bench</title>
<script type="importmap">{"imports":{"zod":"/zod/index.js","@aea/domain":"/domain/index.ts"}}</script></head><body></body></html>`;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    try {
      if (path === "/") return send(200, "text/html; charset=utf-8", page);
      if (path === "/listings.json") return send(200, "application/json", listingsJson);
      const from = (dir: string, prefix: string) => {
        const file = normalize(join(dir, path.slice(prefix.length)));
        if (!file.startsWith(dir)) throw new Error("outside");
        return file;
      };
      if (path.startsWith("/domain/") && extname(path) === ".ts") {
        const source = readFileSync(from(domainDir, "/domain/"), "utf8");
        return send(200, "text/javascript; charset=utf-8", stripTypeScriptTypes(source));
      }
      if (path.startsWith("/zod/") && extname(path) === ".js") {
        return send(200, "text/javascript; charset=utf-8", readFileSync(from(zodDir, "/zod/")));
      }
      send(404, "text/plain", "not found");
    } catch {
      send(404, "text/plain", "not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        server,
        url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
      });
    });
  });
}

async function timeInChromium(
  root: string,
  listings: Listing[],
  chromePath: string,
  cpuSlowdown: number,
): Promise<Timing> {
  const { chromium } = await import("@playwright/test");
  const { server, url } = await startModuleServer(root, JSON.stringify(listings));
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROMIUM_SERVER_FLAGS,
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(url);
    if (cpuSlowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    }
    const args = { typed: TYPED, type: TYPE_FILTER, rounds: ROUNDS, warmup: WARMUP_ROUNDS };
    const result = (await page.evaluate(`(${BROWSER_LOOP})(${JSON.stringify(args)})`)) as Timing;
    if (errors.length > 0) throw new Error(errors.join("; "));
    return result;
  } finally {
    await browser.close();
    server.close();
  }
}

function rowsFor(where: string, timing: Timing, budgeted: boolean): Row[] {
  const p50 = median(timing.samples);
  const p95 = quantile(timing.samples, 0.95);
  const max = Math.max(...timing.samples);
  const data = {
    samples: timing.samples.length,
    medianMs: p50,
    p95Ms: p95,
    maxMs: max,
    prepareMs: timing.prepareMs,
    matchesPerKeystroke: timing.matchesPerKeystroke,
  };
  const status = (value: number) => (budgeted ? (value <= BUDGET_MS ? "pass" : "fail") : "info");
  const budget = budgeted ? `≤ ${BUDGET_MS} ms` : "info";
  return [
    {
      section: "filtering",
      name: `per keystroke, median (${where})`,
      ours: formatMs(p50),
      nginx: "—",
      ratio: "—",
      budget,
      status: status(p50),
      note: `prepareListings ${formatMs(timing.prepareMs)} once; matches per keystroke ${timing.matchesPerKeystroke.join(",")}`,
      data,
    },
    {
      section: "filtering",
      name: `per keystroke, p95 (${where})`,
      ours: formatMs(p95),
      nginx: "—",
      ratio: "—",
      budget,
      status: status(p95),
      note: `max ${formatMs(max)}`,
    },
  ];
}

export async function runFiltering(options: {
  root: string;
  baseListings: readonly Listing[];
  chromePath: string;
  browser: boolean;
}): Promise<Row[]> {
  const listings = buildListings(options.baseListings);
  log(
    `filtering: ${listings.length} listings, "${TYPED}" typed one character at a time with type=${TYPE_FILTER}, ${ROUNDS} rounds`,
  );
  const rows = rowsFor("Node", timeInNode(listings), true);
  if (!options.browser) return rows;
  for (const slowdown of [1, 4]) {
    const where = slowdown === 1 ? "Chromium" : `Chromium, CPU ${slowdown}× slower`;
    try {
      // Fresh objects: the search-text cache is per object, and the page gets its own copies anyway.
      rows.push(
        ...rowsFor(
          where,
          await timeInChromium(options.root, listings, options.chromePath, slowdown),
          slowdown === 1,
        ),
      );
    } catch (error) {
      rows.push({
        section: "filtering",
        name: `per keystroke (${where})`,
        ours: "—",
        nginx: "—",
        ratio: "—",
        budget: "info",
        status: "skip",
        note: `browser measurement failed: ${errorText(error)}`,
      });
    }
  }
  return rows;
}
