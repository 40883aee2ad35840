import { testEngines } from "@aea/core/testing";
import {
  CHART_TEXTS,
  isOnPublicMarket,
  LISTING_SEND_EXCLUSIONS,
  LISTING_SEND_TEXTS,
  QUERY_NOT_FOUND,
  type SessionUser,
} from "@aea/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { RoleSessions, roleSessionsEnv, roleUser } from "../testing/role-sessions.ts";
import { pageFormPost, serveTestApp } from "../testing/test-app.ts";

/** Issue 22: the analysis page answers admins and Claim holders; the guard answers everyone else. */
describe.each(testEngines())("the analysis page on $name", (engine) => {
  const served = serveTestApp(engine, roleSessionsEnv);
  let sessions: RoleSessions;

  beforeAll(async () => {
    sessions = await RoleSessions.create(served.core);
  });

  const open = (url: string, role?: "buyer" | "claim" | "admin") =>
    served.app.inject({ url, headers: role ? { cookie: sessions.cookie(role) as string } : {} });

  it("sends an anonymous visitor to log in and come back to the same query", async () => {
    const page = await open("/participant?QueryUUID=6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(
      "/login?redirectTo=%2Fparticipant%3FQueryUUID%3D6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10",
    );
  });

  it("sends a buyer home with 'You are not authorized to access this page'", async () => {
    const page = await open("/participant", "buyer");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/home?notice=not-authorized");
  });

  it("shows a Claim holder and an admin the buyers, and the listings on the switch", async () => {
    for (const role of ["claim", "admin"] as const) {
      const buyers = await open("/participant", role);
      expect(buyers.statusCode).toBe(200);
      expect(buyers.body).toMatch(/aria-current="page"[^>]*>Buyers</);
      const listings = await open("/participant?dataset=listing&open=kind", role);
      expect(listings.statusCode).toBe(200);
      expect(listings.body).toMatch(/aria-current="page"[^>]*>Listings</);
      expect(listings.body).toMatch(/role="checkbox"/);
    }
  });

  it("says so when a QueryUUID does not exist, a hand-typed filter is refused or a range is typed", async () => {
    const missing = await open("/participant?QueryUUID=6f1c0b4e-8a4b-4c6f-9a57-0c7b4b3b2a10", "claim");
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain(QUERY_NOT_FOUND);
    const malformed = await open("/participant?f=agreementsSigned:%5B5%20TO%5D", "claim");
    expect(malformed.statusCode).toBe(200);
    expect(malformed.body).toContain("is not a range like [a TO b]");
    const typed = await open("/participant?open=downloads&range=downloads&min=2&max=", "claim");
    expect(typed.statusCode).toBe(302);
    expect(typed.headers.location).toBe("/participant?f=downloads%3A%5B2+TO+*%5D&open=downloads");
  });

  it("exports the results of the address's filters as CSV and XLSX, and refuses a buyer", async () => {
    const all = await open("/participant/export?dataset=listing&format=csv", "admin");
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toContain("text/csv");
    const lines = all.body.trim().split("\r\n");
    expect(lines[0]).toContain("id,header,kind");
    const counted = await served.core.facets.query("listing", { facets: ["kind"] });
    expect(lines.length - 1).toBe(counted.response.numFound);
    const [bucket] = counted.facets.kind?.buckets ?? [];
    if (!bucket) throw new Error("the test data has listings of some kind");
    const narrowed = await open(
      `/participant/export?dataset=listing&f=kind:${bucket.key}&format=csv`,
      "admin",
    );
    expect(narrowed.body.trim().split("\r\n").length - 1).toBe(bucket.value);
    const workbook = await open("/participant/export?dataset=listing&format=xlsx", "claim");
    expect(workbook.statusCode).toBe(200);
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const refused = await open("/participant/export?format=csv", "buyer");
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe("/home?notice=not-authorized");
  });

  it("draws the chart the address names, without a script, and a saved query's chart in another user's browser", async () => {
    const drawn = await open("/participant?dataset=listing&chart=bar:kind", "claim");
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain(">Kind — Count</figcaption>");
    expect(drawn.body).toMatch(/role="img" aria-label="Kind — Count\. [^"]+: \d/);
    const form = await open(
      "/participant?dataset=listing&chartKind=pie&chartFacet=region&chartMeasure=sum",
      "claim",
    );
    expect(form.statusCode).toBe(302);
    expect(form.headers.location).toBe("/participant?dataset=listing&chart=pie%3Aregion%3Asum");
    const refused = await open("/participant?chartKind=pie&chartFacet=buys&chartMeasure=mean", "claim");
    expect(refused.body).toContain(CHART_TEXTS.cannotDraw);
    expect(refused.body).not.toContain("</figcaption>");

    const claim = { ...(roleUser("claim") as SessionUser), id: sessions.account("claim").id };
    const queryUUID = await served.core.savedQueries.nextQueryUuid(claim);
    await served.core.savedQueries.saveFilters(claim, queryUUID, {
      filters: [],
      customChart: { dataset: "listing", kind: "line", facet: "dateListed", measure: "sum" },
    });
    const shared = await open(`/participant?QueryUUID=${queryUUID}`, "admin");
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toMatch(/aria-current="page"[^>]*>Listings</);
    expect(shared.body).toContain(">Listed — Sum of Web hits</figcaption>");
    const without = await open(`/participant?QueryUUID=${queryUUID}&chart=none`, "admin");
    expect(without.body).not.toContain("</figcaption>");
  });

  it("previews sending a listing to the buyers found, sends it once, and refuses a buyer", async () => {
    const listing = (await served.core.listings.publicListings()).find((l) => isOnPublicMarket(l));
    if (!listing) throw new Error("the test data has a public listing");
    const buyer = { ...(roleUser("buyer") as SessionUser), id: sessions.account("buyer").id };
    await served.core.dealAlerts.choose(buyer, "immediately");
    const preview = await open(`/participant?send=${listing.ListingId}`, "claim");
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(LISTING_SEND_TEXTS.recipients(1));
    expect(preview.body).toMatch(new RegExp(`${LISTING_SEND_EXCLUSIONS.alertsOff}(<!-- -->)?: <span`));
    expect(preview.body).toContain(sessions.account("buyer").email);
    expect(preview.body).toContain(LISTING_SEND_TEXTS.sendTo(1));

    const origin = new URL(served.core.config.publicUrl).origin;
    const send = (role: "buyer" | "claim") =>
      served.app.inject(
        pageFormPost(
          origin,
          "/participant",
          { query: "", listingId: String(listing.ListingId) },
          sessions.cookie(role),
        ),
      );
    const refused = await send("buyer");
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe("/home?notice=not-authorized");
    const sent = await send("claim");
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe("/participant?sent=1");
    expect((await open("/participant?sent=1", "claim")).body).toContain(LISTING_SEND_TEXTS.sent(1));
    const again = await open(`/participant?send=${listing.ListingId}`, "admin");
    expect(again.body).toContain(LISTING_SEND_TEXTS.nobody);
    expect(again.body).toMatch(
      new RegExp(`${LISTING_SEND_EXCLUSIONS.alreadySent}(<!-- -->)?: <span class="tabular">1</span>`),
    );
    expect((await send("claim")).headers.location).toBe("/participant?sent=0");
  });
});
