import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, precompress } from "./precompressed.ts";

describe("precompressed bodies", () => {
  const page = Buffer.from(
    `<!doctype html><title>Deals</title>${"<p>Permian Basin acreage</p>".repeat(2000)}`,
  );

  it("sends a page kept for rebuilt data as the same bytes in brotli, gzip and plain", () => {
    const body = precompress(page, "text/html; charset=utf-8", "fast");
    const brotli = chooseEncoding(body, "gzip, deflate, br");
    const gzip = chooseEncoding(body, "gzip");
    const plain = chooseEncoding(body, undefined);
    expect([brotli.encoding, gzip.encoding, plain.encoding]).toEqual(["br", "gzip", undefined]);
    expect(brotliDecompressSync(brotli.bytes)).toEqual(page);
    expect(gunzipSync(gzip.bytes)).toEqual(page);
    expect(plain.bytes).toEqual(page);
    expect(brotli.bytes.length).toBeLessThan(page.length / 10);
  });

  it("keeps the gzip form of such a page once made for a client without brotli", () => {
    const body = precompress(page, "text/html; charset=utf-8", "fast");
    const first = chooseEncoding(body, "gzip").bytes;
    expect(chooseEncoding(body, "gzip, deflate").bytes).toBe(first);
  });
});
