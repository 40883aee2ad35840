import { describe, expect, it } from "vitest";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { pdfBytes, received, roomFixtureForSuite } from "./room-test-fixture.ts";

describe.each(testEngines())("a data room as its viewer sees it ($name)", (engine) => {
  const ip = "203.0.113.7";
  const f = roomFixtureForSuite(engine);

  it("numbers the folder tree by position: 1, 1.1, 1.2, 2", async () => {
    const { core, admin, buyer } = f;
    const id = f.listing.ListingId;
    const overview = await core.dataRoomFolders.createFolder(admin, id, 0, "Test Overview", ip);
    const land = await core.dataRoomFolders.createFolder(admin, id, 0, "Test Land", ip);
    await core.dataRoomFolders.createFolder(admin, id, overview.id, "Maps", ip);
    await core.dataRoomFolders.createFolder(admin, id, overview.id, "Teasers", ip);
    const { view } = await core.dataRoomView.room(buyer, id, overview.id, ip);
    const mine = view.folders.filter((f) => f.name.startsWith("Test") || f.parentId === overview.id);
    const overviewNode = mine.find((f) => f.id === overview.id);
    const landNode = mine.find((f) => f.id === land.id);
    expect(Number(landNode?.index)).toBe(Number(overviewNode?.index) + 1);
    expect(mine.filter((f) => f.parentId === overview.id).map((f) => f.index)).toEqual([
      `${overviewNode?.index}.1`,
      `${overviewNode?.index}.2`,
    ]);
  });

  it("shows a room to nobody outside it: the same 404 as a missing listing", async () => {
    const { core, buyer, outsider, listing, other } = f;
    await expect(core.dataRoomView.room(outsider, listing.ListingId, 0, ip)).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.dataRoomView.room(null, listing.ListingId, 0, ip)).rejects.toMatchObject({
      status: 404,
    });
    await expect(core.dataRoomView.room(buyer, other.ListingId, 0, ip)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("keeps each viewer's notes private to them, and records opening and noting", async () => {
    const { core, admin, buyer, outsider } = f;
    const id = f.listing.ListingId;
    const file = await core.dataRoomUploads.add(
      admin,
      { target: "data-room", listingId: id, folderId: 0, filename: "x" },
      received("Notes target.pdf", await pdfBytes()),
      ip,
    );
    const note = await core.dataRoomView.insertNote(buyer, file.id, "Check the decline curve", ip);
    await core.dataRoomView.insertNote(admin, file.id, "Staff note", ip);
    await expect(core.dataRoomView.updateNote(admin, note.id, "Taken over", ip)).rejects.toMatchObject({
      status: 404,
    });
    await core.dataRoomView.updateNote(buyer, note.id, "Decline curve looks steep", ip);
    await expect(core.dataRoomView.insertNote(outsider, file.id, "Sneaky", ip)).rejects.toMatchObject({
      status: 404,
    });
    const seen = (await core.dataRoomView.room(buyer, id, 0, ip)).view.files.find((f) => f.id === file.id);
    expect(seen?.note?.text).toBe("Decline curve looks steep");
    const staffSees = (await core.dataRoomView.room(admin, id, 0, ip)).view.files.find(
      (f) => f.id === file.id,
    );
    expect(staffSees?.note?.text).toBe("Staff note");

    const events = await testDatabase(core)
      .db.selectFrom("data_room_events")
      .selectAll()
      .where("ListingId", "=", id)
      .where("userId", "=", buyer.id)
      .execute();
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(["folder-opened", "note-saved"]));
    expect(events.find((e) => e.event === "note-saved")).toMatchObject({ fileId: file.id, ipAddress: ip });
  });
});
