import { ManualClock, testEngines } from "@aea/core/testing";
import { BID_TEXTS } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { roomSessionsForSuite } from "../../testing/room-sessions.ts";
import { serveTestApp } from "../../testing/test-app.ts";

const MINUTE = 60_000;

describe.each(testEngines())("data-room bids over HTTP ($name)", (engine) => {
  // 2031-03-03 15:00 UTC is 09:00 in Houston (CST, UTC-6).
  const clock = new ManualClock(Date.parse("2031-03-03T15:00:00.000Z"));
  const served = serveTestApp(
    engine,
    { SEED_DEMO_ACCOUNTS: "false" },
    { withWebApp: false, core: { clock } },
  );
  const dataRoom = roomSessionsForSuite(served, {
    alpha: { firstName: "Ada", lastName: "Alpha" },
    bravo: { firstName: "Bo", lastName: "Bravo" },
    admin: { isAdmin: true },
  });
  const { call } = dataRoom;
  const submit = (who: "alpha" | "bravo" | "admin", amount: unknown) =>
    call(who, "POST", "/api/data-room-bids/Submit", {
      listingId: dataRoom.listingId,
      amount,
      effectiveDate: "2031-04-01",
      conditions: "",
    });

  it("opens a sealed round in the listing's time zone, and refuses a buyer who tries", async () => {
    const round = {
      listingId: dataRoom.listingId,
      kind: "sealed",
      opensAt: "2031-03-03T09:00",
      deadline: "2031-03-03T10:00",
      timeZone: "America/Chicago",
    };
    expect((await call("alpha", "POST", "/api/data-room-bids/OpenRound", round)).statusCode).toBe(403);
    const opened = await call("admin", "POST", "/api/data-room-bids/OpenRound", round);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      message: BID_TEXTS.opened,
      round: { kind: "sealed", status: "open", deadline: "2031-03-03T16:00:00.000Z" },
    });
  });

  it("answers a negative, absurd or unreadable amount with 400 naming the field, and stores nothing", async () => {
    for (const [amount, message] of [
      [-5, "The amount must be more than $0."],
      [0, "The amount must be more than $0."],
      [1e15, "The amount must be at most $100,000,000,000.00."],
      ["lots", "The amount must be an amount in US dollars."],
      [12.345, "The amount has at most two decimals (cents)."],
    ] as const) {
      const reply = await submit("alpha", amount);
      expect(reply.statusCode, String(amount)).toBe(400);
      expect(reply.json().issues).toContainEqual({ path: "/amount", message });
    }
    const room = await call("alpha", "GET", `/api/data-room-bids/Room?listingId=${dataRoom.listingId}`);
    expect(room.json()).toMatchObject({ mine: [], cannotBid: null });
  });

  it("lets staff change a running round's terms, saying why a deadline already past is refused", async () => {
    const change = (who: "alpha" | "bravo" | "admin", deadline: string) =>
      call(who, "POST", "/api/data-room-bids/ChangeRound", {
        listingId: dataRoom.listingId,
        opensAt: "2031-03-03T09:00",
        deadline,
        minimum: "1,000,000",
      });
    expect((await change("alpha", "2031-03-03T10:00")).statusCode).toBe(403);
    const past = await change("admin", "2031-03-03T08:30");
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: BID_TEXTS.chosenDeadlinePassed("2031-03-03 08:30 CST") });
    const unreadable = await change("admin", "tomorrow");
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().issues).toContainEqual({
      path: "/deadline",
      message: "Deadline: enter a date and time.",
    });
    const changed = await change("admin", "2031-03-03T10:00");
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: BID_TEXTS.changed,
      round: { deadline: "2031-03-03T16:00:00.000Z", minimum: 1_000_000 },
    });
  });

  it("keeps sealed bids from staff until the deadline, then compares them; a revision a second late is refused", async () => {
    expect((await submit("alpha", "12,500,000")).json().bid).toMatchObject({
      revision: 1,
      amount: 12_500_000,
    });
    expect((await submit("bravo", 9_000_000)).statusCode).toBe(200);
    const revised = await submit("bravo", 9_750_000);
    expect(revised.json()).toMatchObject({ message: BID_TEXTS.submitted, bid: { revision: 2 } });
    expect(revised.json().bid.sha256).toMatch(/^[0-9a-f]{64}$/);

    const sealed = await call("admin", "GET", `/api/data-room-bids/Compare?listingId=${dataRoom.listingId}`);
    expect(sealed.statusCode).toBe(403);
    expect(sealed.json()).toEqual({ code: "BIDS_SEALED", message: BID_TEXTS.sealed("2031-03-03 10:00 CST") });
    const staffRoom = await call("admin", "GET", `/api/data-room-bids/Room?listingId=${dataRoom.listingId}`);
    expect(staffRoom.json()).toMatchObject({
      bidders: 2,
      bids: [],
      sealed: BID_TEXTS.sealed("2031-03-03 10:00 CST"),
    });
    expect(staffRoom.body).not.toContain("12500000");

    clock.advance(60 * MINUTE + 1000);
    const late = await submit("bravo", 13_000_000);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: "BIDS_CLOSED", message: BID_TEXTS.closed("2031-03-03 10:00 CST") });

    const compared = await call(
      "admin",
      "GET",
      `/api/data-room-bids/Compare?listingId=${dataRoom.listingId}`,
    );
    expect(compared.statusCode).toBe(200);
    expect(
      compared.json().bids.map((b: { bidderName: string; amount: number }) => [b.bidderName, b.amount]),
    ).toEqual([
      ["Ada Alpha", 12_500_000],
      ["Bo Bravo", 9_750_000],
    ]);
    const buyerCompare = await call(
      "alpha",
      "GET",
      `/api/data-room-bids/Compare?listingId=${dataRoom.listingId}`,
    );
    expect(buyerCompare.statusCode).toBe(403);

    const winner = await call("admin", "POST", "/api/data-room-bids/Winner", {
      listingId: dataRoom.listingId,
      bidId: compared.json().bids[0].id,
    });
    expect(winner.json()).toEqual({ message: BID_TEXTS.winnerMarked });
  });

  it("refuses to change a round whose deadline has passed", async () => {
    const late = await call("admin", "POST", "/api/data-room-bids/ChangeRound", {
      listingId: dataRoom.listingId,
      opensAt: "2031-03-03T09:00",
      deadline: "2031-03-04T10:00",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: "BIDS_CLOSED", message: BID_TEXTS.roundOver });
  });

  it("documents every call in /api/docs", async () => {
    const docs = (await served.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const call of [
      "Room",
      "OpenRound",
      "ChangeRound",
      "Submit",
      "Compare",
      "Unseal",
      "Winner",
      "BestAndFinal",
    ])
      expect(Object.keys(docs.paths)).toContain(`/api/data-room-bids/${call}`);
  });
});
