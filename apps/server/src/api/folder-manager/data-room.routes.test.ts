import { execFileSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import { insertTestAccount, openTestDataRoom, testEngines } from "@aea/core/testing";
import { DATA_ROOM_TEXTS, formatFileSize, type Listing, PAGES_VIEWED_PATH, UPLOADS_PATH } from "@aea/domain";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { RoleSessions, roleSessionsEnv, roleUser } from "../../testing/role-sessions.ts";
import { serveTestApp } from "../../testing/test-app.ts";

type Viewer = "anonymous" | "buyer" | "grantedBuyer" | "admin";
/** Buyers of their own for the Secure Files quota, with nothing sent before. */
type Sender = Viewer | "uploader" | "filer";

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

async function pdfBytes(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = 0; n < pages; n++)
    pdf.addPage([612, 792]).drawText(`Reserves page ${n + 1}`, { x: 50, y: 700 });
  return Buffer.from(await pdf.save());
}

describe.each(testEngines())("data-room doors over HTTP ($name)", (engine) => {
  const served = serveTestApp(
    engine,
    {
      ...roleSessionsEnv,
      DATA_ROOM_MAX_FILE_MB: "2",
      SECURE_FILES_QUOTA_MB: "3",
    },
    { withWebApp: false },
  );
  let base: string;
  let listing: Listing;
  let other: Listing;
  let sessions: RoleSessions;
  const cookies = new Map<Sender, string | undefined>();
  let grantedEmail: string;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
    const rooms = (await served.core.listings.publicListings()).filter((l) => l.hasVDR && !l.sold);
    [listing, other] = rooms;
    const granted = await insertTestAccount(served.core, {
      password: "Granted123!",
      officialCompanyName: "Delaware Basin Co",
    });
    grantedEmail = granted.email;
    await openTestDataRoom(served.core, granted.id, listing.ListingId);
    const login = await served.core.logins.login(granted.email, "Granted123!", false);
    if (login.status !== "ok") throw new Error("no login");
    cookies.set("anonymous", undefined);
    cookies.set("buyer", sessions.cookie("buyer"));
    cookies.set("grantedBuyer", `aea_session=${login.token}`);
    cookies.set("admin", sessions.cookie("admin"));
    for (const viewer of ["uploader", "filer"] as const) {
      const buyer = await insertTestAccount(served.core, { password: "Upload123!" });
      const session = await served.core.logins.login(buyer.email, "Upload123!", false);
      if (session.status !== "ok") throw new Error("no login");
      cookies.set(viewer, `aea_session=${session.token}`);
    }
    await served.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`;
  });

  const send = (path: string, viewer: Sender, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = cookies.get(viewer);
    if (cookie) headers.set("cookie", cookie);
    if (init.method && init.method !== "GET" && init.method !== "HEAD") headers.set("origin", base);
    return fetch(`${base}${path}`, { ...init, headers });
  };

  /** Starts a tus upload; answers the response (Location on success). */
  const create = (viewer: Sender, size: number, fields: Record<string, string>) =>
    send(UPLOADS_PATH, viewer, {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(size),
        "Upload-Metadata": metadata(fields),
      },
    });
  const patch = (viewer: Sender, location: string, offset: number, bytes: Uint8Array) =>
    send(location, viewer, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      },
      body: bytes,
    });

  const room = (fields: Record<string, string> = {}) => ({
    target: "data-room",
    listingId: String(listing.ListingId),
    folderId: "0",
    ...fields,
  });

  let pdfFileId: number;

  it("takes an upload in two parts, resuming from the offset the server reports", async () => {
    const pdf = await pdfBytes(4);
    const created = await create(
      "admin",
      pdf.length,
      room({ filename: "Reserves report.pdf", filetype: "application/pdf" }),
    );
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("location") ?? "", base).pathname;
    const half = Math.floor(pdf.length / 2);
    expect((await patch("admin", location, 0, pdf.subarray(0, half))).status).toBe(204);
    // The connection "drops"; the client asks where to go on.
    const head = await send(location, "admin", { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" } });
    expect(head.headers.get("upload-offset")).toBe(String(half));
    // Nobody else may resume it.
    expect((await patch("grantedBuyer", location, half, pdf.subarray(half))).status).toBe(404);
    const finished = await patch("admin", location, half, pdf.subarray(half));
    expect(finished.status).toBe(204);
    const result = JSON.parse(finished.headers.get("upload-result") ?? "{}");
    expect(result.name).toBe("Reserves report.pdf");
    pdfFileId = result.id;
  });

  it("refuses a mismatched type, an empty file and one over the limit, in plain words", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex");
    const created = await create("admin", png.length, room({ filename: "disguised.pdf" }));
    const location = new URL(created.headers.get("location") ?? "", base).pathname;
    const refused = await patch("admin", location, 0, png);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("do not match its type");
    expect((await create("admin", 0, room({ filename: "empty.pdf" }))).status).toBe(400);
    expect((await create("admin", 3 * 1024 * 1024, room({ filename: "huge.pdf" }))).status).toBe(413);
  });

  it("lets only staff upload to a room, and only signed-in people upload at all", async () => {
    expect((await create("anonymous", 10, room({ filename: "a.csv" }))).status).toBe(401);
    expect((await create("buyer", 10, room({ filename: "a.csv" }))).status).toBe(404);
    expect((await create("grantedBuyer", 10, room({ filename: "a.csv" }))).status).toBe(403);
    expect((await create("buyer", 10, { target: "secure-files", filename: "a.csv" })).status).toBe(201);
  });

  it("serves a file to those in the room only: stamped PDFs, byte ranges, 404 for anyone else", async () => {
    const path = `/deals/${listing.ListingId}/data-room/files/${pdfFileId}`;
    const expected: Record<Viewer, number> = { anonymous: 404, buyer: 404, grantedBuyer: 200, admin: 200 };
    for (const viewer of Object.keys(expected) as Viewer[]) {
      expect((await send(path, viewer)).status, viewer).toBe(expected[viewer]);
      expect((await send(`${path}/preview`, viewer)).status, viewer).toBe(expected[viewer]);
    }
    const download = await send(path, "grantedBuyer");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
    const text = execFileSync("pdftotext", ["-", "-"], {
      input: Buffer.from(await download.arrayBuffer()),
    }).toString();
    expect(text).toContain(grantedEmail);
    expect(text).toContain("Confidential");
    expect(text).toContain("Delaware Basin Co");
    // Another listing's URL with this file's id is as missing as a file that never was.
    expect((await send(`/deals/${other.ListingId}/data-room/files/${pdfFileId}`, "admin")).status).toBe(404);
    expect((await send(`/deals/${listing.ListingId}/data-room/files/99999999`, "admin")).status).toBe(404);

    const csv = Buffer.from("well,oil\nA-1,120\nA-2,95\n");
    const created = await create("admin", csv.length, room({ filename: "production.csv" }));
    const finished = await patch(
      "admin",
      new URL(created.headers.get("location") ?? "", base).pathname,
      0,
      csv,
    );
    const csvId = JSON.parse(finished.headers.get("upload-result") ?? "{}").id;
    const ranged = await send(`/deals/${listing.ListingId}/data-room/files/${csvId}`, "grantedBuyer", {
      headers: { range: "bytes=0-3" },
    });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("well");
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-3/${csv.length}`);
  });

  it("zips a folder for those in the room", async () => {
    const path = `/deals/${listing.ListingId}/data-room/folders/0/zip`;
    expect((await send(path, "buyer")).status).toBe(404);
    const zip = await send(path, "grantedBuyer");
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
  });

  it("keeps notes per viewer, and changes folders for staff only", async () => {
    const note = (viewer: Viewer, body: object, path = "/api/FolderManager/InsertFileNotes") =>
      send(path, viewer, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await note("anonymous", { fileId: pdfFileId, note: "x" })).status).toBe(401);
    expect((await note("buyer", { fileId: pdfFileId, note: "x" })).status).toBe(404);
    expect((await note("grantedBuyer", { fileId: pdfFileId, note: "" })).status).toBe(400);
    const saved = await note("grantedBuyer", { fileId: pdfFileId, note: "Ask about the PDP decline" });
    expect(saved.status).toBe(200);
    const { noteId } = (await saved.json()) as { noteId: number };
    expect(
      (await note("admin", { noteId, note: "overwrite" }, "/api/FolderManager/UpdateFileNotes")).status,
    ).toBe(404);
    expect(
      (await note("grantedBuyer", { noteId, note: "Updated" }, "/api/FolderManager/UpdateFileNotes")).status,
    ).toBe(200);

    const folder = (viewer: Viewer) =>
      note(
        viewer,
        { listingId: listing.ListingId, parentId: 0, name: "Staff only" },
        "/api/FolderManager/CreateFolder",
      );
    expect((await folder("grantedBuyer")).status).toBe(403);
    expect((await folder("buyer")).status).toBe(404);
    expect((await folder("admin")).status).toBe(200);
  });

  it("records the pages a preview showed as one event counted in the buyer's engagement score", async () => {
    const report = (viewer: Viewer, body: object) =>
      send(PAGES_VIEWED_PATH, viewer, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const events = () =>
      served.core.dataRoomActivity.forListing(roleUser("admin"), listing.ListingId, {
        page: 1,
        event: "pages-viewed",
      });
    const before = (await events()).pagination.total;
    const bad = await report("grantedBuyer", {
      listingId: listing.ListingId,
      fileId: pdfFileId,
      pages: 10_001,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("pages must be at most 5,000");
    expect(
      (await report("buyer", { listingId: listing.ListingId, fileId: pdfFileId, pages: 4 })).status,
    ).toBe(404);
    expect((await events()).pagination.total).toBe(before);

    expect(
      (await report("grantedBuyer", { listingId: listing.ListingId, fileId: pdfFileId, pages: 4 })).status,
    ).toBe(200);
    const [event] = (await events()).entries;
    expect(event).toMatchObject({
      userEmail: grantedEmail,
      detail: { name: "Reserves report.pdf", pages: 4 },
    });
    await served.core.engagement.recompute();
    const board = await served.core.engagement.forListing(roleUser("admin"), listing.ListingId);
    const pages = board.buyers
      .find((b) => b.email === grantedEmail)
      ?.parts.find((p) => p.key === "pagesViewed");
    expect(pages).toMatchObject({ count: 4, points: 0.8 });
  });

  it("sends a secure file to its sender and staff only", async () => {
    const csv = Buffer.from("lease,acres\nSmith,40\n");
    const created = await create("grantedBuyer", csv.length, {
      target: "secure-files",
      filename: "leases.csv",
    });
    const finished = await patch(
      "grantedBuyer",
      new URL(created.headers.get("location") ?? "", base).pathname,
      0,
      csv,
    );
    const { id } = JSON.parse(finished.headers.get("upload-result") ?? "{}");
    expect((await send(`/secure-files/${id}`, "grantedBuyer")).status).toBe(200);
    expect((await send(`/secure-files/${id}`, "admin")).status).toBe(200);
    expect((await send(`/secure-files/${id}`, "buyer")).status).toBe(404);
    expect((await send(`/secure-files/${id}`, "anonymous")).status).toBe(404);
  });

  const secureFile = (name: string) => ({ target: "secure-files", filename: name });
  const locationOf = (response: Response) => new URL(response.headers.get("location") ?? "", base).pathname;

  it("lets a buyer have 5 unfinished uploads at a time; cancelling one makes room", async () => {
    const started: Response[] = [];
    for (let n = 1; n <= 5; n++) started.push(await create("uploader", 100, secureFile(`part${n}.csv`)));
    expect(started.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const sixth = await create("uploader", 100, secureFile("part6.csv"));
    expect(sixth.status).toBe(429);
    expect(JSON.parse(await sixth.text()).message).toBe(DATA_ROOM_TEXTS.tooManyOpenUploads(5));

    const cancelled = await send(locationOf(started[0] as Response), "uploader", {
      method: "DELETE",
      headers: { "Tus-Resumable": "1.0.0" },
    });
    expect(cancelled.status).toBe(204);
    expect((await create("uploader", 100, secureFile("part6.csv"))).status).toBe(201);
    // Staff uploading to a data room are not counted.
    for (let n = 1; n <= 6; n++)
      expect((await create("admin", 100, room({ filename: `staff${n}.csv` }))).status).toBe(201);
  });

  it("refuses an upload that would take a buyer past SECURE_FILES_QUOTA_MB: files kept plus unfinished ones", async () => {
    const MB = 1024 * 1024;
    // A kept file (1 MB): finishing it ends its reservation and it counts as stored.
    const csv = Buffer.alloc(MB, "lease,acres\nSmith,40\n");
    const kept = await create("filer", csv.length, secureFile("leases.csv"));
    expect((await patch("filer", locationOf(kept), 0, csv)).status).toBe(204);
    // An unfinished one (1.5 MB) reserves its declared size.
    expect((await create("filer", 1.5 * MB, secureFile("seismic.csv"))).status).toBe(201);

    const over = await create("filer", MB, secureFile("more.csv"));
    expect(over.status).toBe(413);
    expect(JSON.parse(await over.text()).message).toBe(
      DATA_ROOM_TEXTS.quotaFull(formatFileSize(3 * MB), formatFileSize(0.5 * MB)),
    );
    expect((await create("filer", 0.5 * MB, secureFile("fits.csv"))).status).toBe(201);
    expect((await create("filer", 1, secureFile("one-byte-more.csv"))).status).toBe(413);
  });

  it("refuses an upload of unknown length (Upload-Defer-Length) with a message", async () => {
    const deferred = await send(UPLOADS_PATH, "buyer", {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Defer-Length": "1",
        "Upload-Metadata": metadata(secureFile("endless.csv")),
      },
    });
    expect(deferred.status).toBe(400);
    expect(JSON.parse(await deferred.text()).message).toBe(DATA_ROOM_TEXTS.sizeRequired);
  });

  it("answers tus requests with the security headers of every reply and grants no other origin CORS", async () => {
    const created = await create("admin", 100, room({ filename: "headers.csv" }));
    const head = await send(locationOf(created), "admin", {
      method: "HEAD",
      headers: { "Tus-Resumable": "1.0.0", origin: "https://evil.test" },
    });
    for (const response of [created, head]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
  });
});
