import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../testing/s3-stand-in.ts";
import { LocalStorage, SIGNED_FILES_PATH } from "./local-storage.ts";
import { listAll, readObject, type Storage, StorageKeyError } from "./storage.ts";

/** What a browser gets from an object's URL. */
interface Fetched {
  status: number;
  bytes: Buffer;
  disposition: string | null;
}

interface Driver {
  name: string;
  open(): Promise<{ storage: Storage; fetchUrl(url: string): Promise<Fetched>; close(): Promise<void> }>;
}

const local: Driver = {
  name: "local disk",
  async open() {
    const storage = new LocalStorage({
      root: await mkdtemp(join(tmpdir(), "aea-storage-")),
      publicUrl: "http://site.test",
    });
    return {
      storage,
      // The URL points at this server's /files/ door (apps/server tests it over HTTP); here its
      // signature is checked the way that door checks it.
      async fetchUrl(url) {
        const { pathname, searchParams } = new URL(url);
        const key = pathname
          .slice(`${SIGNED_FILES_PATH}/`.length)
          .split("/")
          .map(decodeURIComponent)
          .join("/");
        const signed = storage.verifyUrl(key, searchParams);
        const bytes = signed ? await readObject(storage, signed.key) : undefined;
        if (!signed || !bytes) return { status: 404, bytes: Buffer.alloc(0), disposition: null };
        return {
          status: 200,
          bytes,
          disposition: signed.downloadName ? `attachment; ${signed.downloadName}` : null,
        };
      },
      close: async () => {},
    };
  },
};

const s3: Driver = {
  name: "S3 (against the test stand-in server)",
  async open() {
    const standIn: S3StandIn = await startS3StandIn();
    const storage = standIn.storage("site-a");
    return {
      storage,
      async fetchUrl(url) {
        const response = await fetch(url);
        return {
          status: response.status,
          bytes: Buffer.from(await response.arrayBuffer()),
          disposition: response.headers.get("content-disposition"),
        };
      },
      close: () => standIn.close(),
    };
  },
};

const text = (body: string) => new TextEncoder().encode(body);

/** The one contract every driver keeps: both run always (the S3 one against a local stand-in). */
describe.each([local, s3])("storage contract: $name", (driver) => {
  let storage: Storage;
  let fetchUrl: (url: string) => Promise<Fetched>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, fetchUrl, close } = await driver.open());
  });
  afterAll(() => close());

  it("stores, reads, describes and replaces an object", async () => {
    const stored = await storage.put("content/uploads/a.txt", text("first version"), {
      contentType: "text/plain",
    });
    expect(stored).toMatchObject({ key: "content/uploads/a.txt", size: 13 });
    expect(stored.etag).toMatch(/^".+"$/);
    expect(await storage.stat("content/uploads/a.txt")).toEqual(stored);
    expect((await readObject(storage, "content/uploads/a.txt"))?.toString()).toBe("first version");

    const replaced = await storage.put("content/uploads/a.txt", text("second, longer version"));
    expect(replaced.size).toBe(22);
    expect(replaced.etag).not.toBe(stored.etag);
    expect((await readObject(storage, "content/uploads/a.txt"))?.toString()).toBe("second, longer version");
  });

  it("stores a stream without holding it, and stores nothing when the stream fails", async () => {
    const chunks = ["data ", "room ", "file"].map((chunk) => Buffer.from(chunk));
    const stored = await storage.putStream("streams/a.txt", Readable.from(chunks), {
      contentType: "text/plain",
    });
    expect(stored).toMatchObject({ key: "streams/a.txt", size: 14 });
    expect((await readObject(storage, "streams/a.txt"))?.toString()).toBe("data room file");

    async function* failing() {
      yield Buffer.from("half of it");
      throw new Error("connection dropped");
    }
    await expect(storage.putStream("streams/broken.txt", Readable.from(failing()))).rejects.toThrow();
    expect(await storage.stat("streams/broken.txt")).toBeUndefined();
    expect((await listAll(storage, "streams/")).map((o) => o.key)).toEqual(["streams/a.txt"]);
  });

  it("reads a byte range, reporting the whole object's size", async () => {
    await storage.put("ranges/digits.txt", text("0123456789"));
    const read = await storage.get("ranges/digits.txt", { start: 2, end: 5 });
    expect(read?.object.size).toBe(10);
    expect(await bodyText(read?.body)).toBe("2345");
    // An end past the last byte stops at the last byte.
    expect(await bodyText((await storage.get("ranges/digits.txt", { start: 7, end: 99 }))?.body)).toBe("789");
  });

  it("answers undefined for a missing object, and deletes idempotently", async () => {
    expect(await storage.get("nothing/here.bin")).toBeUndefined();
    expect(await storage.stat("nothing/here.bin")).toBeUndefined();
    await storage.delete("nothing/here.bin");
    await storage.put("gone/soon.txt", text("x"));
    await storage.delete("gone/soon.txt");
    expect(await storage.stat("gone/soon.txt")).toBeUndefined();
  });

  it("lists by key prefix, in key order", async () => {
    for (const key of ["list/b/2.txt", "list/a.txt", "list/b/1.txt", "list/bc.txt", "listing.txt"]) {
      await storage.put(key, text(key));
    }
    const keys = async (prefix: string) => (await listAll(storage, prefix)).map((o) => o.key);
    expect(await keys("list/")).toEqual(["list/a.txt", "list/b/1.txt", "list/b/2.txt", "list/bc.txt"]);
    expect(await keys("list/b")).toEqual(["list/b/1.txt", "list/b/2.txt", "list/bc.txt"]);
    expect(await keys("list/b/")).toEqual(["list/b/1.txt", "list/b/2.txt"]);
    expect(await keys("nowhere/")).toEqual([]);
    const [first] = await listAll(storage, "list/a");
    const { lastModified, ...facts } = (await storage.stat("list/a.txt")) ?? {};
    expect(first).toMatchObject(facts);
    // S3 lists times in milliseconds and heads them in seconds.
    expect(Math.abs(first.lastModified.getTime() - Number(lastModified))).toBeLessThan(1000);
  });

  it("refuses keys that could leave the store", async () => {
    const unsafe = [
      "",
      "../escape.txt",
      "a/../../escape.txt",
      "/etc/passwd",
      "a\\b.txt",
      "a\0b.txt",
      "a//b.txt",
      "./a.txt",
      "a/",
      "a\nb",
    ];
    for (const key of unsafe) {
      await expect(storage.put(key, text("x")), JSON.stringify(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.get(key), JSON.stringify(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.stat(key), JSON.stringify(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.delete(key), JSON.stringify(key)).rejects.toThrow(StorageKeyError);
      await expect(storage.url(key), JSON.stringify(key)).rejects.toThrow(StorageKeyError);
    }
    await expect(listAll(storage, "../")).rejects.toThrow(StorageKeyError);
  });

  it("never lets a reader see half a write", async () => {
    const a = Buffer.alloc(256 * 1024, "a");
    const b = Buffer.alloc(256 * 1024, "b");
    await storage.put("atomic/file.bin", a);
    const reads: Promise<Buffer | undefined>[] = [];
    for (let round = 0; round < 10; round++) {
      const writing = storage.put("atomic/file.bin", round % 2 ? a : b);
      reads.push(readObject(storage, "atomic/file.bin"));
      await writing;
    }
    for (const read of await Promise.all(reads)) {
      expect(read?.equals(a) || read?.equals(b)).toBe(true);
    }
  });

  it("gives a URL that serves the object without a session, until it expires", async () => {
    await storage.put("shared/report.pdf", text("%PDF-report"), { contentType: "application/pdf" });
    const url = await storage.url("shared/report.pdf");
    const fetched = await fetchUrl(url);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.toString()).toBe("%PDF-report");
    expect(fetched.disposition).toBeNull();

    const download = await fetchUrl(
      await storage.url("shared/report.pdf", { downloadName: "Q3 report.pdf" }),
    );
    expect(download.disposition).toMatch(/^attachment;.*Q3( |%20)report\.pdf/);

    const tampered = url.replace(
      /(signature|Signature)=([^&])/,
      (_, name, first) => `${name}=${first === "A" ? "B" : "A"}`,
    );
    expect((await fetchUrl(tampered)).status).toBeGreaterThanOrEqual(400);
    const otherKey = url.replace("report.pdf", "other.pdf");
    expect((await fetchUrl(otherKey)).status).toBeGreaterThanOrEqual(400);

    const shortLived = await storage.url("shared/report.pdf", { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetchUrl(shortLived)).status).toBeGreaterThanOrEqual(400);
  });
});

describe("local disk driver", () => {
  it("keeps each object as a file named by its key under its folder, and no temporary files", async () => {
    const root = await mkdtemp(join(tmpdir(), "aea-storage-"));
    const storage = new LocalStorage({ root, publicUrl: "http://site.test" });
    await storage.put("listings/12/cover.jpg", text("jpeg bytes"));
    expect(await readFile(join(root, "listings", "12", "cover.jpg"), "utf8")).toBe("jpeg bytes");
    expect(await readdir(join(root, "listings", "12"))).toEqual(["cover.jpg"]);
  });
});

async function bodyText(body: AsyncIterable<Uint8Array> | undefined): Promise<string> {
  if (!body) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}
