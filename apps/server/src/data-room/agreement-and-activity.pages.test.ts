import { SESSION_COOKIE } from "@aea/core";
import { insertTestAccount, pngBombDataUrl, testDatabase, testEngines } from "@aea/core/testing";
import { AGREEMENT_TEXTS, HOT_LEAD_THRESHOLD_SAVED, isSold, type Listing } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { RoleSessions, roleSessionsEnv } from "../testing/role-sessions.ts";
import { serveTestApp } from "../testing/test-app.ts";

const origin = "http://localhost:3000";
const PASSWORD = "Right2030";

/**
 * The agreement page, its action and the signed-copy downloads, and the staff activity page and CSV,
 * for each kind of viewer (issue 13's matrix): anonymous, a buyer without a grant, a buyer with a
 * grant and no CA, a buyer who signed, the private buyer, and an admin.
 */
describe.each(testEngines())("agreement and activity pages on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let roles: RoleSessions;
  let listing: Listing;
  let unGrantedPrivate: Listing;
  let address = 0;
  const cookies = new Map<string, string>();
  const ids = new Map<string, number>();

  const send = (method: "GET" | "POST", url: string, who?: string, form?: Record<string, string>) => {
    const cookie =
      who === undefined || who === "anonymous"
        ? undefined
        : (cookies.get(who) ?? roles.cookie(who as "buyer"));
    return served.app.inject({
      method,
      url,
      headers: {
        // React Router checks a page action's Origin against the request's own host as well.
        host: new URL(origin).host,
        origin,
        "user-agent": "PageTest/1.0 (inject)",
        ...(cookie ? { cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
      remoteAddress: `10.9.${Math.floor(++address / 250)}.${address % 250}`,
    });
  };

  /** A buyer with a session; with a data-room grant on the listing, and signed, as asked. */
  const buyer = async (name: string, { grant = false, sign = false } = {}) => {
    const user = await insertTestAccount(served.core, {
      password: PASSWORD,
      firstName: name,
      lastName: "Buyer",
    });
    const admin = roles.account("admin");
    if (grant)
      await served.core.dataRoomAccess.grantDataRoom(
        { userId: admin.id, ipAddress: null },
        user.id,
        listing.ListingId,
        "staff",
      );
    if (sign)
      await served.core.agreements.sign(
        served.core.sessions.sessionUser(user),
        listing.ListingId,
        { fullName: `${name} Buyer`, company: `${name} Oil LLC`, consent: "on" },
        { ipAddress: "203.0.113.9", userAgent: "Setup" },
      );
    const login = await served.core.logins.login(user.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    cookies.set(name, `${SESSION_COOKIE}=${login.token}`);
    ids.set(name, user.id);
    return user;
  };
  const signedRows = (userId: number) =>
    testDatabase(served.core)
      .db.selectFrom("signed_agreements")
      .selectAll()
      .where("userId", "=", userId)
      .execute();

  beforeAll(async () => {
    roles = await RoleSessions.create(served.core);
    const found = (await served.core.listings.publicListings()).find(
      (l) => l.hasVDR && l.requiresDueDiligenceAccess && !isSold(l),
    );
    const privates = await served.core.listings.privateListings();
    if (!found || privates.length === 0) throw new Error("the demo book lacks the listings these tests need");
    listing = found;
    unGrantedPrivate = privates.at(-1) as Listing;
    await buyer("granted", { grant: true });
    await buyer("signer", { grant: true });
    await buyer("signed", { grant: true, sign: true });
  });

  const agreementUrl = () => `/deals/${listing.ListingId}/data-room/agreement`;

  it("shows the agreement only at the agreement step; others go where the way in sends them", async () => {
    const anonymous = await send("GET", agreementUrl());
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/deals/${listing.ListingId}/data-room`)}`,
    );
    const noGrant = await send("GET", agreementUrl(), "buyer");
    expect(noGrant.headers.location).toBe(`/deals/${listing.ListingId}?dataRoom=access-code`);
    const admin = await send("GET", agreementUrl(), "admin");
    expect(admin.headers.location).toBe(`/deals/${listing.ListingId}/data-room`);

    const granted = await send("GET", agreementUrl(), "granted");
    expect(granted.statusCode).toBe(200);
    expect(granted.headers["cache-control"] ?? "").not.toMatch(/public/);
    expect(granted.body).toContain(AGREEMENT_TEXTS.sign);
    expect(granted.body).toContain(`(Listing #${listing.ListingId})`);
    expect(granted.body).toContain(served.core.config.firmName);
    expect(granted.body).toContain('value="granted Buyer"');

    const signed = await send("GET", agreementUrl(), "signed");
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toContain(AGREEMENT_TEXTS.signedTitle);
    expect(signed.body).toContain(`/deals/${listing.ListingId}/data-room/agreement.pdf`);
    expect(signed.body).not.toContain(AGREEMENT_TEXTS.sign);

    for (const url of ["/deals/99999999/data-room/agreement", "/deals/abc/data-room/agreement"])
      expect((await send("GET", url, "granted")).statusCode).toBe(404);
    const hidden = await send(
      "GET",
      `/deals/${unGrantedPrivate.ListingId}/data-room/agreement`,
      "privateBuyer",
    );
    expect(hidden.statusCode).toBe(404);
  });

  it("answers a folder of another listing's room, or of none, with the room's 404 (not a 500)", async () => {
    const folders = testDatabase(served.core).db.selectFrom("data_room_folders").select(["id", "ListingId"]);
    const own = await folders.where("ListingId", "=", listing.ListingId).executeTakeFirstOrThrow();
    const foreign = await folders.where("ListingId", "<>", listing.ListingId).executeTakeFirstOrThrow();
    const room = (folder: string) => `/deals/${listing.ListingId}/data-room?folder=${folder}`;
    for (const who of ["signed", "admin"]) {
      expect((await send("GET", room(String(own.id)), who)).statusCode, who).toBe(200);
      for (const folder of [String(foreign.id), "999999999", "", "0x1"]) {
        const response = await send("GET", room(folder), who);
        expect(response.statusCode, `${who} ?folder=${folder}`).toBe(404);
      }
    }
  });

  it("signs from the page form once, with the visitor's address and browser on the record", async () => {
    const url = agreementUrl();
    const refused = await send("POST", url, "signer", { fullName: "Sig Ner", company: "" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(AGREEMENT_TEXTS.companyRequired);
    expect(refused.body).toContain(AGREEMENT_TEXTS.consentRequired);
    expect(await signedRows(ids.get("signer") as number)).toEqual([]);
    // A drawing whose PNG header claims 20000×20000 pixels (65 KB of data URL, 1.6 GB decoded).
    const bomb = await send("POST", url, "signer", {
      fullName: "Sig Ner",
      company: "Ner Energy",
      consent: "on",
      signature: pngBombDataUrl(20_000, 20_000),
    });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.body).toContain(AGREEMENT_TEXTS.signatureTooLarge);
    // The refused drawing is not echoed back into the page.
    expect(bomb.body).not.toContain("data:image/png");
    expect(await signedRows(ids.get("signer") as number)).toEqual([]);

    const form = { fullName: "Sig Ner", company: "Ner Energy", consent: "on" };
    const signed = await send("POST", url, "signer", form);
    expect(signed.statusCode).toBe(302);
    expect(signed.headers.location).toBe(`/deals/${listing.ListingId}/data-room`);
    const rows = await signedRows(ids.get("signer") as number);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      signerName: "Sig Ner",
      company: "Ner Energy",
      userAgent: "PageTest/1.0 (inject)",
    });
    expect(rows[0]?.ipAddress).toMatch(/^10\.9\./);

    const again = await send("POST", url, "signer", form);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(url);
    expect(await signedRows(ids.get("signer") as number)).toHaveLength(1);

    for (const who of ["anonymous", "buyer", "privateBuyer"]) {
      const response = await send("POST", url, who, form);
      expect(response.statusCode, who).toBe(404);
    }
  });

  it("hands a signed copy to its signer and to staff only", async () => {
    const pdf = (query = "") => `/deals/${listing.ListingId}/data-room/agreement.pdf${query}`;
    const own = await send("GET", pdf(), "signed");
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("application/pdf");
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(own.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const signedId = ids.get("signed") as number;
    expect((await send("GET", pdf(`?userId=${signedId}`), "admin")).statusCode).toBe(200);
    for (const [who, query] of [
      ["anonymous", `?userId=${signedId}`],
      ["buyer", ""],
      ["buyer", `?userId=${signedId}`],
      ["granted", `?userId=${signedId}`],
      ["privateBuyer", `?userId=${signedId}`],
      ["admin", ""],
      ["admin", "?userId=abc"],
      ["signed", "?userId=-1"],
    ] as const) {
      expect((await send("GET", pdf(query), who)).statusCode, `${who} ${query}`).toBe(404);
    }
  });

  it("shows the activity and its CSV to admins only, filtered by the query", async () => {
    const page = `/deals/${listing.ListingId}/data-room/activity`;
    for (const who of ["anonymous", "buyer", "granted", "signed", "privateBuyer"]) {
      expect((await send("GET", page, who)).statusCode, who).toBe(404);
      expect((await send("GET", `${page.replace(/activity$/, "activity.csv")}`, who)).statusCode, who).toBe(
        404,
      );
    }
    const admin = await send("GET", page, "admin");
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain("Confidentiality agreement signed");
    expect(admin.body).toContain("signed Buyer");
    const filtered = await send("GET", `${page}?event=file-downloaded`, "admin");
    expect(filtered.body).toContain("No events match.");
    const bad = await send("GET", `${page}?from=yesterday`, "admin");
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain("From must be a date (YYYY-MM-DD)");
    expect((await send("GET", "/deals/99999999/data-room/activity", "admin")).statusCode).toBe(404);

    const csv = await send("GET", `${page}.csv?event=agreement-signed`, "management");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toContain("attachment");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Email,Name,Event,File or folder,IP address,Details");
    expect(lines.length).toBe(3);
    expect((await send("GET", `${page}.csv?to=2031-01-01&from=2031-02-01`, "admin")).statusCode).toBe(400);
  });

  it("refuses a bad hot-lead threshold with its message and changes nothing; saves a good one", async () => {
    const page = `/deals/${listing.ListingId}/data-room/activity`;
    const threshold = async () => (await served.core.engagement.threshold()).threshold;
    const before = await threshold();
    for (const [value, message] of [
      ["0", "The threshold must be at least 1"],
      ["twelve", "The threshold must be a number"],
      ["2.5", "The threshold must be a whole number"],
      ["10001", "The threshold must be at most 10,000"],
    ] as const) {
      const refused = await send("POST", page, "admin", { intent: "threshold", threshold: value });
      expect(refused.statusCode, value).toBe(400);
      expect(refused.body, value).toContain(message);
      expect(await threshold()).toBe(before);
    }
    const saved = await send("POST", page, "admin", { intent: "threshold", threshold: "45" });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain(HOT_LEAD_THRESHOLD_SAVED);
    expect(await threshold()).toBe(45);
    expect((await send("POST", page, "signed", { intent: "threshold", threshold: "1" })).statusCode).toBe(
      404,
    );
    expect(await threshold()).toBe(45);
  });

  it("names each account in the activity by its email: a typed name cannot pose as another buyer", async () => {
    const forger = await buyer("forger", { grant: true, sign: true });
    const profile = await served.core.profiles.profile(forger.id);
    if (!profile) throw new Error("no profile");
    const forged = `Ben Whitaker - buyer@anticline.test - ${"W".repeat(100)}`;
    await served.core.profiles.updateProfile(
      { id: forger.id, impersonatorId: null },
      { ...profile, firstName: forged, lastName: "W" },
    );
    const page = await send("GET", `/deals/${listing.ListingId}/data-room/activity`, "admin");
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("W".repeat(60));
    // The buyers' table and filter lead with the account's email, the typed name after it, shortened.
    expect(page.body).toMatch(
      new RegExp(`>${forger.email}</a><span[^>]*>Ben Whitaker - buyer@anticline.test - W+\u2026<`),
    );
    expect(page.body).toMatch(new RegExp(`>${forger.email}(<!-- -->)? \\((<!-- -->)?Ben Whitaker`));
    expect(page.body).toMatch(new RegExp(`>${forger.email}</span><span[^>]*>Ben Whitaker`));
  });

  it("puts the signed CAs on the Mgmt Dash", async () => {
    const dash = await send("GET", "/admin/dashboard", "management");
    expect(dash.statusCode).toBe(200);
    expect(dash.body).toContain("Data rooms");
    expect(dash.body).toMatch(new RegExp(`Listing #(<!-- -->)?${listing.ListingId}<`));
    expect(dash.body).toContain("Signed CAs");
  });
});
