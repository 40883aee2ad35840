import { execFileSync } from "node:child_process";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { pdfBytes, received, roomFixtureForSuite } from "./room-test-fixture.ts";

/** The PDF's text as pdftotext (poppler) extracts it. */
function pdfText(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-", "-"], { input: bytes }).toString();
}

describe.each(testEngines())("a data room's files leaving it ($name)", (engine) => {
  const ip = "203.0.113.7";
  const f = roomFixtureForSuite(engine);

  it("stamps a delivered PDF for its viewer and records the watermark id", async () => {
    const { core, admin, buyer } = f;
    const id = f.listing.ListingId;
    const file = await core.dataRoomUploads.add(
      admin,
      { target: "data-room", listingId: id, folderId: 0, filename: "x" },
      received("Teaser.pdf", await pdfBytes(3)),
      ip,
    );
    const delivery = await core.dataRoomDelivery.deliver(buyer, id, file.id, "download", ip);
    expect(delivery.kind).toBe("stamped");
    if (delivery.kind !== "stamped") return;
    const text = pdfText(delivery.bytes);
    expect(text).toContain("Confidential");
    expect(text).toContain(buyer.email);
    expect(text).toContain("Permian Partners LLC");
    expect(text).toContain(delivery.watermarkId);
    expect((await PDFDocument.load(delivery.bytes)).getPageCount()).toBe(3);

    const events = await testDatabase(core)
      .db.selectFrom("data_room_events")
      .selectAll()
      .where("ListingId", "=", id)
      .where("userId", "=", buyer.id)
      .execute();
    const download = events.find((e) => e.event === "file-downloaded" && e.fileId === file.id);
    expect(JSON.parse(download?.detail ?? "{}").watermarkId).toBe(delivery.watermarkId);
    expect(download?.ipAddress).toBe(ip);
  });

  it("delivers a file only inside its own room, and only to someone in it", async () => {
    const { core, admin, buyer, outsider, other } = f;
    const id = f.listing.ListingId;
    const file = await core.dataRoomUploads.add(
      admin,
      { target: "data-room", listingId: id, folderId: 0, filename: "x" },
      received("Schedule.csv", Buffer.from("lease,acres\nA,40\n")),
      ip,
    );
    expect((await core.dataRoomDelivery.deliver(buyer, id, file.id, "preview", ip)).kind).toBe("stored");
    await expect(
      core.dataRoomDelivery.deliver(buyer, other.ListingId, file.id, "download", ip),
    ).rejects.toMatchObject({ status: 404 });
    await expect(core.dataRoomDelivery.deliver(outsider, id, file.id, "download", ip)).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.dataRoomDelivery.describe(outsider, id, file.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.dataRoomDelivery.folderZip(outsider, id, 0, ip)).rejects.toMatchObject({ status: 404 });
  });
});
