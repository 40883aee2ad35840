import {
  type FacetFilter,
  isOnPublicMarket,
  isSold,
  LISTING_NOT_SENDABLE,
  type Listing,
  NOT_AUTHORIZED,
  type SessionUser,
} from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { startSmtpListener } from "../testing/smtp-listener.ts";
import { insertTestAccount, insertTestStaff } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

const PUBLIC_URL = "https://deals.example.test";
const MANAGER = "manager.sends@example.test";

/** Issue 22 item 6: staff send a public listing to the buyers an analysis query found. */
describe.each(testEngines())("sending a listing to the buyers a query found on $name", (engine) => {
  let core: Core;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let staff: SessionUser;
  let listing: Listing;
  let other: Listing;
  const company = `Send Test Resources ${process.pid}`;
  const filters: FacetFilter[] = [{ type: "checkbox", field: "company", expressions: [company] }];
  const emails: Record<string, string> = {};

  const runAllJobs = async () => {
    while ((await core.jobs.runDue()) > 0) {}
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const buyer = async (name: string, verified: boolean, frequency: "immediately" | "daily" | "off") => {
    const user = await insertTestAccount(core, {
      password: "Right2030",
      firstName: name,
      officialCompanyName: company,
      verified,
    });
    if (frequency !== "off") {
      await testDatabase(core)
        .db.insertInto("deal_alert_subscriptions")
        .values({ userId: user.id, frequency, subscribedAt: new Date().toISOString() })
        .execute();
    }
    emails[name] = user.email;
    return user;
  };

  beforeAll(async () => {
    smtp = await startSmtpListener();
    core = await engine.create({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      SEED_DEMO_ACCOUNTS: "false",
      MANAGEMENT_EMAILS: `${MANAGER},second.sends@example.test,third.sends@example.test`,
    });
    const open = (await core.listings.publicListings()).filter((l) => isOnPublicMarket(l) && !isSold(l));
    [listing, other] = open as [Listing, Listing];
    staff = await insertTestStaff(core);
    await buyer("Ava", true, "immediately");
    await buyer("Ben", true, "daily");
    await buyer("Cal", false, "immediately");
    await buyer("Dee", true, "off");
    // The index follows the writes within a second.
    for (let tries = 0; tries < 50; tries++) {
      const { found } = await core.listingSends.preview(staff, { listingId: listing.ListingId, filters });
      if (found === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await core.close();
    await smtp.close();
  });

  it("previews who gets it, who is left out and why, and the mail, before anything is sent", async () => {
    const preview = await core.listingSends.preview(staff, { listingId: listing.ListingId, filters });
    expect(preview).toMatchObject({
      listing: { ListingId: listing.ListingId, Header: listing.Header },
      found: 4,
      recipients: 2,
      excluded: [
        { reason: "notVerified", count: 1 },
        { reason: "alertsOff", count: 1 },
      ],
    });
    expect(preview.mail?.to).toBe(emails.Ava);
    expect(preview.mail?.subject).toBe(`A deal for you: ${listing.Header}`);
    expect(preview.mail?.text).toContain(`${PUBLIC_URL}/deals/${listing.ListingId}`);
    // Staff see the mail, not the buyer's live unsubscribe link.
    expect(preview.mail?.text).toContain("/deal-alerts/unsubscribe?token=redacted");
    await runAllJobs();
    expect(smtp.mails).toHaveLength(0);
  });

  it("mails the verified buyers who kept alerts on in the background, audited, and never twice", async () => {
    const { sent } = await core.listingSends.send(staff, { listingId: listing.ListingId, filters });
    expect(sent).toBe(2);
    expect(smtp.mails).toHaveLength(0); // the send never waits on mail
    await runAllJobs();
    await expect.poll(() => mailsTo(emails.Ava as string).length).toBe(1);
    expect(mailsTo(emails.Ben as string)).toHaveLength(1);
    expect(mailsTo(emails.Cal as string)).toHaveLength(0);
    expect(mailsTo(emails.Dee as string)).toHaveLength(0);
    const [mail] = mailsTo(emails.Ava as string);
    expect(mail?.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/deals\.example\.test\/deal-alerts\/unsubscribe\?token=\d+\./m,
    );
    expect((await core.listingSends.reachedByListing()).get(listing.ListingId)).toBe(2);
    const manager = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", email: MANAGER, isAdmin: true }),
    );
    const row = (await core.dealStatistics.overview(manager)).rows.find(
      (r) => r.ListingId === listing.ListingId,
    );
    expect(row?.buyersReached).toBe(2);

    const [entry] = await testDatabase(core)
      .db.selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "listing-sent-to-buyers")
      .execute();
    expect(entry).toMatchObject({ userId: staff.id, ListingId: listing.ListingId });
    expect(JSON.parse(entry?.detail ?? "{}")).toMatchObject({
      found: 4,
      sent: 2,
      excluded: { notVerified: 1, alertsOff: 1 },
    });

    // Again: both are left out as already sent, and nobody is mailed a second time.
    const again = await core.listingSends.preview(staff, { listingId: listing.ListingId, filters });
    expect(again.recipients).toBe(0);
    expect(again.excluded).toContainEqual({ reason: "alreadySent", count: 2 });
    expect(again.mail).toBeNull();
    expect((await core.listingSends.send(staff, { listingId: listing.ListingId, filters })).sent).toBe(0);
    await runAllJobs();
    expect(mailsTo(emails.Ava as string)).toHaveLength(1);
  });

  it("keeps the once-per-buyer promise in the database itself", async () => {
    const db = testDatabase(core).db;
    const values = {
      ListingId: other.ListingId,
      userId: staff.id,
      sentBy: staff.id,
      queryUUID: null,
      status: "sent",
      createdAt: new Date().toISOString(),
      sentAt: null,
    };
    await db.insertInto("listing_sends").values(values).execute();
    await expect(db.insertInto("listing_sends").values(values).execute()).rejects.toThrow(
      /unique|duplicate/i,
    );
  });

  it("refuses a buyer, a listing off the public market and a bad listing number, changing nothing", async () => {
    const plainBuyer = core.sessions.sessionUser(await insertTestAccount(core, { password: "Right2030" }));
    await expect(
      core.listingSends.preview(plainBuyer, { listingId: other.ListingId, filters }),
    ).rejects.toThrow(NOT_AUTHORIZED);
    await expect(
      core.listingSends.send(plainBuyer, { listingId: other.ListingId, filters }),
    ).rejects.toMatchObject({
      status: 403,
    });
    const sold = (await core.listings.publicListings()).find((l) => isSold(l));
    for (const listingId of [sold?.ListingId ?? 999_999, "abc", -1]) {
      await expect(core.listingSends.send(staff, { listingId, filters })).rejects.toThrow(
        LISTING_NOT_SENDABLE,
      );
    }
    const claimHolder = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", hasClaimAD: true }),
    );
    expect(
      (await core.listingSends.preview(claimHolder, { listingId: other.ListingId, filters })).recipients,
    ).toBe(2);
    const sends = await testDatabase(core)
      .db.selectFrom("listing_sends")
      .select("id")
      .where("ListingId", "=", other.ListingId)
      .execute();
    expect(sends).toHaveLength(1); // only the row the test above wrote by hand
  });
});
