import {
  EMPTY_INTERESTS,
  type Interests,
  isOnPublicMarket,
  isSold,
  type Listing,
  listingFormSchema,
  listingFormValues,
  listingTypeFlags,
} from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { linkIn, startSmtpListener } from "../testing/smtp-listener.ts";
import { insertTestAccount, insertTestStaff } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

const PUBLIC_URL = "https://deals.example.test";

describe.each(testEngines())("deal alerts on $name", (engine) => {
  let core: Core;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let permian: Listing;
  let other: Listing;
  const clock = new ManualClock(Date.parse("2031-06-10T09:00:00.000Z"));

  const runAllJobs = async () => {
    while ((await core.jobs.runDue()) > 0) {}
  };
  const buyer = async (
    firstName: string,
    frequency: "immediately" | "daily" | "off",
    interests: Partial<Interests>,
  ) => {
    const user = await insertTestAccount(core, { password: "Right2030", firstName, lastName: "Buyer" });
    await core.profiles.saveInterests(core.sessions.sessionUser(user), { ...EMPTY_INTERESTS, ...interests });
    await core.dealAlerts.choose(core.sessions.sessionUser(user), frequency);
    return user;
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    smtp = await startSmtpListener();
    core = await engine.create({ SMTP_URL: smtp.url, PUBLIC_URL, SEED_DEMO_ACCOUNTS: "false" }, { clock });
    const open = (await core.listings.publicListings()).filter((l) => !isSold(l));
    const producing = (l: Listing) => listingTypeFlags(l.PLSCode).producing;
    permian = open.find((l) => l.region === "Permian" && producing(l)) as Listing;
    other = open.find((l) => l.region === "Rockies" && producing(l)) as Listing;
    expect(permian && other).toBeTruthy();
  });
  afterAll(async () => {
    await core.close();
    await smtp.close();
  });

  it("mails a matching buyer over SMTP in the background, and not a buyer whose interests differ", async () => {
    const matching = await buyer("Mia", "immediately", {
      buy_producingProperties: true,
      selectedRegions: ["Permian"],
    });
    const elsewhere = await buyer("Ned", "immediately", {
      buy_producingProperties: true,
      selectedRegions: ["Alaska"],
    });
    const notOptedIn = await buyer("Ola", "off", {
      buy_producingProperties: true,
      selectedRegions: ["Permian"],
    });

    await core.dealAlerts.listingPublished(permian.ListingId);
    expect(smtp.mails).toHaveLength(0); // the publishing save never waits on mail
    await runAllJobs();

    await expect.poll(() => mailsTo(matching.email).length).toBe(1);
    const [mail] = mailsTo(matching.email);
    expect(mail?.text).toContain("A new deal that matches your interests");
    expect(mail?.text).toContain(`${PUBLIC_URL}/deals/${permian.ListingId}`);
    expect(mail?.raw).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/deals\.example\.test\/deal-alerts\/unsubscribe\?token=/m,
    );
    expect(mailsTo(elsewhere.email)).toHaveLength(0);
    expect(mailsTo(notOptedIn.email)).toHaveLength(0);
    expect((await core.dealAlerts.sentCountByListing()).get(permian.ListingId)).toBe(1);
    // The outbox copy keeps no live unsubscribe token.
    const copies = await testDatabase(core)
      .db.selectFrom("mail_outbox")
      .select("text")
      .where("to", "=", matching.email)
      .execute();
    expect(copies[0]?.text).toContain("token=redacted");
  });

  it("gathers a daily buyer's deals into one digest at the digest hour", async () => {
    const daily = await buyer("Dee", "daily", {
      buy_producingProperties: true,
      selectedRegions: ["Permian", "Rockies"],
    });
    await core.dealAlerts.listingPublished(permian.ListingId);
    await core.dealAlerts.listingPublished(other.ListingId);
    await runAllJobs();
    expect(mailsTo(daily.email)).toHaveLength(0);

    clock.advance(4 * 3_600_000); // 13:00 UTC
    await runAllJobs();
    await expect.poll(() => mailsTo(daily.email).length).toBe(1);
    const [digest] = mailsTo(daily.email);
    expect(digest?.text).toContain("2 new deals");
    expect(digest?.text).toContain(`/deals/${permian.ListingId}`);
    expect(digest?.text).toContain(`/deals/${other.ListingId}`);
    clock.advance(86_400_000);
    await runAllJobs();
    expect(mailsTo(daily.email)).toHaveLength(1);
  });

  it("unsubscribes by the mail's signed link, and refuses a forged one", async () => {
    const leaving = await buyer("Lee", "immediately", {});
    await core.dealAlerts.listingPublished(other.ListingId);
    await runAllJobs();
    await expect.poll(() => mailsTo(leaving.email).length).toBe(1);
    const link = linkIn(mailsTo(leaving.email)[0] as never, `${PUBLIC_URL}/deal-alerts/unsubscribe?token=`);
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(await core.dealAlerts.unsubscribeTokenOwner(token)).toEqual({
      userId: leaving.id,
      email: leaving.email,
    });
    const forged = `${leaving.id + 1}.${token.split(".")[1]}`;
    expect(await core.dealAlerts.unsubscribeTokenOwner(forged)).toBeUndefined();
    expect(await core.dealAlerts.unsubscribe(forged)).toBe(false);
    expect(await core.dealAlerts.unsubscribe("nonsense")).toBe(false);

    expect(await core.dealAlerts.unsubscribe(token)).toBe(true);
    expect(await core.dealAlerts.frequency(leaving.id)).toBe("off");
    await core.dealAlerts.listingPublished(permian.ListingId);
    await runAllJobs();
    expect(mailsTo(leaving.email)).toHaveLength(1);
  });

  it("tells nobody about a private deal", async () => {
    const everything = await buyer("Eve", "immediately", {});
    const [secret] = await core.listings.privateListings();
    await core.dealAlerts.listingPublished(secret?.ListingId ?? 0);
    await runAllJobs();
    expect(mailsTo(everything.email)).toHaveLength(0);
  });

  describe("a deal taken off the market before its alert goes out", () => {
    /** Staff change the deal's status in the listing editor, as they would on its page. */
    const setStatus = async (listing: Listing, status: string) => {
      const read = (await core.listings.findById(listing.ListingId)) as Listing;
      await core.listingEditing.update(
        await insertTestStaff(core),
        listing.ListingId,
        listingFormSchema.parse({ ...listingFormValues(read, undefined), status }),
        null,
      );
    };
    const untouched = async () => {
      const used = [permian.ListingId, other.ListingId];
      const open = (await core.listings.publicListings()).filter(isOnPublicMarket);
      return open.find((l) => !used.includes(l.ListingId)) as Listing;
    };

    it("mails nobody about a deal pulled before the alert job runs", async () => {
      const watcher = await buyer("Pat", "immediately", {});
      const deal = await untouched();
      await core.dealAlerts.listingPublished(deal.ListingId);
      await setStatus(deal, "PULLED");
      await runAllJobs();
      expect(mailsTo(watcher.email)).toHaveLength(0);
    });

    it("drops the mail of a deal that went under offer after the alert fanned out", async () => {
      const watcher = await buyer("Cy", "immediately", {});
      const deal = await untouched();
      await core.dealAlerts.listingPublished(deal.ListingId);
      await core.jobs.runDue(); // the fan-out: the buyer's mail is queued
      await setStatus(deal, "CLOSING");
      await runAllJobs();
      expect(mailsTo(watcher.email)).toHaveLength(0);
      expect((await core.dealAlerts.sentCountByListing()).get(deal.ListingId)).toBeUndefined();
    });
  });
});

describe.each(testEngines())("deal alerts when SMTP is down on $name", (engine) => {
  it("keeps the delivery pending and retries the job later", async () => {
    const smtp = await startSmtpListener();
    await smtp.close(); // nothing listens on its port any more
    const clock = new ManualClock(Date.parse("2031-06-10T09:00:00.000Z"));
    const core = await engine.create(
      { SMTP_URL: smtp.url, PUBLIC_URL, SEED_DEMO_ACCOUNTS: "false" },
      { clock },
    );
    try {
      const user = await insertTestAccount(core, { password: "Right2030" });
      await core.dealAlerts.choose(core.sessions.sessionUser(user), "immediately");
      const [listing] = (await core.listings.publicListings()).filter((l) => !isSold(l));
      await core.dealAlerts.listingPublished(listing?.ListingId ?? 0);
      await core.jobs.runDue(); // fan-out
      await core.jobs.runDue(); // the mail: refused
      const [send] = await core.jobs.list("deal-alerts.send");
      expect(send).toMatchObject({ status: "pending", attempts: 1 });
      expect(send?.lastError).toMatch(/Mail to .* failed/);
      expect(Date.parse(send?.runAt ?? "")).toBe(clock.now() + 30_000);
      expect((await core.dealAlerts.sentCountByListing()).size).toBe(0);
    } finally {
      await core.close();
    }
  });
});
