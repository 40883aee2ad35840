// The first-load JavaScript of pages, gzip -9, as issue 25 counts it: the page's own module list (the
// module preloads and the imports of its module script, as the server's HTML names them), summed.
//   npm run build, npm start (another shell), then: npx node scripts/bench/first-load-js.ts /home /login …
// BASE_URL picks the server (default http://127.0.0.1:3000). `BENCH_ONLY=lean npm run bench` reports the
// same for /home, /deals/public and a deal page.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface FirstLoad {
  path: string;
  modules: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

/**
 * The scripts a page loads before it is interactive: its module preloads (parked as "aea-modulepreload"
 * until the page has painted, decision 010) and what its module script imports. Other /_app names in
 * the HTML (the route manifest's URL, routes that are not on the page) are not loaded.
 */
export function moduleList(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="(?:aea-)?modulepreload" href="(\/_app\/[^"]+\.js)"/g)];
  const script = html.match(/<script[^>]*type="(?:aea-)?module"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
  const imports = [...script.matchAll(/(?:from |import\()"(\/_app\/[^"]+\.js)"/g)];
  return [...new Set([...preloads, ...imports].map((match) => match[1]))].sort();
}

/** Fetches a page the way a visitor who accepted the terms does and weighs its module list. */
export async function firstLoadOf(baseUrl: string, path: string, clientDir: string): Promise<FirstLoad> {
  const response = await fetch(baseUrl + path, { headers: { cookie: "userAgreed=true" } });
  const modules = moduleList(await response.text()).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length,
  }));
  return { path, modules, gzipBytes: modules.reduce((sum, m) => sum + m.gzipBytes, 0) };
}

if (import.meta.main) {
  const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
  const clientDir = join(import.meta.dirname, "../../apps/web/build/client");
  const paths = process.argv.slice(2);
  for (const path of paths.length > 0 ? paths : ["/home"]) {
    const page = await firstLoadOf(base, path, clientDir);
    if (process.env.VERBOSE)
      for (const m of [...page.modules].sort((a, b) => b.gzipBytes - a.gzipBytes))
        console.log(`  ${(m.gzipBytes / 1024).toFixed(1).padStart(6)} KB  ${m.file}`);
    console.log(`${path}: ${page.modules.length} modules, ${(page.gzipBytes / 1024).toFixed(1)} KB gzip`);
  }
}
