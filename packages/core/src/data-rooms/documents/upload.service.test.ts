import { cleanFileName } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { readObject } from "../../storage/storage.ts";
import { testEngines, testStorage } from "../../testing/test-cores.ts";
import { pdfBytes, pngBytes, received, roomFixtureForSuite } from "./room-test-fixture.ts";

describe.each(testEngines())("staff's uploads into a data room ($name)", (engine) => {
  const ip = "203.0.113.7";
  const f = roomFixtureForSuite(engine);

  it("cleans names: no paths, control characters or reserved device names", () => {
    expect(cleanFileName("../../x")).toBe("x");
    expect(cleanFileName("C:\\deals\\report.pdf")).toBe("report.pdf");
    expect(cleanFileName("a\u0000b\u001f.pdf")).toBe("ab.pdf");
    expect(cleanFileName("CON")).toBe("_CON");
    expect(cleanFileName("nul.txt")).toBe("_nul.txt");
    expect(cleanFileName(" ..hidden. ")).toBe("hidden");
    expect(cleanFileName("../..")).toBeUndefined();
    expect(cleanFileName(`${"a".repeat(300)}.pdf`)?.length).toBe(180);
  });

  it("takes an upload checked by content, numbering a duplicate name even when two arrive at once", async () => {
    const { core, admin } = f;
    const id = f.listing.ListingId;
    const folder = await core.dataRoomFolders.createFolder(admin, id, 0, "Uploads", ip);
    const meta = { target: "data-room" as const, listingId: id, folderId: folder.id, filename: "x" };
    const pdf = await pdfBytes();
    const [a, b] = await Promise.all([
      core.dataRoomUploads.add(admin, meta, received("../../Report.pdf", pdf), ip),
      core.dataRoomUploads.add(admin, meta, received("Report.pdf", pdf), ip),
    ]);
    expect([a.name, b.name].sort()).toEqual(["Report (2).pdf", "Report.pdf"]);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await readObject(testStorage, a.storageKey))?.equals(pdf)).toBe(true);

    const nested = await core.dataRoomUploads.add(
      admin,
      { ...meta, relativePath: "Well logs/2024/map.png" },
      received("map.png", pngBytes),
      ip,
    );
    const { view } = await core.dataRoomView.room(admin, id, nested.folderId, ip);
    const path = view.folders.filter((f) => ["Well logs", "2024"].includes(f.name)).map((f) => f.name);
    expect(path).toEqual(["Well logs", "2024"]);
    expect(view.files.map((f) => f.name)).toEqual(["map.png"]);
  });

  it("refuses a mismatched type, an empty file, an unknown type and a file over the limit, storing nothing", async () => {
    const { core, admin, listing } = f;
    const meta = { target: "data-room" as const, listingId: listing.ListingId, folderId: 0, filename: "x" };
    const before = (await core.dataRoomView.room(admin, listing.ListingId, 0, ip)).view.totalFiles;
    const attempts: Array<[string, Uint8Array, RegExp]> = [
      ["fake.pdf", pngBytes, /do not match its type/],
      ["empty.pdf", new Uint8Array(0), /empty/],
      ["tool.exe", Buffer.from("MZ\u0090\u0000"), /does not take/],
      ["binary.csv", Buffer.from([0x41, 0x00, 0x42]), /do not match/],
      ["big.csv", Buffer.alloc(1024 * 1024 + 1, "a"), /larger than 1 MB/],
    ];
    for (const [name, bytes, message] of attempts) {
      await expect(core.dataRoomUploads.add(admin, meta, received(name, bytes), ip), name).rejects.toThrow(
        message,
      );
    }
    expect((await core.dataRoomView.room(admin, listing.ListingId, 0, ip)).view.totalFiles).toBe(before);
  });

  it("lets only staff upload", async () => {
    const meta = { target: "data-room" as const, listingId: f.listing.ListingId, folderId: 0, filename: "x" };
    await expect(
      f.core.dataRoomUploads.add(f.buyer, meta, received("a.csv", Buffer.from("a,b")), ip),
    ).rejects.toMatchObject({ status: 403 });
  });
});
