import { execFileSync } from "node:child_process";
import type { Readable } from "node:stream";
import { displayName, type Listing, type SessionUser } from "@aea/domain";
import { degrees, PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { ZipFile } from "yazl";
import type { Core } from "../../core.ts";
import { insertTestAccount, openTestDataRoom } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { received } from "./room-test-fixture.ts";

type Account = Awaited<ReturnType<typeof insertTestAccount>>;

/** Issue 20, findings 1 and 9: what a stamped copy says, and which files are stamped. */

/** The name a buyer gave themselves to pose as another buyer and push their own email off the page. */
const FORGED = { firstName: "Ben Whitaker - buyer@anticline.test -", lastName: "W".repeat(100) };

/** Each page of the test PDF: its size, and the box (pdftotext's coordinates, y down) a reader sees. */
const PAGES = [
  { name: "letter", size: [612, 792], visible: [0, 0, 612, 792] },
  { name: "landscape", size: [842, 595], visible: [0, 0, 842, 595] },
  { name: "tiny", size: [144, 90], visible: [0, 0, 144, 90] },
  { name: "turned", size: [612, 792], rotate: 90, visible: [0, 0, 792, 612] },
  // Crop box 100,100 to 400,400 in PDF space: 392 to 692 from the top of the 792-point media box.
  { name: "cropped", size: [612, 792], crop: [100, 100, 300, 300], visible: [100, 392, 400, 692] },
] as const;

async function testPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const spec of PAGES) {
    const page = pdf.addPage([...spec.size]);
    page.drawText(
      spec.name,
      "crop" in spec ? { x: 150, y: 300, size: 8 } : { x: 20, y: spec.size[1] / 2, size: 8 },
    );
    if ("rotate" in spec) page.setRotation(degrees(spec.rotate));
    if ("crop" in spec) page.setCropBox(...spec.crop);
  }
  return Buffer.from(await pdf.save());
}

async function bytesOf(stream: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function zipOf(entries: Record<string, Uint8Array>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  return bytesOf(zip.outputStream);
}

async function unzipped(stream: Readable): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(await bytesOf(stream));
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith("/")) continue;
    const body = await zip.openReadStreamPromise(entry);
    files.set(entry.fileName, await bytesOf(body));
  }
  return files;
}

const pdfText = (bytes: Uint8Array, mode: string[] = []) =>
  execFileSync("pdftotext", [...mode, "-", "-"], { input: bytes }).toString();

/** Each page's words and where pdftotext finds them. */
function pageWords(bytes: Uint8Array) {
  const xhtml = pdfText(bytes, ["-bbox"]);
  return [...xhtml.matchAll(/<page [^>]*>([\s\S]*?)<\/page>/g)].map((page) =>
    [
      ...(page[1] ?? "").matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({ box: [1, 2, 3, 4].map((n) => Number(m[n])), text: m[5] ?? "" })),
  );
}

describe.each(testEngines())("stamped copies ($name)", (engine) => {
  let core: Core;
  let listing: Listing;
  let admin: SessionUser;
  let adminUser: Account;
  let buyerUser: Account;
  let buyer: SessionUser;
  const ip = "203.0.113.20";

  const upload = (name: string, bytes: Uint8Array, folderId = 0) =>
    core.dataRoomUploads.add(
      admin,
      { target: "data-room", listingId: listing.ListingId, folderId, filename: name },
      received(name, bytes),
      ip,
    );

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
    listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !l.sold) as Listing;
    adminUser = await insertTestAccount(core, {
      password: "Staff123!",
      isAdmin: true,
      firstName: "Ada",
      lastName: "Staffer",
    });
    buyerUser = await insertTestAccount(core, {
      password: "Buyer123!",
      officialCompanyName: "Forged Oil LLC",
    });
    await openTestDataRoom(core, buyerUser.id, listing.ListingId);
    // The attack: the buyer names themselves as another buyer, then opens a PDF.
    const profile = await core.profiles.profile(buyerUser.id);
    if (!profile) throw new Error("no profile");
    await core.profiles.updateProfile({ id: buyerUser.id, impersonatorId: null }, { ...profile, ...FORGED });
    admin = core.sessions.sessionUser(adminUser);
    buyerUser = (await core.accounts.findUserByEmail(buyerUser.email)) as Account;
    buyer = core.sessions.sessionUser(buyerUser);
  });
  afterAll(() => core.close());

  it("prints the verified email, time and watermark id inside every page, whatever the name", async () => {
    expect(buyer.name).toContain("WWWW");
    const file = await upload("Sizes.pdf", await testPdf());
    const delivery = await core.dataRoomDelivery.deliver(buyer, listing.ListingId, file.id, "download", ip);
    if (delivery.kind !== "stamped") throw new Error("not stamped");
    const pages = pageWords(delivery.bytes);
    expect(pages).toHaveLength(PAGES.length);
    const rawPages = pdfText(delivery.bytes, ["-raw"]).split("\f");
    for (const [n, spec] of PAGES.entries()) {
      const words = pages[n] ?? [];
      const text = words.map((w) => w.text).join(" ");
      expect(text, spec.name).toContain(buyer.email);
      expect(text, spec.name).toContain(delivery.watermarkId);
      expect(text, spec.name).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      const [left, top, right, bottom] = spec.visible;
      for (const { box, text: word } of words) {
        expect(box[0], `${spec.name}: ${word}`).toBeGreaterThanOrEqual(left - 0.5);
        expect(box[1], `${spec.name}: ${word}`).toBeGreaterThanOrEqual(top - 0.5);
        expect(box[2], `${spec.name}: ${word}`).toBeLessThanOrEqual(right + 0.5);
        expect(box[3], `${spec.name}: ${word}`).toBeLessThanOrEqual(bottom + 0.5);
      }
      // The diagonal band carries the email (pdftotext reads it a letter a line), not the typed name.
      const letters = (rawPages[n] ?? "").replace(/\s/g, "");
      expect(letters.split(buyer.email).length - 1, spec.name).toBeGreaterThanOrEqual(2);
      expect(letters, spec.name).not.toContain("W".repeat(30));
    }
    // The name is there, shortened with an ellipsis, after the parts nobody can forge.
    const letter = pdfText(delivery.bytes).split("\f")[0] ?? "";
    const footer = letter.split("\n").find((line) => line.startsWith("Confidential -")) ?? "";
    expect(footer.indexOf(buyer.email)).toBeLessThan(footer.indexOf("Ben Whitaker"));
    expect(footer).toContain("W\u2026");
  });

  it("stamps a PDF by its bytes, not its name: renamed, stored under another type, in a folder zip", async () => {
    const folder = await core.dataRoomFolders.createFolder(admin, listing.ListingId, 0, "Renamed", ip);
    const file = await upload("Report.pdf", await testPdf(), folder.id);
    await core.dataRoomFolders.rename(
      admin,
      listing.ListingId,
      { kind: "file", id: file.id },
      "Report.pdf.bak",
      ip,
    );
    const renamed = await core.dataRoomDelivery.deliver(buyer, listing.ListingId, file.id, "download", ip);
    expect(renamed.kind).toBe("stamped");

    // A row whose stored type does not say PDF (kept from before types were checked): the bytes decide.
    const legacy = await upload("Scan.pdf", await testPdf(), folder.id);
    await testDatabase(core)
      .db.updateTable("data_room_files")
      .set({ name: "Scan.bin", contentType: "application/octet-stream" })
      .where("id", "=", legacy.id)
      .execute();
    const sniffed = await core.dataRoomDelivery.deliver(buyer, listing.ListingId, legacy.id, "preview", ip);
    if (sniffed.kind !== "stamped") throw new Error("the renamed PDF went out unstamped");
    expect(pdfText(sniffed.bytes)).toContain(sniffed.watermarkId);

    const zip = await core.dataRoomDelivery.folderZip(buyer, listing.ListingId, folder.id, ip);
    const entries = await unzipped(zip.body);
    expect([...entries.keys()].sort()).toEqual(["Report.pdf.bak", "Scan.bin"]);
    for (const [name, bytes] of entries) expect(pdfText(bytes), name).toContain(buyer.email);

    // Not a PDF: sent as stored.
    const csv = await upload("Wells.csv", Buffer.from("well,bopd\nA-1,40\n"), folder.id);
    expect((await core.dataRoomDelivery.deliver(buyer, listing.ListingId, csv.id, "download", ip)).kind).toBe(
      "stored",
    );
  });

  it("refuses an archive holding a PDF at any depth, or one it cannot look into; takes one without", async () => {
    const pdf = await testPdf();
    const before = (await core.dataRoomView.room(admin, listing.ListingId, 0, ip)).view.totalFiles;
    const attempts: Array<[string, Buffer, RegExp]> = [
      [
        "Reports.zip",
        await zipOf({ "Reports/Teaser.pdf": pdf }),
        /Reports.zip holds a PDF \(Reports\/Teaser.pdf\)/,
      ],
      ["Unnamed.zip", await zipOf({ "scan-0001": pdf }), /holds a PDF \(scan-0001\)/],
      [
        "Nested.zip",
        await zipOf({ "inner.zip": await zipOf({ "deep/logs.dat": pdf }) }),
        /holds a PDF \(inner.zip\/deep\/logs.dat\)/,
      ],
      ["Letter.docx", await zipOf({ "word/document.xml": Buffer.from("<w/>"), "a.pdf": pdf }), /holds a PDF/],
      ["Damaged.zip", (await zipOf({ "a.csv": Buffer.from("a,b") })).subarray(0, 60), /could not be checked/],
    ];
    for (const [name, bytes, message] of attempts)
      await expect(upload(name, bytes), name).rejects.toThrow(message);
    expect((await core.dataRoomView.room(admin, listing.ListingId, 0, ip)).view.totalFiles).toBe(before);

    const clean = await upload(
      "Logs.zip",
      await zipOf({
        "logs/a.las": Buffer.from("~V\n"),
        "maps.zip": await zipOf({ "m.csv": Buffer.from("x") }),
      }),
    );
    expect(clean.contentType).toBe("application/zip");
  });

  it("stamps a copy opened while staff view as the buyer with the staff member's name and email", async () => {
    const file = await upload("Viewed as.pdf", await testPdf());
    const viewingAs = core.sessions.sessionUser(buyerUser, adminUser.id);
    const delivery = await core.dataRoomDelivery.deliver(
      viewingAs,
      listing.ListingId,
      file.id,
      "preview",
      ip,
    );
    if (delivery.kind !== "stamped") throw new Error("not stamped");
    const text = pdfText(delivery.bytes);
    expect(text).toContain(
      `viewed by staff ${displayName(adminUser)} (${adminUser.email}) as Ben Whitaker - buyer@anticline.test - W`,
    );
    expect(text).toContain(delivery.watermarkId);
    const letters = pdfText(delivery.bytes, ["-raw"]).replace(/\s/g, "");
    expect(letters).toContain(`Viewedbystaff-${adminUser.email}`);

    const zip = await core.dataRoomDelivery.folderZip(viewingAs, listing.ListingId, 0, ip);
    const entries = await unzipped(zip.body);
    expect(pdfText(entries.get("Viewed as.pdf") ?? Buffer.alloc(0))).toContain(
      `viewed by staff ${displayName(adminUser)} (${adminUser.email})`,
    );
  });
});
