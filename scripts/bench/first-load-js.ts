// The first-load JavaScript of pages, gzip-compressed, as the budget of issue 12 counts it: every
// script a page's HTML references (module preloads and the entry's imports), summed.
//   npm run build, npm start (another shell), then: npx node scripts/bench/first-load-js.ts /home /login …
// BASE_URL picks the server (default http://127.0.0.1:3000).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const clientDir = join(import.meta.dirname, "../../apps/web/build/client");
const paths = process.argv.slice(2);

/** Every /_app/*.js the HTML names, once: preloads are parked by the deferred hydration, still counted. */
function scriptsOf(html: string): string[] {
  return [...new Set(html.match(/\/_app\/[\w.-]+\.js/g) ?? [])];
}

for (const path of paths.length > 0 ? paths : ["/home"]) {
  const response = await fetch(base + path, { headers: { cookie: "userAgreed=true" } });
  const scripts = scriptsOf(await response.text());
  let total = 0;
  for (const script of scripts) total += gzipSync(readFileSync(join(clientDir, script)), { level: 9 }).length;
  console.log(`${path}: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
}
