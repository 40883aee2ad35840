import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { BID_TEXTS, bidReceiptText, type SessionUser } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { buyersRoomForSuite } from "../documents/room-test-fixture.ts";

const IP = "198.51.100.8";
const HOUR = 3_600_000;

describe.each(testEngines())("bids and indications of interest on $name", (engine) => {
  // 2031-06-10 09:00 UTC is 04:00 in Houston (CDT, UTC-5).
  const clock = new ManualClock(Date.parse("2031-06-10T09:00:00.000Z"));
  const deadline = Date.parse("2031-06-12T22:00:00.000Z"); // 17:00 CDT
  // A room whose listing states its production in BOEPD, so staff's comparison has a price per flowing BOE.
  const room = buyersRoomForSuite(engine, {
    clock,
    buyers: { alpha: ["Ada", "Alpha"], bravo: ["Bo", "Bravo"] },
    fits: (l) => / BOEPD/.test(l.prod ?? ""),
  });
  const { mailsTo, runAllJobs } = room;

  const bids = () => room.core.dataRoomBids;
  const bid = (who: SessionUser, amount: number, extra: Record<string, unknown> = {}) =>
    bids().submit(
      who,
      room.listing.ListingId,
      {
        amount,
        effectiveDate: "2031-07-01",
        conditions: "Subject to title review",
        attachments: [],
        ...extra,
      },
      IP,
    );
  const trail = async () =>
    testDatabase(room.core)
      .db.selectFrom("data_room_events")
      .select(["event", "detail"])
      .where("ListingId", "=", room.listing.ListingId)
      .execute();

  it("takes no bid before staff open a round, and only staff open one, in the listing's zone", async () => {
    await expect(bid(room.alpha, 1_000_000)).rejects.toMatchObject({
      status: 409,
      message: BID_TEXTS.noRound,
    });
    const input = {
      kind: "sealed" as const,
      opensAt: "2031-06-10T03:00",
      deadline: "2031-06-12T17:00",
      timeZone: "America/Chicago" as const,
      minimum: 500_000,
    };
    await expect(bids().openRound(room.alpha, room.listing.ListingId, input, IP)).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      bids().openRound(room.admin, room.listing.ListingId, { ...input, deadline: "2031-06-10T02:00" }, IP),
    ).rejects.toMatchObject({ message: BID_TEXTS.deadlineBeforeOpens });
    const round = await bids().openRound(room.admin, room.listing.ListingId, input, IP);
    expect(round.deadline).toBe(new Date(deadline).toISOString());
    expect(round.opensAt).toBe("2031-06-10T08:00:00.000Z");
    await expect(bids().openRound(room.admin, room.listing.ListingId, input, IP)).rejects.toMatchObject({
      status: 409,
      message: BID_TEXTS.roundRunning,
    });
  });

  it("refuses bad bids with a clear message and changes nothing", async () => {
    const before = await trail();
    await expect(bid(room.unsigned, 1_000_000)).rejects.toMatchObject({
      status: 403,
      message: BID_TEXTS.noAgreement,
    });
    await expect(bid(room.admin, 1_000_000)).rejects.toMatchObject({
      status: 403,
      message: BID_TEXTS.buyersBid,
    });
    await expect(bid(room.alpha, 400_000)).rejects.toMatchObject({
      message: BID_TEXTS.belowMinimum("500,000.00"),
    });
    await expect(bid({ ...room.alpha, impersonatorId: room.admin.id }, 1_000_000)).rejects.toMatchObject({
      code: "IMPERSONATING",
    });
    // A Secure File another buyer sent is not this buyer's to attach.
    const theirs = await room.core.secureFiles.add(room.bravo, {
      name: "bravo-terms.txt",
      size: 5,
      open: () => Readable.from([Buffer.from("terms")]),
    });
    await expect(bid(room.alpha, 1_000_000, { attachments: [theirs.id] })).rejects.toMatchObject({
      message: BID_TEXTS.noAttachment,
    });
    expect(await trail()).toEqual(before);
    expect((await bids().view(room.alpha, room.listing.ListingId)) as { mine: unknown[] }).toMatchObject({
      mine: [],
    });
  });

  it("keeps each revision with the SHA-256 of what was sent, and mails a receipt", async () => {
    const first = await bid(room.alpha, 12_000_000);
    clock.advance(HOUR);
    const second = await bid(room.alpha, 12_750_000, { conditions: "No financing condition" });
    await bid(room.bravo, 11_500_000);
    expect([first.revision, second.revision]).toEqual([1, 2]);
    expect(second.sha256).toBe(createHash("sha256").update(bidReceiptText(second)).digest("hex"));
    const view = await bids().view(room.alpha, room.listing.ListingId);
    expect(view.isStaff).toBe(false);
    if (view.isStaff) return;
    expect(view.mine.map((b) => [b.revision, b.amount])).toEqual([
      [2, 12_750_000],
      [1, 12_000_000],
    ]);
    expect(JSON.stringify(view)).not.toContain("11500000");
    await runAllJobs();
    const mails = await mailsTo(room.alpha.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(`SHA-256 of your bid: ${second.sha256}`);
    expect(mails[1]?.text).toContain("$12,750,000.00");
  });

  it("hides a sealed round's bids from staff until the deadline, in the view, the comparison and the export", async () => {
    const view = await bids().view(room.admin, room.listing.ListingId);
    expect(view).toMatchObject({ isStaff: true, bidders: 2, bids: [] });
    expect(JSON.stringify(view)).not.toContain("12750000");
    const sealed = { status: 403, code: "BIDS_SEALED", message: BID_TEXTS.sealed("2031-06-12 17:00 CDT") };
    await expect(bids().compare(room.admin, room.listing.ListingId)).rejects.toMatchObject(sealed);
    await expect(bids().export(room.admin, room.listing.ListingId, "csv", IP)).rejects.toMatchObject(sealed);
    await expect(bids().markWinner(room.admin, room.listing.ListingId, 1, IP)).rejects.toMatchObject(sealed);
    // The trail (the activity page and CSV) says bids came, never how much.
    const events = JSON.stringify(await trail());
    expect(events).toContain("bid-submitted");
    expect(events).not.toContain("12750000");
    expect(events).not.toContain("12,750,000");
  });

  it("refuses a revision racing the deadline by a second, and keeps the bid that stands", async () => {
    clock.advance(deadline - 1000 - clock.now());
    const last = await bid(room.bravo, 11_900_000);
    expect(last.revision).toBe(2);
    clock.advance(2000);
    await expect(bid(room.bravo, 13_000_000)).rejects.toMatchObject({
      status: 409,
      code: "BIDS_CLOSED",
      message: BID_TEXTS.closed("2031-06-12 17:00 CDT"),
    });
    const view = await bids().view(room.bravo, room.listing.ListingId);
    if (view.isStaff) throw new Error("a buyer's view");
    expect(view.mine[0]).toMatchObject({ revision: 2, amount: 11_900_000 });
    expect(view.cannotBid).toBe(BID_TEXTS.closed("2031-06-12 17:00 CDT"));
  });

  it("after the deadline shows staff the standing bids side by side, exports them and marks the winner", async () => {
    const { bids: compared } = await bids().compare(room.admin, room.listing.ListingId);
    expect(compared.map((b) => [b.bidderName, b.amount, b.revision])).toEqual([
      ["Ada Alpha", 12_750_000, 2],
      ["Bo Bravo", 11_900_000, 2],
    ]);
    expect(compared[0]?.perFlowingBoe).toBeGreaterThan(0);
    const csv = String((await bids().export(room.admin, room.listing.ListingId, "csv", IP)).body);
    expect(csv).toContain("Amount (USD),$/acre,$/flowing BOE per day,% of PV10");
    expect(csv).toContain("Ada Alpha");
    expect(csv).toContain("12750000");
    const xlsx = await bids().export(room.admin, room.listing.ListingId, "xlsx", IP);
    expect(xlsx.contentType).toContain("spreadsheetml");

    await bids().markWinner(room.admin, room.listing.ListingId, compared[0]?.id ?? 0, IP);
    expect((await bids().compare(room.admin, room.listing.ListingId)).round).toMatchObject({
      status: "awarded",
      winnerBidId: compared[0]?.id,
    });
    expect(await bids().view(room.bravo, room.listing.ListingId)).toMatchObject({
      cannotBid: BID_TEXTS.decided,
    });
    const stats = await room.core.dealStatistics.overview({ ...room.admin, isManagement: true });
    expect(stats.rows.find((r) => r.ListingId === room.listing.ListingId)).toMatchObject({
      offersCount: 2,
      offersFromBids: true,
    });
    // The listing analysis (the facet index) reads the same offers, refreshed by the bids' data version.
    const analysed = async (start: number) =>
      (
        await room.core.facets.query("listing", {
          sorts: [{ sortField: "id", isAscending: true }],
          size: 100,
          start,
        })
      ).response.docs as { id: number; offersCount: number }[];
    let document: { offersCount: number } | undefined;
    for (let start = 0; !document; start += 100) {
      const docs = await analysed(start);
      if (docs.length === 0) break;
      document = docs.find((d) => d.id === room.listing.ListingId);
    }
    expect(document?.offersCount).toBe(2);
    expect((await trail()).map((e) => e.event)).toEqual(
      expect.arrayContaining(["bid-round-opened", "bids-exported", "bid-winner-marked"]),
    );
  });

  it("lets an admin open a sealed round early: audited, and every bidder is told", async () => {
    const round = await bids().openRound(
      room.admin,
      room.listing.ListingId,
      {
        kind: "sealed",
        opensAt: "2031-06-12T16:00",
        deadline: "2031-06-20T17:00",
        timeZone: "America/Chicago",
      },
      IP,
    );
    await bid(room.alpha, 13_000_000);
    await expect(bids().unseal(room.admin, room.listing.ListingId, "x", IP)).resolves.toBeUndefined();
    const { bids: open } = await bids().compare(room.admin, room.listing.ListingId);
    expect(open.map((b) => b.amount)).toEqual([13_000_000]);
    const events = await trail();
    expect(events.find((e) => e.event === "bids-unsealed-early")?.detail).toContain(`"roundId":${round.id}`);
    await runAllJobs();
    const told = (await mailsTo(room.alpha.email)).filter((m) => m.subject.includes("opened early"));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain("Staff opened the sealed bids of this round early");
    expect(await mailsTo(room.bravo.email)).not.toContainEqual(
      expect.objectContaining({ subject: told[0]?.subject }),
    );
  });

  it("asks the round's bidders for best and final: sealed again until the new deadline, no newcomers", async () => {
    clock.advance(Date.parse("2031-06-20T22:00:01.000Z") - clock.now());
    await expect(
      bids().bestAndFinal(room.alpha, room.listing.ListingId, "2031-06-25T17:00", IP),
    ).rejects.toMatchObject({
      status: 403,
    });
    await bids().bestAndFinal(room.admin, room.listing.ListingId, "2031-06-25T17:00", IP);
    await expect(bid(room.bravo, 14_000_000)).rejects.toMatchObject({
      message: BID_TEXTS.bestAndFinalOnlyBidders,
    });
    expect((await bid(room.alpha, 13_900_000)).revision).toBe(2);
    await expect(bids().compare(room.admin, room.listing.ListingId)).rejects.toMatchObject({
      code: "BIDS_SEALED",
      message: BID_TEXTS.sealed("2031-06-25 17:00 CDT"),
    });
    expect(await bids().timeline(room.listing.ListingId)).toEqual([
      { label: "Sealed bids open", date: "2031-06-12T21:00:00.000Z" },
      { label: "Best and final deadline", date: "2031-06-25T22:00:00.000Z" },
    ]);
  });

  it("lets staff move a running round's deadline and minimum, audited, mailing its bidders; never after the deadline", async () => {
    const change = (who: SessionUser, deadlineLocal: string, extra: Record<string, unknown> = {}) =>
      bids().changeRound(
        who,
        room.listing.ListingId,
        { opensAt: "2031-06-12T16:00", deadline: deadlineLocal, minimum: 14_000_000, ...extra },
        IP,
      );
    const before = await trail();
    await expect(change(room.alpha, "2031-06-27T17:00")).rejects.toMatchObject({ status: 403 });
    await expect(change(room.admin, "2031-06-19T17:00")).rejects.toMatchObject({
      status: 400,
      message: BID_TEXTS.chosenDeadlinePassed("2031-06-19 17:00 CDT"),
    });
    // The round opened on the 12th: its opening stays where it was.
    await expect(
      change(room.admin, "2031-06-27T17:00", { opensAt: "2031-06-21T08:00" }),
    ).rejects.toMatchObject({
      message: BID_TEXTS.openedAlready("2031-06-12 16:00 CDT"),
    });
    expect(await trail()).toEqual(before);

    const moved = await change(room.admin, "2031-06-27T17:00");
    expect(moved).toMatchObject({ deadline: "2031-06-27T22:00:00.000Z", minimum: 14_000_000 });
    expect((await bids().view(room.alpha, room.listing.ListingId)).round).toMatchObject({
      deadline: "2031-06-27T22:00:00.000Z",
      minimum: 14_000_000,
    });
    const changed = (await trail()).find((e) => e.event === "bid-round-changed");
    expect(changed?.detail).toContain('"previousDeadline":"2031-06-25T22:00:00.000Z"');
    // A minimum alone moves no deadline: no second mail.
    await change(room.admin, "2031-06-27T17:00", { minimum: undefined });
    await runAllJobs();
    const told = (await mailsTo(room.alpha.email)).filter((m) => m.subject.includes("deadline"));
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`The bid deadline on ${room.listing.Header} moved`);
    expect(told[0]?.text).toContain(BID_TEXTS.deadlineMoved("2031-06-25 17:00 CDT", "2031-06-27 17:00 CDT"));
    // Bravo did not bid in best and final: nothing to tell them.
    expect((await mailsTo(room.bravo.email)).filter((m) => m.subject.includes("deadline"))).toEqual([]);
    await expect(bid(room.alpha, 13_950_000)).resolves.toMatchObject({ revision: 3 });

    clock.advance(Date.parse("2031-06-27T22:00:00.000Z") - clock.now());
    await expect(change(room.admin, "2031-06-30T17:00")).rejects.toMatchObject({
      status: 409,
      code: "BIDS_CLOSED",
      message: BID_TEXTS.roundOver,
    });
    expect((await bids().view(room.admin, room.listing.ListingId)).round?.deadline).toBe(
      "2031-06-27T22:00:00.000Z",
    );
  });
});
