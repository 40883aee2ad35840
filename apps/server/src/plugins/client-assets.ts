import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative } from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { PrebuiltResponses } from "../http/prebuilt-responses.ts";
import { type PrecompressedBody, precompress, sendPrecompressed } from "../http/precompressed.ts";

/** Vite writes fingerprinted files here (see apps/web/vite.config.ts `build.assetsDir`). */
export const fingerprintedDir = "_app";

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".pdf": "application/pdf",
};

/**
 * Serves the client build from memory, compressed by the build (scripts/precompress-assets.mjs) or
 * else once at start-up: fingerprinted files are immutable for a year, the few others (favicon,
 * manifest) revalidate hourly. Reading from disk per request would be an order of magnitude slower
 * (see docs/decisions/003). Plain GETs are answered ahead of Fastify (docs/decisions/008); the routes
 * answer the rest (HEAD, query strings) and `inject()` in tests.
 */
async function clientAssets(
  app: FastifyInstance,
  { clientBuildDir, prebuilt }: { clientBuildDir: string; prebuilt: PrebuiltResponses },
) {
  const files = new Map<string, PrecompressedBody>();
  for (const file of listFiles(clientBuildDir)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    const urlPath = `/${relative(clientBuildDir, file).split("\\").join("/")}`;
    const type = contentTypes[extname(file)] ?? "application/octet-stream";
    const prepared =
      existsSync(`${file}.br`) && existsSync(`${file}.gz`)
        ? { brotli: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) }
        : undefined;
    files.set(urlPath, precompress(readFileSync(file), type, "max", prepared));
  }
  for (const [urlPath, body] of files) {
    // The service worker keeps its URL across versions: browsers must revalidate it to see an update.
    const cacheControl = urlPath.startsWith(`/${fingerprintedDir}/`)
      ? "public, max-age=31536000, immutable"
      : urlPath === "/sw.js"
        ? "no-cache"
        : "public, max-age=3600";
    prebuilt.set(urlPath, body, { cacheControl });
    app.get(urlPath, { config: { access: "anyone" }, schema: { hide: true } }, (request, reply) =>
      sendPrecompressed(request, reply, body, cacheControl),
    );
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export default fp(clientAssets, { name: "client-assets" });
