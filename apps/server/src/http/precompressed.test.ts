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

  it("never sends an encoding the client refuses with q=0", () => {
    const body = precompress(page, "text/html; charset=utf-8", "fast");
    expect(chooseEncoding(body, "br;q=0, gzip").encoding).toBe("gzip");
    expect(chooseEncoding(body, "gzip;q=0, br;q=0").encoding).toBeUndefined();
    expect(chooseEncoding(body, "br;q=0, gzip;q=0").bytes).toEqual(page);
    // The highest q-value wins; the server's order (brotli first) breaks ties.
    expect(chooseEncoding(body, "br;q=0.2, gzip;q=0.8").encoding).toBe("gzip");
    expect(chooseEncoding(body, "gzip, br").encoding).toBe("br");
  });

  it("sends a format compressed already (an image) as it is, whatever the client takes", () => {
    const image = precompress(Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/png", "max");
    expect(chooseEncoding(image, "gzip, deflate, br").encoding).toBeUndefined();
  });
});
