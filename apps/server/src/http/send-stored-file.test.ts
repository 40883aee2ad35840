import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalStorage, type StoredFile, storedFile } from "@aea/core/testing";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendStoredFile } from "./send-stored-file.ts";

describe("sendStoredFile", () => {
  let app: FastifyInstance;
  let storage: LocalStorage;
  /** What the route learnt from each call, and what the server logged at warn or worse. */
  const results: unknown[] = [];
  const complaints: string[] = [];
  /** A file looked up before the request that sends it. */
  let lookedUp: StoredFile | undefined;

  beforeAll(async () => {
    storage = new LocalStorage({
      root: await mkdtemp(join(tmpdir(), "aea-send-stored-")),
      publicUrl: "http://site.test",
    });
    await storage.put("notes/digits.txt", new TextEncoder().encode("0123456789"));
    app = Fastify({
      logger: { level: "warn", stream: { write: (line: string) => complaints.push(line) } },
    });
    app.get<{ Params: { name: string } }>("/files/:name", async (request, reply) => {
      const file =
        request.params.name === "looked-up"
          ? lookedUp
          : await storedFile(storage, `notes/${request.params.name}`, "text/plain");
      const sent = file ? await sendStoredFile(request, reply, file) : false;
      results.push(sent);
      if (!sent) return reply.code(404).send("missing");
      return reply;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("says it sent the whole file, a range and a 304, and nothing is sent twice", async () => {
    const whole = await app.inject("/files/digits.txt");
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe("0123456789");
    const range = await app.inject({ url: "/files/digits.txt", headers: { range: "bytes=2-4" } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe("234");
    const fresh = await app.inject({
      url: "/files/digits.txt",
      headers: { "if-none-match": String(whole.headers.etag) },
    });
    expect(fresh.statusCode).toBe(304);
    const past = await app.inject({ url: "/files/digits.txt", headers: { range: "bytes=50-" } });
    expect(past.statusCode).toBe(416);
    // The route would have answered again (and Fastify warned) had the helper not said "sent".
    expect(results).toEqual([true, true, true, true]);
    expect(complaints).toEqual([]);
  });

  it("says nothing was sent when the file vanished after it was looked up", async () => {
    results.length = 0;
    await storage.put("notes/brief.txt", new TextEncoder().encode("soon gone"));
    lookedUp = await storedFile(storage, "notes/brief.txt", "text/plain");
    await storage.delete("notes/brief.txt");
    const reply = await app.inject("/files/looked-up");
    expect(reply.statusCode).toBe(404);
    expect(reply.body).toBe("missing");
    expect(results).toEqual([false]);
    expect(complaints).toEqual([]);
  });
});
