import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { parkModuleScripts } from "./park-module-scripts.server";

const page =
  '<html><head><link rel="modulepreload" href="/_app/framework.js" nonce="n"/><link rel="icon" href="/favicon.svg"/></head>' +
  '<body><p>Filter with type="module" or rel="modulepreload" in prose — é ✓</p>' +
  '<script nonce="n" type="module" async="">import "/_app/root.js";</script></body></html>';

const parked = page
  .replace('rel="modulepreload" href', 'rel="aea-modulepreload" href')
  .replace('type="module" async', 'type="aea-module" async');

async function throughPark(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(parkModuleScripts()));
}

describe("parkModuleScripts", () => {
  it("parks React Router's module tags and nothing else", async () => {
    expect(await throughPark([Buffer.from(page)])).toBe(parked);
  });

  it("gives the same result wherever the stream is split, even inside a tag or a character", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await throughPark([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(parked);
    }
  });
});
