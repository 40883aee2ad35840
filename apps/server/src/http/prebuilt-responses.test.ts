import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrebuiltResponses } from "./prebuilt-responses.ts";
import { precompress } from "./precompressed.ts";

describe("PrebuiltResponses", () => {
  const responses = new PrebuiltResponses({ "x-content-type-options": "nosniff" });
  const css = precompress("body{color:#123}".repeat(100), "text/css; charset=utf-8");
  let current = true;
  responses.set("/app.css", css, { cacheControl: "public, max-age=31536000, immutable" });
  responses.set("/list.json", precompress('{"a":1}', "application/json"), {
    cacheControl: "public, max-age=0",
    isCurrent: () => current,
  });

  let server: Server;
  let base: string;
  beforeAll(async () => {
    // Whatever the prebuilt responses leave is answered here, as Fastify would.
    server = createServer((request, response) => {
      if (!responses.tryServe(request, response)) response.writeHead(299).end("fallback");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("sends the compressed bytes the client accepts, with the common and caching headers", async () => {
    const gzip = await fetch(`${base}/app.css`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("x-content-type-options")).toBe("nosniff");
    expect(gzip.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(gzip.headers.get("etag")).toBe(css.etag);
    expect(gzip.headers.get("vary")).toBe("accept-encoding");
    expect(gzip.headers.get("content-type")).toBe("text/css; charset=utf-8");
    // fetch decodes gzip itself: the text is the original.
    expect(await gzip.text()).toBe(css.identity.toString());

    const raw = await rawGet(`${base}/app.css`, "br");
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(Number(raw.headers["content-length"])).toBe(css.brotli?.length);

    const identity = await rawGet(`${base}/app.css`, "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(css.identity)).toBe(true);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const response = await fetch(`${base}/app.css`, { headers: { "if-none-match": css.etag } });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(css.etag);
  });

  it("leaves other methods, query strings, unknown paths and stale bodies to the application", async () => {
    expect((await fetch(`${base}/app.css`, { method: "HEAD" })).status).toBe(299);
    expect((await fetch(`${base}/app.css?v=2`)).status).toBe(299);
    expect((await fetch(`${base}/other.css`)).status).toBe(299);
    expect((await fetch(`${base}/list.json`)).status).toBe(200);
    current = false;
    expect((await fetch(`${base}/list.json`)).status).toBe(299);
  });
});

/** fetch() would decode the body; this keeps the bytes as sent. */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    },
  );
}
