import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { BID_TEXTS, bidReceiptText, isSold, type Listing, type SessionUser } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { insertTestAccount, openTestDataRoom } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { dataRoomStores } from "../data-room-stores.ts";

const IP = "198.51.100.8";
const HOUR = 3_600_000;

describe.each(testEngines())("bids and indications of interest on $name", (engine) => {
  let core: Core;
  let listing: Listing;
  let admin: SessionUser;
  let alpha: SessionUser;
  let bravo: SessionUser;
  let unsigned: SessionUser;
  // 2031-06-10 09:00 UTC is 04:00 in Houston (CDT, UTC-5).
  const clock = new ManualClock(Date.parse("2031-06-10T09:00:00.000Z"));
  const deadline = Date.parse("2031-06-12T22:00:00.000Z"); // 17:00 CDT

  const bids = () => core.dataRoomBids;
  const bid = (who: SessionUser, amount: number, extra: Record<string, unknown> = {}) =>
    bids().submit(
      who,
      listing.ListingId,
      {
        amount,
        effectiveDate: "2031-07-01",
        conditions: "Subject to title review",
        attachments: [],
        ...extra,
      },
      IP,
    );
  const buyer = async (firstName: string, lastName: string) =>
    core.sessions.sessionUser(await insertTestAccount(core, { password: "Right2030", firstName, lastName }));
  const mailsTo = async (email: string) =>
    testDatabase(core)
      .db.selectFrom("mail_outbox")
      .select(["subject", "text"])
      .where("to", "=", email)
      .orderBy("id")
      .execute();
  const runAllJobs = async () => {
    while ((await core.jobs.runDue()) > 0) {}
  };
  const trail = async () =>
    testDatabase(core)
      .db.selectFrom("data_room_events")
      .select(["event", "detail"])
      .where("ListingId", "=", listing.ListingId)
      .execute();

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    listing = (await core.listings.publicListings()).find(
      (l) => l.hasVDR && !isSold(l) && / BOEPD/.test(l.prod ?? ""),
    ) as Listing;
    admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Right2030", isAdmin: true }),
    );
    alpha = await buyer("Ada", "Alpha");
    bravo = await buyer("Bo", "Bravo");
    unsigned = await buyer("Una", "Unsigned");
    await openTestDataRoom(core, alpha.id, listing.ListingId);
    await openTestDataRoom(core, bravo.id, listing.ListingId);
    await dataRoomStores(testDatabase(core).db).dataRoomGrants.grant({
      userId: unsigned.id,
      ListingId: listing.ListingId,
      via: "code",
      grantedBy: null,
      grantedAt: new Date(clock.now()).toISOString(),
    });
  });
  afterAll(() => core.close());

  it("takes no bid before staff open a round, and only staff open one, in the listing's zone", async () => {
    await expect(bid(alpha, 1_000_000)).rejects.toMatchObject({ status: 409, message: BID_TEXTS.noRound });
    const input = {
      kind: "sealed" as const,
      opensAt: "2031-06-10T03:00",
      deadline: "2031-06-12T17:00",
      timeZone: "America/Chicago" as const,
      minimum: 500_000,
    };
    await expect(bids().openRound(alpha, listing.ListingId, input, IP)).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      bids().openRound(admin, listing.ListingId, { ...input, deadline: "2031-06-10T02:00" }, IP),
    ).rejects.toMatchObject({ message: BID_TEXTS.deadlineBeforeOpens });
    const round = await bids().openRound(admin, listing.ListingId, input, IP);
    expect(round.deadline).toBe(new Date(deadline).toISOString());
    expect(round.opensAt).toBe("2031-06-10T08:00:00.000Z");
    await expect(bids().openRound(admin, listing.ListingId, input, IP)).rejects.toMatchObject({
      status: 409,
      message: BID_TEXTS.roundRunning,
    });
  });

  it("refuses bad bids with a clear message and changes nothing", async () => {
    const before = await trail();
    await expect(bid(unsigned, 1_000_000)).rejects.toMatchObject({
      status: 403,
      message: BID_TEXTS.noAgreement,
    });
    await expect(bid(admin, 1_000_000)).rejects.toMatchObject({ status: 403, message: BID_TEXTS.buyersBid });
    await expect(bid(alpha, 400_000)).rejects.toMatchObject({
      message: BID_TEXTS.belowMinimum("500,000.00"),
    });
    await expect(bid({ ...alpha, impersonatorId: admin.id }, 1_000_000)).rejects.toMatchObject({
      code: "IMPERSONATING",
    });
    // A Secure File another buyer sent is not this buyer's to attach.
    const theirs = await core.secureFiles.add(bravo, {
      name: "bravo-terms.txt",
      size: 5,
      open: () => Readable.from([Buffer.from("terms")]),
    });
    await expect(bid(alpha, 1_000_000, { attachments: [theirs.id] })).rejects.toMatchObject({
      message: BID_TEXTS.noAttachment,
    });
    expect(await trail()).toEqual(before);
    expect((await bids().view(alpha, listing.ListingId)) as { mine: unknown[] }).toMatchObject({ mine: [] });
  });

  it("keeps each revision with the SHA-256 of what was sent, and mails a receipt", async () => {
    const first = await bid(alpha, 12_000_000);
    clock.advance(HOUR);
    const second = await bid(alpha, 12_750_000, { conditions: "No financing condition" });
    await bid(bravo, 11_500_000);
    expect([first.revision, second.revision]).toEqual([1, 2]);
    expect(second.sha256).toBe(createHash("sha256").update(bidReceiptText(second)).digest("hex"));
    const view = await bids().view(alpha, listing.ListingId);
    expect(view.isStaff).toBe(false);
    if (view.isStaff) return;
    expect(view.mine.map((b) => [b.revision, b.amount])).toEqual([
      [2, 12_750_000],
      [1, 12_000_000],
    ]);
    expect(JSON.stringify(view)).not.toContain("11500000");
    await runAllJobs();
    const mails = await mailsTo(alpha.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(`SHA-256 of your bid: ${second.sha256}`);
    expect(mails[1]?.text).toContain("$12,750,000.00");
  });

  it("hides a sealed round's bids from staff until the deadline, in the view, the comparison and the export", async () => {
    const view = await bids().view(admin, listing.ListingId);
    expect(view).toMatchObject({ isStaff: true, bidders: 2, bids: [] });
    expect(JSON.stringify(view)).not.toContain("12750000");
    const sealed = { status: 403, code: "BIDS_SEALED", message: BID_TEXTS.sealed("2031-06-12 17:00 CDT") };
    await expect(bids().compare(admin, listing.ListingId)).rejects.toMatchObject(sealed);
    await expect(bids().export(admin, listing.ListingId, "csv", IP)).rejects.toMatchObject(sealed);
    await expect(bids().markWinner(admin, listing.ListingId, 1, IP)).rejects.toMatchObject(sealed);
    // The trail (the activity page and CSV) says bids came, never how much.
    const events = JSON.stringify(await trail());
    expect(events).toContain("bid-submitted");
    expect(events).not.toContain("12750000");
    expect(events).not.toContain("12,750,000");
  });

  it("refuses a revision racing the deadline by a second, and keeps the bid that stands", async () => {
    clock.advance(deadline - 1000 - clock.now());
    const last = await bid(bravo, 11_900_000);
    expect(last.revision).toBe(2);
    clock.advance(2000);
    await expect(bid(bravo, 13_000_000)).rejects.toMatchObject({
      status: 409,
      code: "BIDS_CLOSED",
      message: BID_TEXTS.closed("2031-06-12 17:00 CDT"),
    });
    const view = await bids().view(bravo, listing.ListingId);
    if (view.isStaff) throw new Error("a buyer's view");
    expect(view.mine[0]).toMatchObject({ revision: 2, amount: 11_900_000 });
    expect(view.cannotBid).toBe(BID_TEXTS.closed("2031-06-12 17:00 CDT"));
  });

  it("after the deadline shows staff the standing bids side by side, exports them and marks the winner", async () => {
    const { bids: compared } = await bids().compare(admin, listing.ListingId);
    expect(compared.map((b) => [b.bidderName, b.amount, b.revision])).toEqual([
      ["Ada Alpha", 12_750_000, 2],
      ["Bo Bravo", 11_900_000, 2],
    ]);
    expect(compared[0]?.perFlowingBoe).toBeGreaterThan(0);
    const csv = String((await bids().export(admin, listing.ListingId, "csv", IP)).body);
    expect(csv).toContain("Amount (USD),$/acre,$/flowing BOE per day,% of PV10");
    expect(csv).toContain("Ada Alpha");
    expect(csv).toContain("12750000");
    const xlsx = await bids().export(admin, listing.ListingId, "xlsx", IP);
    expect(xlsx.contentType).toContain("spreadsheetml");

    await bids().markWinner(admin, listing.ListingId, compared[0]?.id ?? 0, IP);
    expect((await bids().compare(admin, listing.ListingId)).round).toMatchObject({
      status: "awarded",
      winnerBidId: compared[0]?.id,
    });
    expect(await bids().view(bravo, listing.ListingId)).toMatchObject({ cannotBid: BID_TEXTS.decided });
    const stats = await core.dealStatistics.overview({ ...admin, isManagement: true });
    expect(stats.rows.find((r) => r.ListingId === listing.ListingId)).toMatchObject({
      offersCount: 2,
      offersFromBids: true,
    });
    // The listing analysis (the facet index) reads the same offers, refreshed by the bids' data version.
    const analysed = async (start: number) =>
      (
        await core.facets.query("listing", {
          sorts: [{ sortField: "id", isAscending: true }],
          size: 100,
          start,
        })
      ).response.docs as { id: number; offersCount: number }[];
    let document: { offersCount: number } | undefined;
    for (let start = 0; !document; start += 100) {
      const docs = await analysed(start);
      if (docs.length === 0) break;
      document = docs.find((d) => d.id === listing.ListingId);
    }
    expect(document?.offersCount).toBe(2);
    expect((await trail()).map((e) => e.event)).toEqual(
      expect.arrayContaining(["bid-round-opened", "bids-exported", "bid-winner-marked"]),
    );
  });

  it("lets an admin open a sealed round early: audited, and every bidder is told", async () => {
    const round = await bids().openRound(
      admin,
      listing.ListingId,
      {
        kind: "sealed",
        opensAt: "2031-06-12T16:00",
        deadline: "2031-06-20T17:00",
        timeZone: "America/Chicago",
      },
      IP,
    );
    await bid(alpha, 13_000_000);
    await expect(bids().unseal(admin, listing.ListingId, "x", IP)).resolves.toBeUndefined();
    const { bids: open } = await bids().compare(admin, listing.ListingId);
    expect(open.map((b) => b.amount)).toEqual([13_000_000]);
    const events = await trail();
    expect(events.find((e) => e.event === "bids-unsealed-early")?.detail).toContain(`"roundId":${round.id}`);
    await runAllJobs();
    const told = (await mailsTo(alpha.email)).filter((m) => m.subject.includes("opened early"));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("Staff opened the sealed bids of this round early");
    expect(await mailsTo(bravo.email)).not.toContainEqual(
      expect.objectContaining({ subject: told[0]?.subject }),
    );
  });

  it("asks the round's bidders for best and final: sealed again until the new deadline, no newcomers", async () => {
    clock.advance(Date.parse("2031-06-20T22:00:01.000Z") - clock.now());
    await expect(bids().bestAndFinal(alpha, listing.ListingId, "2031-06-25T17:00", IP)).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    await bids().bestAndFinal(admin, listing.ListingId, "2031-06-25T17:00", IP);
    await expect(bid(bravo, 14_000_000)).rejects.toMatchObject({
      message: BID_TEXTS.bestAndFinalOnlyBidders,
    });
    expect((await bid(alpha, 13_900_000)).revision).toBe(2);
    await expect(bids().compare(admin, listing.ListingId)).rejects.toMatchObject({
      code: "BIDS_SEALED",
      message: BID_TEXTS.sealed("2031-06-25 17:00 CDT"),
    });
    expect(await bids().timeline(listing.ListingId)).toEqual([
      { label: "Sealed bids open", date: "2031-06-12T21:00:00.000Z" },
      { label: "Best and final deadline", date: "2031-06-25T22:00:00.000Z" },
    ]);
  });
  it("lets staff move a running round's deadline and minimum, audited, mailing its bidders; never after the deadline", async () => {
    const change = (who: SessionUser, deadlineLocal: string, extra: Record<string, unknown> = {}) =>
      bids().changeRound(
        who,
        listing.ListingId,
        { opensAt: "2031-06-12T16:00", deadline: deadlineLocal, minimum: 14_000_000, ...extra },
        IP,
      );
    const before = await trail();
    await expect(change(alpha, "2031-06-27T17:00")).rejects.toMatchObject({ status: 403 });
    await expect(change(admin, "2031-06-19T17:00")).rejects.toMatchObject({
      status: 400,
      message: BID_TEXTS.chosenDeadlinePassed("2031-06-19 17:00 CDT"),
    });
    // The round opened on the 12th: its opening stays where it was.
    await expect(change(admin, "2031-06-27T17:00", { opensAt: "2031-06-21T08:00" })).rejects.toMatchObject({
      message: BID_TEXTS.openedAlready("2031-06-12 16:00 CDT"),
    });
    expect(await trail()).toEqual(before);

    const moved = await change(admin, "2031-06-27T17:00");
    expect(moved).toMatchObject({ deadline: "2031-06-27T22:00:00.000Z", minimum: 14_000_000 });
    expect((await bids().view(alpha, listing.ListingId)).round).toMatchObject({
      deadline: "2031-06-27T22:00:00.000Z",
      minimum: 14_000_000,
    });
    const changed = (await trail()).find((e) => e.event === "bid-round-changed");
    expect(changed?.detail).toContain('"previousDeadline":"2031-06-25T22:00:00.000Z"');
    // A minimum alone moves no deadline: no second mail.
    await change(admin, "2031-06-27T17:00", { minimum: undefined });
    await runAllJobs();
    const told = (await mailsTo(alpha.email)).filter((m) => m.subject.includes("deadline"));
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`The bid deadline on ${listing.Header} moved`);
    expect(told[0]?.text).toContain(BID_TEXTS.deadlineMoved("2031-06-25 17:00 CDT", "2031-06-27 17:00 CDT"));
    // Bravo did not bid in best and final: nothing to tell them.
    expect((await mailsTo(bravo.email)).filter((m) => m.subject.includes("deadline"))).toEqual([]);
    await expect(bid(alpha, 13_950_000)).resolves.toMatchObject({ revision: 3 });

    clock.advance(Date.parse("2031-06-27T22:00:00.000Z") - clock.now());
    await expect(change(admin, "2031-06-30T17:00")).rejects.toMatchObject({
      status: 409,
      code: "BIDS_CLOSED",
      message: BID_TEXTS.roundOver,
    });
    expect((await bids().view(admin, listing.ListingId)).round?.deadline).toBe("2031-06-27T22:00:00.000Z");
  });
});
