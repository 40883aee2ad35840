import { describe, expect, it } from "vitest";
import { testEngines, testStorage } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { received, roomFixtureForSuite } from "./room-test-fixture.ts";

describe.each(testEngines())("staff's changes to a data room ($name)", (engine) => {
  const ip = "203.0.113.7";
  const f = roomFixtureForSuite(engine);

  it("refuses a second folder of the same name in one folder", async () => {
    const id = f.listing.ListingId;
    await f.core.dataRoomFolders.createFolder(f.admin, id, 0, "Test Land", ip);
    await expect(f.core.dataRoomFolders.createFolder(f.admin, id, 0, "Test Land", ip)).rejects.toMatchObject({
      status: 409,
    });
  });

  it("lets only staff change a room", async () => {
    await expect(
      f.core.dataRoomFolders.createFolder(f.buyer, f.listing.ListingId, 0, "Mine", ip),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      f.core.dataRoomFolders.createFolder(f.admin, f.listing.ListingId, 999_999, "Nowhere", ip),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("renames, moves and deletes, recording each change", async () => {
    const { core, admin } = f;
    const id = f.listing.ListingId;
    const a = await core.dataRoomFolders.createFolder(admin, id, 0, "Move me", ip);
    const b = await core.dataRoomFolders.createFolder(admin, id, 0, "Target", ip);
    const file = await core.dataRoomUploads.add(
      admin,
      { target: "data-room", listingId: id, folderId: a.id, filename: "x" },
      received("notes.txt", Buffer.from("hello")),
      ip,
    );
    await core.dataRoomFolders.rename(admin, id, { kind: "folder", id: a.id }, "Moved", ip);
    await core.dataRoomFolders.move(admin, id, { kind: "folder", id: a.id }, b.id, ip);
    await expect(
      core.dataRoomFolders.move(admin, id, { kind: "folder", id: b.id }, a.id, ip),
    ).rejects.toMatchObject({ status: 400 });
    const { view } = await core.dataRoomView.room(admin, id, a.id, ip);
    const moved = view.folders.find((f) => f.id === a.id);
    expect(moved).toMatchObject({ name: "Moved", parentId: b.id });
    await core.dataRoomFolders.delete(admin, id, { kind: "folder", id: b.id }, ip);
    expect(await testStorage.stat(file.storageKey)).toBeUndefined();
    await expect(core.dataRoomDelivery.deliver(admin, id, file.id, "download", ip)).rejects.toMatchObject({
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
});
