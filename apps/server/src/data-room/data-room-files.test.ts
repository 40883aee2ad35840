import { execFileSync } from "node:child_process";
import { Readable } from "node:stream";
import { SESSION_COOKIE } from "@aea/core";
import { insertTestAccount, openTestDataRoom, testDatabase, testEngines } from "@aea/core/testing";
import { isSold, type Listing, type SessionUser } from "@aea/domain";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { sameSiteRequests } from "../testing/same-site-requests.ts";
import { serveTestApp } from "../testing/test-app.ts";

const origin = "http://localhost:3000";
const PASSWORD = "Files2030!";

/**
 * Issue 20, findings 1 and 9, over HTTP: a buyer who renames themselves as another buyer still gets
 * a copy naming their own email, and a HEAD request answers headers only, stamping and recording nothing.
 */
describe.each(testEngines())("data-room files over HTTP on $name", (engine) => {
  const served = serveTestApp(engine, { SEED_DEMO_ACCOUNTS: "false" });
  let listing: Listing;
  let buyer: { id: number; email: string; cookie: string };
  let pdfId: number;
  let csvId: number;

  const request = sameSiteRequests(() => served.app, origin, "10.20");
  const send = (method: "GET" | "HEAD" | "POST", url: string, cookie?: string, json?: unknown) =>
    request({ method, url, cookie, json });
  const fileUrl = (id: number, preview = false) =>
    `/deals/${listing.ListingId}/data-room/files/${id}${preview ? "/preview" : ""}`;
  const eventCount = async () =>
    (
      await testDatabase(served.core)
        .db.selectFrom("data_room_events")
        .select("id")
        .where("userId", "=", buyer.id)
        .execute()
    ).length;

  beforeAll(async () => {
    const found = (await served.core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l));
    if (!found) throw new Error("the demo book lacks a data room");
    listing = found;
    const staff = await insertTestAccount(served.core, { password: PASSWORD, isAdmin: true });
    const admin: SessionUser = served.core.sessions.sessionUser(staff);
    const account = await insertTestAccount(served.core, { password: PASSWORD });
    await openTestDataRoom(served.core, account.id, listing.ListingId);
    const login = await served.core.logins.login(account.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    buyer = { id: account.id, email: account.email, cookie: `${SESSION_COOKIE}=${login.token}` };

    const pdf = await PDFDocument.create();
    pdf.addPage([612, 792]).drawText("Reserve report", { x: 50, y: 700 });
    const add = (name: string, bytes: Uint8Array) =>
      served.core.dataRoomUploads.add(
        admin,
        { target: "data-room", listingId: listing.ListingId, folderId: 0, filename: name },
        { name, size: bytes.byteLength, open: () => Readable.from([Buffer.from(bytes)]) },
        null,
      );
    pdfId = (await add("Reserve report.pdf", await pdf.save())).id;
    csvId = (await add("Wells.csv", Buffer.from("well,bopd\nA-1,40\n"))).id;
  });

  it("stamps the buyer's own email, time and id however they renamed themselves", async () => {
    const forged = { firstName: "Ben Whitaker - buyer@anticline.test -", lastName: "W".repeat(100) };
    expect((await send("POST", "/api/Auth/UpdateUserInfo", buyer.cookie, forged)).statusCode).toBe(200);
    const download = await send("GET", fileUrl(pdfId), buyer.cookie);
    expect(download.statusCode).toBe(200);
    const text = execFileSync("pdftotext", ["-", "-"], { input: download.rawPayload }).toString();
    const footer = text.split("\n").find((line) => line.startsWith("Confidential -")) ?? "";
    expect(footer).toContain(`Confidential - ${buyer.email} - `);
    expect(footer).toContain(String(download.headers["x-watermark-id"]));
    expect(footer).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  });

  it("answers HEAD with headers only: nothing stamped, no download recorded", async () => {
    const before = await eventCount();
    for (const preview of [false, true]) {
      const head = await send("HEAD", fileUrl(pdfId, preview), buyer.cookie);
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-type"]).toBe("application/pdf");
      expect(head.headers["x-watermark-id"]).toBeUndefined();
      expect(head.headers["cache-control"]).toBe("private, no-store");
      expect(head.rawPayload.byteLength).toBe(0);
    }
    const csv = await send("HEAD", fileUrl(csvId), buyer.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-length"]).toBe("17");
    expect(csv.headers["accept-ranges"]).toBe("bytes");
    expect(await eventCount()).toBe(before);

    // Outside the room (or no session), HEAD gets the room's 404 as GET does.
    expect((await send("HEAD", fileUrl(pdfId))).statusCode).toBe(404);
    expect(
      (await send("HEAD", `/deals/${listing.ListingId}/data-room/files/99999999`, buyer.cookie)).statusCode,
    ).toBe(404);
    // A folder zip has no HEAD: building it would stamp every PDF in it.
    const zipHead = await send("HEAD", `/deals/${listing.ListingId}/data-room/folders/0/zip`, buyer.cookie);
    expect(zipHead.statusCode).toBe(404);
    expect(await eventCount()).toBe(before);
    // A GET still stamps and records.
    expect((await send("GET", fileUrl(pdfId), buyer.cookie)).headers["x-watermark-id"]).toMatch(/^WM-/);
    expect(await eventCount()).toBe(before + 1);
  });
});
