import { randomBytes } from "node:crypto";
import { mkdtemp, open, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { FileBody } from "./file-body.ts";

const MB = 1024 * 1024;
let path: string;
/** 5.5 MB of random bytes: several 1 MB chunks and a short last one. */
const bytes = randomBytes(5.5 * MB);

beforeAll(async () => {
  path = join(await mkdtemp(join(tmpdir(), "aea-file-body-")), "random.bin");
  await writeFile(path, bytes);
});

async function body(start = 0, end = bytes.length - 1) {
  return new FileBody(await open(path, "r"), start, end);
}

/** A destination that keeps a copy of each chunk, and takes its time to say a write is done. */
function slowDestination(delayMs: number) {
  const received: Buffer[] = [];
  const destination = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      received.push(Buffer.from(chunk));
      setTimeout(done, delayMs);
    },
  });
  return { destination, received: () => Buffer.concat(received) };
}

describe("FileBody", () => {
  it("gives every byte to a reader of its chunks, each chunk its own buffer", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await body()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(chunks.length);
  });

  it("gives every byte, in order, to a slow piped destination while reusing its buffers", async () => {
    const { destination, received } = slowDestination(5);
    const file = await body();
    let ended = false;
    file.on("end", () => {
      ended = true;
    });
    file.pipe(destination);
    await new Promise((resolve) => destination.on("finish", resolve));
    expect(received().equals(bytes)).toBe(true);
    await sleep(0);
    expect(ended).toBe(true);
  });

  it("sends only the range asked for, piped or read", async () => {
    const start = MB - 3;
    const end = 3 * MB + 7;
    const { destination, received } = slowDestination(0);
    await pipeline(await body(start, end), destination);
    expect(received().equals(bytes.subarray(start, end + 1))).toBe(true);
    const chunks: Buffer[] = [];
    for await (const chunk of await body(start, end)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it("ends at once for an empty range", async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await body(0, -1)) chunks.push(chunk as Buffer);
    expect(chunks).toEqual([]);
  });

  it("stops reading and closes the file when the destination goes away mid-way", async () => {
    const { destination } = slowDestination(20);
    const file = await body();
    const closed = new Promise((resolve) => file.on("close", resolve));
    file.on("error", () => undefined);
    file.pipe(destination);
    await sleep(30);
    destination.destroy();
    await closed;
    expect(file.destroyed).toBe(true);
  });
});
