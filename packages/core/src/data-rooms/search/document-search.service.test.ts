import { DOCUMENT_SEARCH_TEXTS, type DocumentSearchResult, type SessionUser } from "@aea/domain";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { pngBytes, received, roomFixtureForSuite } from "../documents/room-test-fixture.ts";

const ip = "198.51.100.23";
const PHRASE = "saltwater disposal agreement with Wolfcamp Midstream";

/** A PDF of `pages` pages, each saying which it is; `lines` puts more text on a page by its number. */
async function reportPdf(pages: number, lines: Record<number, string> = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Reserve report, page ${n}: net revenue interest and lease operating expenses`, {
      x: 50,
      y: 700,
      size: 10,
      font,
    });
    if (lines[n]) page.drawText(lines[n], { x: 50, y: 660, size: 10, font });
  }
  return Buffer.from(await pdf.save());
}

describe.each(testEngines())("search inside a data room on $name", (engine) => {
  const f = roomFixtureForSuite(engine);
  let fileId: number;

  const search = (who: SessionUser | null, q: string, listingId = f.listing.ListingId) =>
    f.core.dataRoomSearch.search(who, listingId, q, ip);
  const names = (result: DocumentSearchResult) => result.files.map((file) => file.name).sort();
  const upload = async (listingId: number, name: string, bytes: Uint8Array) =>
    f.core.dataRoomUploads.add(
      f.admin,
      { target: "data-room", listingId, folderId: 0, filename: name },
      received(name, bytes),
      ip,
    );
  const readAll = async () => {
    while ((await f.core.jobs.runDue()) > 0) {}
  };

  beforeAll(async () => {
    const file = await upload(
      f.listing.ListingId,
      "Midstream Contracts.pdf",
      await reportPdf(9, { 7: PHRASE }),
    );
    fileId = file.id;
    await upload(
      f.listing.ListingId,
      "Well Notes.txt",
      Buffer.from("The Smith 4H leases were renewed in 2029."),
    );
    // The same contract in a room the buyer is not in.
    await upload(f.other.ListingId, "Midstream Contracts.pdf", await reportPdf(9, { 7: PHRASE }));
    await readAll();
  });

  it("finds the page a phrase is on, with the matched words marked, for a buyer and for staff", async () => {
    for (const viewer of [f.buyer, f.admin]) {
      const result = await search(viewer, "Wolfcamp saltwater disposal");
      expect(result.files).toHaveLength(1);
      const [hit] = result.files;
      expect(hit).toMatchObject({ fileId, name: "Midstream Contracts.pdf", folderId: 0, paged: true });
      expect(hit?.pages.map((p) => p.page)).toEqual([7]);
      const snippet = hit?.pages[0]?.snippet ?? [];
      expect(snippet.filter((part) => part.hit).map((part) => part.text.toLowerCase())).toEqual(
        expect.arrayContaining(["saltwater", "disposal", "wolfcamp"]),
      );
      expect(snippet.map((part) => part.text).join("")).toContain("agreement with");
    }
  });

  it("reads text files whole, and finds a word in its other forms", async () => {
    const result = await search(f.buyer, "lease renewed");
    expect(names(result)).toEqual(["Well Notes.txt"]);
    expect(result.files[0]?.paged).toBe(false);
    // "lease" is on every page of the report, too: the best pages of each file are shown, at most three.
    const broad = await search(f.buyer, "leases");
    expect(names(broad)).toEqual(expect.arrayContaining(["Midstream Contracts.pdf", "Well Notes.txt"]));
    expect(broad.files.find((file) => file.fileId === fileId)?.pages).toHaveLength(3);
  });

  it("treats the engines' query syntax as plain words, so no query widens what is found", async () => {
    const plain = await search(f.buyer, "saltwater disposal");
    expect(names(plain)).toEqual(["Midstream Contracts.pdf"]);
    for (const q of [
      '"saltwater disposal"',
      "saltwater* disposal*",
      "(saltwater) -disposal:",
      "saltwater^ {disposal}",
    ])
      expect(names(await search(f.buyer, q)), q).toEqual(names(plain));
    // NEAR is a word the contract does not hold, not FTS5's operator.
    expect((await search(f.buyer, "saltwater NEAR(disposal)")).files).toEqual([]);
    // OR is a word like any other: it does not add a second query's hits.
    expect((await search(f.buyer, "nosuchword OR saltwater")).files).toEqual([]);
    expect((await search(f.buyer, 'nosuchword" OR "saltwater')).files).toEqual([]);
    await expect(search(f.buyer, '"*" ()')).rejects.toMatchObject({
      status: 400,
      message: DOCUMENT_SEARCH_TEXTS.noWords,
    });
  });

  it("answers only inside a room the viewer may open, and never with another room's files", async () => {
    await expect(search(null, "Wolfcamp")).rejects.toMatchObject({ status: 404 });
    await expect(search(f.outsider, "Wolfcamp")).rejects.toMatchObject({ status: 404 });
    await expect(search(f.buyer, "Wolfcamp", f.other.ListingId)).rejects.toMatchObject({ status: 404 });
    const inOther = await search(f.admin, "Wolfcamp", f.other.ListingId);
    expect(inOther.files.map((file) => file.fileId)).not.toContain(fileId);
    expect(inOther.files).toHaveLength(1);
  });

  it("records each search in the room's trail", async () => {
    await search(f.buyer, "Wolfcamp Midstream");
    const event = await testDatabase(f.core)
      .db.selectFrom("data_room_events")
      .selectAll()
      .where("event", "=", "documents-searched")
      .where("userId", "=", f.buyer.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(event.ListingId).toBe(f.listing.ListingId);
    expect(JSON.parse(event.detail ?? "{}")).toMatchObject({ query: "Wolfcamp Midstream", files: 1 });
  });

  it("records a damaged PDF and an image as read without text, and searches on", async () => {
    const damaged = await upload(f.listing.ListingId, "Damaged.pdf", Buffer.from("%PDF-1.7\nnot a document"));
    const picture = await upload(f.listing.ListingId, "Map.png", pngBytes);
    await readAll();
    const states = await testDatabase(f.core)
      .db.selectFrom("data_room_file_texts")
      .select(["fileId", "state"])
      .where("fileId", "in", [damaged.id, picture.id])
      .orderBy("fileId")
      .execute();
    expect(states).toEqual([
      { fileId: damaged.id, state: "failed" },
      { fileId: picture.id, state: "no-text" },
    ]);
    expect(names(await search(f.buyer, "Wolfcamp"))).toEqual(["Midstream Contracts.pdf"]);
  });

  it("forgets a file deleted from the room", async () => {
    const notes = (await search(f.admin, "renewed")).files[0];
    expect(notes?.name).toBe("Well Notes.txt");
    await f.core.dataRoomFolders.delete(
      f.admin,
      f.listing.ListingId,
      { kind: "file", id: notes?.fileId ?? 0 },
      ip,
    );
    expect((await search(f.buyer, "renewed")).files).toEqual([]);
    const left = await testDatabase(f.core)
      .db.selectFrom("data_room_file_pages")
      .select("id")
      .where("fileId", "=", notes?.fileId ?? 0)
      .execute();
    expect(left).toEqual([]);
  });
});
