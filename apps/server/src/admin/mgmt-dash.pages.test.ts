import { testDatabase, testEngines } from "@aea/core/testing";
import { DEAL_ALERTS_BAD_LINK, DEAL_STATISTICS_SAVED, isSold, type Listing } from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { type Role, RoleSessions, roleSessionsEnv } from "../testing/role-sessions.ts";
import { serveTestApp } from "../testing/test-app.ts";

const origin = "http://localhost:3000";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** The Mgmt Dash's statistics (page, edits, CSV), web hits from deal pages, and the unsubscribe page. */
describe.each(testEngines())("Mgmt Dash statistics and deal-alert pages on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let roles: RoleSessions;
  let deal: Listing;
  let address = 0;

  const send = (
    method: "GET" | "POST",
    url: string,
    role: Role = "anonymous",
    form?: Record<string, string>,
    extra: Record<string, string> = {},
  ) => {
    const cookie = role === "anonymous" ? undefined : roles.cookie(role);
    return served.app.inject({
      method,
      url,
      headers: {
        host: new URL(origin).host,
        origin,
        "user-agent": BROWSER,
        ...(cookie ? { cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...extra,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
      remoteAddress: `10.14.${Math.floor(++address / 250)}.${address % 250}`,
    });
  };
  const statisticsRow = () =>
    testDatabase(served.core)
      .db.selectFrom("deal_statistics")
      .selectAll()
      .where("ListingId", "=", deal.ListingId)
      .executeTakeFirst();

  beforeAll(async () => {
    roles = await RoleSessions.create(served.core);
    deal = (await served.core.listings.publicListings()).find((l) => !isSold(l)) as Listing;
  });

  it("shows management the statistics and an edit form, and saves an edit with who made it", async () => {
    const page = await send("GET", `/admin/dashboard?edit=${deal.ListingId}`, "management");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Deal statistics");
    expect(page.body).toContain("Edit statistics:");
    expect(page.body).toContain("Web hits per week");

    const saved = await send("POST", "/admin/dashboard", "management", {
      listingId: String(deal.ListingId),
      hotLeadOverride: "7",
      noCount: "1",
      contactedCount: "9",
      offersCount: "2",
      revenueRisk: "2,500,000",
      lastWhiteButtonDate: "2026-11-02",
      loadCode: "L-77",
    });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`/admin/dashboard?saved=${deal.ListingId}#statistics-title`);
    expect(await statisticsRow()).toMatchObject({
      hotLeadOverride: 7,
      revenueRisk: 2_500_000,
      loadCode: "L-77",
    });
    const after = await send("GET", `/admin/dashboard?saved=${deal.ListingId}`, "management");
    expect(after.body).toContain(DEAL_STATISTICS_SAVED);
    expect(after.body).toContain("$2,500,000");
  });

  it("refuses bad figures with a message and changes nothing", async () => {
    const before = await statisticsRow();
    for (const [field, value, message] of [
      ["hotLeadOverride", "-1", "Hot leads cannot be negative"],
      ["offersCount", "two", "Offers must be a whole number"],
      ["lastWhiteButtonDate", "yesterday", "Last white button must be a date (YYYY-MM-DD)"],
      ["revenueRisk", "lots", "Revenue risk must be an amount in dollars"],
    ] as const) {
      const response = await send("POST", `/admin/dashboard?edit=${deal.ListingId}`, "management", {
        listingId: String(deal.ListingId),
        [field]: value,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.body).toContain(message);
    }
    const missing = await send("POST", "/admin/dashboard?edit=999999", "management", { listingId: "999999" });
    expect(missing.statusCode).toBe(404);
    expect(await statisticsRow()).toEqual(before);
  });

  it("exports the statistics as CSV for management only", async () => {
    const csv = await send("GET", "/admin/dashboard/statistics.csv", "management");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="deal-statistics-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers["cache-control"]).toBe("private, no-store");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(
      /^ListingId,Header,Status,signedCACount,hotLeadCount,noCount,contactedCount,webhitCount,/,
    );
    expect(lines.find((l) => l.startsWith(`${deal.ListingId},`))).toContain(",7,1,9,");
    for (const role of ["anonymous", "buyer", "admin"] as const) {
      const refused = await send("GET", "/admin/dashboard/statistics.csv", role);
      expect(refused.statusCode, role).toBe(302);
      expect(refused.body).not.toContain("ListingId,Header");
    }
  });

  it("counts a deal-page view by a browser as a web hit, and not a crawler's or a reload of its data", async () => {
    const hits = async () => {
      await served.core.dealStatistics.webHits.flush();
      const rows = await testDatabase(served.core)
        .db.selectFrom("deal_web_hits")
        .select("hits")
        .where("ListingId", "=", deal.ListingId)
        .execute();
      return rows.reduce((sum, r) => sum + r.hits, 0);
    };
    const start = await hits();
    expect((await send("GET", `/deals/${deal.ListingId}`)).statusCode).toBe(200);
    expect((await send("GET", `/deals/${deal.ListingId}`, "buyer")).statusCode).toBe(200);
    await send("GET", `/deals/${deal.ListingId}`, "anonymous", undefined, {
      "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    await send("GET", `/deals/${deal.ListingId}.data`, "anonymous", undefined, {
      referer: `${origin}/deals/public`,
    });
    await send("GET", `/deals/${deal.ListingId}.data`, "anonymous", undefined, {
      referer: `${origin}/deals/${deal.ListingId}`,
    });
    await send("GET", "/deals/99999999");
    expect(await hits()).toBe(start + 3);
  });

  it("unsubscribes from deal alerts by the mailed link without a login, only on the button's POST", async () => {
    const buyer = roles.account("buyer");
    const account = await served.core.accounts.findUserByEmail(buyer.email);
    if (!account) throw new Error("the buyer role has no account");
    await served.core.dealAlerts.choose(served.core.sessions.sessionUser(account), "daily");
    const token =
      new URL(await served.core.dealAlerts.unsubscribeUrl(buyer.id)).searchParams.get("token") ?? "";

    const page = await send("GET", `/deal-alerts/unsubscribe?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Stop the emails about new deals to ${buyer.email}?`);
    expect(await served.core.dealAlerts.frequency(buyer.id)).toBe("daily"); // opening the link changes nothing

    const forged = await send("POST", "/deal-alerts/unsubscribe", "anonymous", {
      token: `${buyer.id}.${"A".repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(await served.core.dealAlerts.frequency(buyer.id)).toBe("daily");

    const done = await send("POST", "/deal-alerts/unsubscribe", "anonymous", { token });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You will get no more deal alerts.");
    expect(await served.core.dealAlerts.frequency(buyer.id)).toBe("off");

    const bad = await send("GET", "/deal-alerts/unsubscribe?token=nonsense");
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain(DEAL_ALERTS_BAD_LINK.replace("'", "&#x27;"));
  });

  it("lets a buyer choose deal alerts on the profile page", async () => {
    const buyer = roles.account("privateBuyer");
    const response = await send("POST", "/buyer/profile", "privateBuyer", {
      intent: "deal-alerts",
      frequency: "immediately",
    });
    expect(response.statusCode).toBe(200);
    expect(await served.core.dealAlerts.frequency(buyer.id)).toBe("immediately");
    const refused = await send("POST", "/buyer/profile", "privateBuyer", {
      intent: "deal-alerts",
      frequency: "hourly",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Choose how often to hear about new deals");
    expect(await served.core.dealAlerts.frequency(buyer.id)).toBe("immediately");
  });
});
