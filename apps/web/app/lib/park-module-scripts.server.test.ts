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

/** Writes each batch as React does (its pieces, then `flush()`), and notes the chunks that come out. */
async function inBatches(batches: Buffer[][]): Promise<{ chunks: string[]; text: string }> {
  const park = parkModuleScripts();
  const chunks: string[] = [];
  park.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  const ended = new Promise((resolve) => park.on("end", resolve));
  for (const batch of batches) {
    for (const piece of batch) park.write(piece);
    park.flush();
  }
  park.end();
  await ended;
  return { chunks, text: chunks.join("") };
}

function pieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const result: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) result.push(bytes.subarray(at, at + size));
  return result;
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

  it("sends each of React's batches as one chunk, however many pieces it was written in", async () => {
    const [head, body] = [page.slice(0, page.indexOf("<body>")), page.slice(page.indexOf("<body>"))];
    const { chunks, text } = await inBatches([pieces(head, 7), pieces(body, 5)]);
    expect(text).toBe(parked);
    expect(chunks).toHaveLength(2);
  });

  it("holds a tag left open at a flush until the next batch closes it", async () => {
    const open = page.indexOf('<script nonce="n" type="module"') + 20;
    const { chunks, text } = await inBatches([
      [Buffer.from(page.slice(0, open))],
      [Buffer.from(page.slice(open))],
    ]);
    expect(text).toBe(parked);
    expect(chunks[0]).not.toContain("<script");
  });
});
