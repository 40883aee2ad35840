import { insertTestStaff } from "@aea/core/testing";
import { isSold, listingFormSchema } from "@aea/domain";
import { type ApiWriteCase, notAPrivateBuyer, outsideTheRoom } from "../api-write-matrix.ts";
import type { MatrixFixtures } from "../matrix-fixtures.ts";

/** The n-th public deal with a data room that takes new buyers. */
const dataRoomDealId = async (f: MatrixFixtures, n: number) => {
  const deals = (await f.core.listings.publicListings()).filter((d) => d.hasVDR && !isSold(d));
  const deal = deals[n];
  if (!deal) throw new Error("the demo data lacks public deals with a data room");
  return deal.ListingId;
};

/** The listing's access code (random here: the matrix's core is no local demo). */
const accessCodeOf = async (f: MatrixFixtures, listingId: number) => {
  const listing = await f.core.listings.findById(listingId);
  return listing ? f.core.accessCodes.accessCode(listing) : "";
};

/** A demo data room every admin may open and no role's buyer was let into, with one of its files. */
async function demoRoom(f: MatrixFixtures) {
  const listing = (await f.core.listings.publicListings()).find((l) => l.hasVDR && !l.sold);
  if (!listing) throw new Error("no demo data room");
  const admin = await f.core.accounts.findUser(f.sessions.account("admin").id);
  if (!admin) throw new Error("no admin");
  const staff = f.core.sessions.sessionUser(admin);
  const top = await f.core.dataRoomView.room(staff, listing.ListingId, 0, null);
  const folderId = top.view.folders[0]?.id ?? 0;
  const { view } = await f.core.dataRoomView.room(staff, listing.ListingId, folderId, null);
  const fileId = view.files[0]?.id;
  if (!fileId) throw new Error("the demo room has no files");
  /** A folder of the room's own for one request to change. */
  const newFolder = async () =>
    (await f.core.dataRoomFolders.createFolder(staff, listing.ListingId, 0, f.unique("matrix folder"), null))
      .id;
  return { listingId: listing.ListingId, fileId, staff, newFolder };
}

const tusHeaders = { "tus-resumable": "1.0.0" };

/** A listing of the matrix's own, so picture uploads never touch the shared demo pictures. */
const STAFF_LISTING_ID = 99_500;
async function staffListing(f: MatrixFixtures) {
  const existing = await f.core.listings.findById(STAFF_LISTING_ID);
  if (existing) return existing;
  return f.core.listingEditing.create(
    await insertTestStaff(f.core),
    listingFormSchema.parse({
      ListingId: String(STAFF_LISTING_ID),
      Header: "Matrix listing",
      PLSCode: "PP",
      status: "ACTIVE",
      locationId: "1",
    }),
    null,
  );
}
/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const multipartPicture = () => {
  const png = PNG;
  const boundary = "matrix-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body as unknown as object,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
};
/** Data-room, deal and listing writes: buyers in and out of rooms and private deals, staff editing listings. */
export const listingWrites: ApiWriteCase[] = [
  {
    // The preview's report of pages drawn, for the engagement score (issue 23).
    route: "POST /api/FolderManager/PagesViewed",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => {
      const room = await demoRoom(f);
      return {
        url: "/api/FolderManager/PagesViewed",
        payload: { listingId: room.listingId, fileId: room.fileId, pages: 3 },
      };
    },
  },
  {
    route: "POST /api/FolderManager/InsertFileNotes",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => ({
      url: "/api/FolderManager/InsertFileNotes",
      payload: { fileId: (await demoRoom(f)).fileId, note: "Matrix note" },
    }),
  },
  {
    route: "POST /api/FolderManager/UpdateFileNotes",
    name: "the admin role's own note",
    // Notes are private: management (another admin) may not touch the admin's note either.
    admitted: 200,
    perObject: { ...outsideTheRoom, management: 404 },
    request: async (f) => {
      const room = await demoRoom(f);
      const note = await f.core.dataRoomView.insertNote(room.staff, room.fileId, "Admin's note", null);
      return { url: "/api/FolderManager/UpdateFileNotes", payload: { noteId: note.id, note: "Rewritten" } };
    },
  },
  {
    route: "POST /api/FolderManager/CreateFolder",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => ({
      url: "/api/FolderManager/CreateFolder",
      payload: { listingId: (await demoRoom(f)).listingId, parentId: 0, name: f.unique("New folder") },
    }),
  },
  {
    route: "POST /api/FolderManager/Rename",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => {
      const room = await demoRoom(f);
      const id = await room.newFolder();
      return {
        url: "/api/FolderManager/Rename",
        payload: { listingId: room.listingId, kind: "folder", id, name: f.unique("Renamed") },
      };
    },
  },
  {
    route: "POST /api/FolderManager/Move",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => {
      const room = await demoRoom(f);
      const [id, into] = [await room.newFolder(), await room.newFolder()];
      return {
        url: "/api/FolderManager/Move",
        payload: { listingId: room.listingId, kind: "folder", id, folderId: into },
      };
    },
  },
  {
    route: "POST /api/FolderManager/Delete",
    admitted: 200,
    perObject: outsideTheRoom,
    request: async (f) => {
      const room = await demoRoom(f);
      return {
        url: "/api/FolderManager/Delete",
        payload: { listingId: room.listingId, kind: "folder", id: await room.newFolder() },
      };
    },
  },
  {
    route: "POST /api/FolderManager/uploads",
    name: "start a Secure Files upload",
    admitted: 201,
    request: () => ({
      url: "/api/FolderManager/uploads",
      headers: {
        ...tusHeaders,
        "upload-length": "12",
        "upload-metadata": `target ${Buffer.from("secure-files").toString("base64")},filename ${Buffer.from("a.csv").toString("base64")}`,
      },
    }),
  },
  {
    route: "POST /api/FolderManager/uploads",
    name: "start a data-room upload",
    admitted: 201,
    perObject: outsideTheRoom,
    request: async (f) => {
      const meta = {
        target: "data-room",
        listingId: String((await demoRoom(f)).listingId),
        filename: "a.csv",
      };
      return {
        url: "/api/FolderManager/uploads",
        headers: {
          ...tusHeaders,
          "upload-length": "12",
          "upload-metadata": Object.entries(meta)
            .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
            .join(","),
        },
      };
    },
  },
  {
    route: "PATCH /api/FolderManager/uploads/:uploadId",
    name: "an upload that is not the caller's",
    admitted: 404,
    request: () => ({
      url: "/api/FolderManager/uploads/0123456789abcdef0123456789abcdef",
      headers: { ...tusHeaders, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      payload: Buffer.from("x") as unknown as object,
    }),
  },
  {
    route: "DELETE /api/FolderManager/uploads/:uploadId",
    name: "an upload that is not the caller's",
    admitted: 404,
    request: () => ({
      url: "/api/FolderManager/uploads/0123456789abcdef0123456789abcdef",
      headers: tusHeaders,
    }),
  },
  {
    route: "POST /api/Advisors/LikeDeal",
    name: "like a public deal",
    admitted: 200,
    request: (f) => ({ url: `/api/Advisors/LikeDeal?listingId=${f.publicDealId}&liked=true` }),
  },
  {
    route: "POST /api/Advisors/LikeDeal",
    name: "like a private deal",
    admitted: 200,
    perObject: notAPrivateBuyer,
    request: (f) => ({ url: `/api/Advisors/LikeDeal?listingId=${f.privateDealId}&liked=true` }),
  },
  {
    route: "POST /api/Advisors/GrantDueDiligenceAccess",
    name: "enter a public deal's access code",
    admitted: 200,
    request: async (f) => {
      const listingId = await dataRoomDealId(f, 0);
      return {
        url: "/api/Advisors/GrantDueDiligenceAccess",
        payload: { code: await accessCodeOf(f, listingId), listingId },
      };
    },
  },
  {
    route: "POST /api/Advisors/GrantDueDiligenceAccess",
    name: "enter a private deal's access code",
    admitted: 200,
    perObject: notAPrivateBuyer,
    request: async (f) => {
      const deal = (await f.core.listings.privateListings()).find((d) => d.hasVDR && !isSold(d));
      const listingId = deal?.ListingId ?? 0;
      return {
        url: "/api/Advisors/GrantDueDiligenceAccess",
        payload: { code: await accessCodeOf(f, listingId), listingId },
      };
    },
  },
  {
    route: "POST /api/Advisors/RequestDueDiligenceAccess",
    admitted: 200,
    request: async (f) => ({
      url: "/api/Advisors/RequestDueDiligenceAccess",
      payload: { listingId: await dataRoomDealId(f, 1), message: "Matrix request" },
    }),
  },
  {
    route: "POST /api/Advisors/UpdateListing",
    admitted: 200,
    request: async (f) => {
      const listing = await staffListing(f);
      return {
        url: `/api/Advisors/UpdateListing?listingId=${listing.ListingId}`,
        payload: { Header: "Matrix listing, edited", updatedDate: listing.updatedDate },
      };
    },
  },
  {
    route: "PUT /api/Admin/UpdateListingWebSettings",
    admitted: 200,
    request: async (f) => ({
      url: "/api/Admin/UpdateListingWebSettings",
      payload: { listingId: (await staffListing(f)).ListingId, isPreMarketing: true },
    }),
  },
  ...(["Cover", "Logo", "Tombstone"] as const).flatMap((source) => [
    {
      route: `POST /api/Advisors/Update${source}Image`,
      admitted: 200,
      request: async (f: MatrixFixtures) => ({
        url: `/api/Advisors/Update${source}Image?listingId=${(await staffListing(f)).ListingId}`,
        ...multipartPicture(),
      }),
    },
    {
      route: `POST /api/Advisors/Clear${source}Image`,
      admitted: 200,
      request: async (f: MatrixFixtures) => ({
        url: `/api/Advisors/Clear${source}Image?listingId=${(await staffListing(f)).ListingId}`,
      }),
    },
  ]),
];
