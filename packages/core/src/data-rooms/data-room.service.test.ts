import { execFileSync } from "node:child_process";
import { Readable } from "node:stream";
import { cleanFileName, type Listing, type SessionUser } from "@aea/domain";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { readObject } from "../storage/storage.ts";
import { insertTestAccount, openTestDataRoom } from "../testing/test-accounts.ts";
import { testEngines, testStorage } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";
import type { ReceivedFile } from "./uploaded-file.ts";

const pngBytes = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

async function pdfBytes(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = 0; n < pages; n++) pdf.addPage([612, 792]).drawText(`Page ${n + 1}`, { x: 50, y: 700 });
  return Buffer.from(await pdf.save());
}

/** The PDF's text as pdftotext (poppler) extracts it. */
function pdfText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-", "-"], { input: bytes }).toString();
}

const received = (name: string, bytes: Uint8Array): ReceivedFile => ({
  name,
  size: bytes.byteLength,
  open: () => Readable.from([Buffer.from(bytes)]),
});

describe.each(testEngines())("data rooms ($name)", (engine) => {
  let core: Core;
  let listing: Listing;
  let other: Listing;
  let admin: SessionUser;
  let buyer: SessionUser;
  let outsider: SessionUser;
  const ip = "203.0.113.7";

  const sessionOf = async (email: string) => {
    const user = await core.accounts.findUserByEmail(email);
    if (!user) throw new Error(`no ${email}`);
    return core.sessions.sessionUser(user);
  };

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false", DATA_ROOM_MAX_FILE_MB: "1" });
    const rooms = (await core.listings.publicListings()).filter((l) => l.hasVDR && !l.sold);
    [listing, other] = rooms;
    const staff = await insertTestAccount(core, { password: "Staff123!", isAdmin: true });
    const inside = await insertTestAccount(core, {
      password: "Buyer123!",
      officialCompanyName: "Permian Partners LLC",
    });
    const outside = await insertTestAccount(core, { password: "Buyer123!" });
    await openTestDataRoom(core, inside.id, listing.ListingId);
    admin = await sessionOf(staff.email);
    buyer = await sessionOf(inside.email);
    outsider = await sessionOf(outside.email);
  });
  afterAll(() => core.close());

  it("numbers the folder tree by position: 1, 1.1, 1.2, 2", async () => {
    const id = listing.ListingId;
    const overview = await core.dataRooms.createFolder(admin, id, 0, "Test Overview", ip);
    const land = await core.dataRooms.createFolder(admin, id, 0, "Test Land", ip);
    await core.dataRooms.createFolder(admin, id, overview.id, "Maps", ip);
    await core.dataRooms.createFolder(admin, id, overview.id, "Teasers", ip);
    const { view } = await core.dataRooms.room(buyer, id, overview.id, ip);
    const mine = view.folders.filter((f) => f.name.startsWith("Test") || f.parentId === overview.id);
    const overviewNode = mine.find((f) => f.id === overview.id);
    const landNode = mine.find((f) => f.id === land.id);
    expect(Number(landNode?.index)).toBe(Number(overviewNode?.index) + 1);
    expect(mine.filter((f) => f.parentId === overview.id).map((f) => f.index)).toEqual([
      `${overviewNode?.index}.1`,
      `${overviewNode?.index}.2`,
    ]);
    await expect(core.dataRooms.createFolder(admin, id, 0, "Test Land", ip)).rejects.toMatchObject({
      status: 409,
    });
  });

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
    const id = listing.ListingId;
    const folder = await core.dataRooms.createFolder(admin, id, 0, "Uploads", ip);
    const meta = { target: "data-room" as const, listingId: id, folderId: folder.id, filename: "x" };
    const pdf = await pdfBytes();
    const [a, b] = await Promise.all([
      core.dataRooms.addUpload(admin, meta, received("../../Report.pdf", pdf), ip),
      core.dataRooms.addUpload(admin, meta, received("Report.pdf", pdf), ip),
    ]);
    expect([a.name, b.name].sort()).toEqual(["Report (2).pdf", "Report.pdf"]);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await readObject(testStorage, a.storageKey))?.equals(pdf)).toBe(true);

    const nested = await core.dataRooms.addUpload(
      admin,
      { ...meta, relativePath: "Well logs/2024/map.png" },
      received("map.png", pngBytes),
      ip,
    );
    const { view } = await core.dataRooms.room(admin, id, nested.folderId, ip);
    const path = view.folders.filter((f) => ["Well logs", "2024"].includes(f.name)).map((f) => f.name);
    expect(path).toEqual(["Well logs", "2024"]);
    expect(view.files.map((f) => f.name)).toEqual(["map.png"]);
  });

  it("refuses a mismatched type, an empty file, an unknown type and a file over the limit, storing nothing", async () => {
    const meta = { target: "data-room" as const, listingId: listing.ListingId, folderId: 0, filename: "x" };
    const before = (await core.dataRooms.room(admin, listing.ListingId, 0, ip)).view.totalFiles;
    const attempts: Array<[string, Uint8Array, RegExp]> = [
      ["fake.pdf", pngBytes, /do not match its type/],
      ["empty.pdf", new Uint8Array(0), /empty/],
      ["tool.exe", Buffer.from("MZ\u0090\u0000"), /does not take/],
      ["binary.csv", Buffer.from([0x41, 0x00, 0x42]), /do not match/],
      ["big.csv", Buffer.alloc(1024 * 1024 + 1, "a"), /larger than 1 MB/],
    ];
    for (const [name, bytes, message] of attempts) {
      await expect(core.dataRooms.addUpload(admin, meta, received(name, bytes), ip), name).rejects.toThrow(
        message,
      );
    }
    expect((await core.dataRooms.room(admin, listing.ListingId, 0, ip)).view.totalFiles).toBe(before);
  });

  it("lets only staff change a room, and nobody outside it see it", async () => {
    const meta = { target: "data-room" as const, listingId: listing.ListingId, folderId: 0, filename: "x" };
    await expect(
      core.dataRooms.addUpload(buyer, meta, received("a.csv", Buffer.from("a,b")), ip),
    ).rejects.toMatchObject({
      status: 403,
    });
    await expect(core.dataRooms.createFolder(buyer, listing.ListingId, 0, "Mine", ip)).rejects.toMatchObject({
      status: 403,
    });
    await expect(core.dataRooms.room(outsider, listing.ListingId, 0, ip)).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.dataRooms.room(null, listing.ListingId, 0, ip)).rejects.toMatchObject({ status: 404 });
    await expect(core.dataRooms.room(buyer, other.ListingId, 0, ip)).rejects.toMatchObject({ status: 404 });
  });

  it("stamps a delivered PDF for its viewer and records the watermark id; keeps notes private", async () => {
    const id = listing.ListingId;
    const file = await core.dataRooms.addUpload(
      admin,
      { target: "data-room", listingId: id, folderId: 0, filename: "x" },
      received("Teaser.pdf", await pdfBytes(3)),
      ip,
    );
    const delivery = await core.dataRooms.deliver(buyer, id, file.id, "download", ip);
    expect(delivery.kind).toBe("stamped");
    if (delivery.kind !== "stamped") return;
    const text = pdfText(delivery.bytes);
    expect(text).toContain("Confidential");
    expect(text).toContain(buyer.email);
    expect(text).toContain("Permian Partners LLC");
    expect((await PDFDocument.load(delivery.bytes)).getPageCount()).toBe(3);
    await expect(
      core.dataRooms.deliver(buyer, other.ListingId, file.id, "download", ip),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.dataRooms.deliver(outsider, id, file.id, "download", ip)).rejects.toMatchObject({
      status: 404,
    });

    const note = await core.dataRooms.insertNote(buyer, file.id, "Check the decline curve", ip);
    await core.dataRooms.insertNote(admin, file.id, "Staff note", ip);
    await expect(core.dataRooms.updateNote(admin, note.id, "Taken over", ip)).rejects.toMatchObject({
      status: 404,
    });
    await core.dataRooms.updateNote(buyer, note.id, "Decline curve looks steep", ip);
    await expect(core.dataRooms.insertNote(outsider, file.id, "Sneaky", ip)).rejects.toMatchObject({
      status: 404,
    });
    const seen = (await core.dataRooms.room(buyer, id, 0, ip)).view.files.find((f) => f.id === file.id);
    expect(seen?.note?.text).toBe("Decline curve looks steep");
    const staffSees = (await core.dataRooms.room(admin, id, 0, ip)).view.files.find((f) => f.id === file.id);
    expect(staffSees?.note?.text).toBe("Staff note");

    const events = await testDatabase(core)
      .db.selectFrom("data_room_events")
      .selectAll()
      .where("ListingId", "=", id)
      .where("userId", "=", buyer.id)
      .execute();
    const download = events.find((e) => e.event === "file-downloaded" && e.fileId === file.id);
    expect(JSON.parse(download?.detail ?? "{}").watermarkId).toBe(delivery.watermarkId);
    expect(download?.ipAddress).toBe(ip);
    expect(text).toContain(delivery.watermarkId);
    expect(new Set(events.map((e) => e.event))).toEqual(
      new Set(["folder-opened", "file-downloaded", "note-saved"]),
    );
  });

  it("renames, moves and deletes, recording each change", async () => {
    const id = listing.ListingId;
    const a = await core.dataRooms.createFolder(admin, id, 0, "Move me", ip);
    const b = await core.dataRooms.createFolder(admin, id, 0, "Target", ip);
    const file = await core.dataRooms.addUpload(
      admin,
      { target: "data-room", listingId: id, folderId: a.id, filename: "x" },
      received("notes.txt", Buffer.from("hello")),
      ip,
    );
    await core.dataRooms.rename(admin, id, { kind: "folder", id: a.id }, "Moved", ip);
    await core.dataRooms.move(admin, id, { kind: "folder", id: a.id }, b.id, ip);
    await expect(
      core.dataRooms.move(admin, id, { kind: "folder", id: b.id }, a.id, ip),
    ).rejects.toMatchObject({
      status: 400,
    });
    const { view } = await core.dataRooms.room(admin, id, a.id, ip);
    const moved = view.folders.find((f) => f.id === a.id);
    expect(moved).toMatchObject({ name: "Moved", parentId: b.id });
    await core.dataRooms.delete(admin, id, { kind: "folder", id: b.id }, ip);
    expect(await testStorage.stat(file.storageKey)).toBeUndefined();
    await expect(core.dataRooms.deliver(admin, id, file.id, "download", ip)).rejects.toMatchObject({
      status: 404,
    });
    const events = (
      await testDatabase(core)
        .db.selectFrom("data_room_events")
        .select("event")
        .where("userId", "=", admin.id)
        .execute()
    ).map((e) => e.event);
    for (const name of ["folder-created", "file-uploaded", "renamed", "moved", "deleted"])
      expect(events).toContain(name);
  });

  it("keeps secure files for their sender and staff, and mails staff", async () => {
    const file = await core.secureFiles.add(
      buyer,
      received("Lease schedule.csv", Buffer.from("lease,acres\nA,40\n")),
    );
    expect((await core.secureFiles.mine(buyer)).map((f) => f.id)).toContain(file.id);
    expect((await core.secureFiles.mine(outsider)).map((f) => f.id)).not.toContain(file.id);
    expect((await core.secureFiles.all(admin)).find((f) => f.id === file.id)?.senderEmail).toBe(buyer.email);
    await expect(core.secureFiles.file(outsider, file.id)).rejects.toMatchObject({ status: 404 });
    expect((await core.secureFiles.file(admin, file.id)).file.name).toBe("Lease schedule.csv");
    const mail = await testDatabase(core)
      .db.selectFrom("mail_outbox")
      .selectAll()
      .where("subject", "like", "New secure file%")
      .execute();
    expect(mail.map((m) => m.subject)).toContain(`New secure file from ${buyer.name}: Lease schedule.csv`);
  });
});
