// After the web build: writes .br and .gz beside every compressible client file, at maximum effort,
// so the server loads them instead of compressing at start-up.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(js|mjs|css|svg|json|txt|html|webmanifest|xml)$/;
const root = process.argv[2] ?? "apps/web/build/client";

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (compressible.test(name)) {
      const data = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
walk(root);
