import { describe, expect, it } from "vitest";
import { privateDealTimeline } from "../listing/private-deal-timeline.ts";
import { submitBidSchema } from "./bid-schemas.ts";
import { bidMeasures, listingBidFacts, zonedTimeInput, zonedTimeText, zonedTimeToIso } from "./bids.ts";

describe("a round's dates in the listing's time zone", () => {
  it("reads a wall-clock time as the instant it names, across daylight saving", () => {
    expect(zonedTimeToIso("2031-06-20T17:00", "America/Chicago")).toBe("2031-06-20T22:00:00.000Z");
    expect(zonedTimeToIso("2031-01-20T17:00", "America/Chicago")).toBe("2031-01-20T23:00:00.000Z");
    expect(zonedTimeToIso("2031-03-10T09:30:15", "America/Denver")).toBe("2031-03-10T15:30:15.000Z");
    expect(zonedTimeToIso("2031-06-20T17:00", "UTC")).toBe("2031-06-20T17:00:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    expect(zonedTimeToIso("2031-02-30T17:00", "America/Chicago")).toBeNull();
    expect(zonedTimeToIso("next Friday", "America/Chicago")).toBeNull();
  });

  it("writes an instant as buyers read it, with the zone's short name", () => {
    expect(zonedTimeText("2031-06-20T22:00:00.000Z", "America/Chicago")).toBe("2031-06-20 17:00 CDT");
    expect(zonedTimeText("2031-01-20T23:00:00.000Z", "America/Chicago")).toBe("2031-01-20 17:00 CST");
  });

  it("gives a date-and-time field the zone's wall clock, which reads back as the same instant", () => {
    expect(zonedTimeInput("2031-06-20T22:00:00.000Z", "America/Chicago")).toBe("2031-06-20T17:00");
    expect(zonedTimeInput("2031-03-10T15:30:15.000Z", "America/Denver")).toBe("2031-03-10T09:30:15");
    const instant = "2031-07-04T13:45:00.000Z";
    expect(zonedTimeToIso(zonedTimeInput(instant, "America/New_York"), "America/New_York")).toBe(instant);
  });
});

describe("a bid measured against the listing's facts", () => {
  it("reads net acres, flowing BOE per day and PV10 from the listing's lines", () => {
    const facts = listingBidFacts({
      Header: "Operated Midland Basin Package – 2,350 Net Acres, 1,250 BOEPD",
      prod: "1,250 BOEPD (72% oil)",
      reserves: "PDP 4.1 MMBOE; PUD 7.7 MMBOE; PV10 $45MM",
    });
    expect(facts).toEqual({ netAcres: 2350, boePerDay: 1250, pv10: 45_000_000 });
    expect(bidMeasures(36_000_000, facts)).toEqual({
      perAcre: 36_000_000 / 2350,
      perFlowingBoe: 28_800,
      pctOfPv10: 80,
    });
  });

  it("turns gas at 6 Mcf per BOE, and leaves a fact the listing does not state empty", () => {
    const facts = listingBidFacts({
      Header: "Haynesville Gas Assets – 6.0 MMcfe/d",
      prod: null,
      reserves: null,
    });
    expect(facts).toEqual({ netAcres: null, boePerDay: 1000, pv10: null });
    expect(bidMeasures(5_000_000, facts)).toEqual({ perAcre: null, perFlowingBoe: 5000, pctOfPv10: null });
  });
});

describe("a bid's amount", () => {
  const amount = (value: unknown) =>
    submitBidSchema.safeParse({ amount: value, effectiveDate: "2031-07-01" }).error?.issues[0]?.message;

  it("takes dollars with commas and a $ sign", () => {
    expect(submitBidSchema.parse({ amount: "$12,500,000.50", effectiveDate: "2031-07-01" })).toMatchObject({
      amount: 12_500_000.5,
      conditions: "",
      attachments: [],
    });
  });

  it("refuses a negative, zero, absurd or unreadable amount with a clear message", () => {
    expect(amount("-1")).toBe("The amount must be more than $0.");
    expect(amount("0")).toBe("The amount must be more than $0.");
    expect(amount("1e15")).toBe("The amount must be at most $100,000,000,000.00.");
    expect(amount("a lot")).toBe("The amount must be an amount in US dollars.");
  });
});

it("joins a bid round's dates to a private deal's process timeline, in time order", () => {
  const extras = { openingDate: "2031-05-01", closingDate: "2031-09-01" } as Parameters<
    typeof privateDealTimeline
  >[0];
  const timeline = privateDealTimeline(extras, Date.parse("2031-06-15"), [
    { label: "Sealed bids open", date: "2031-06-10T13:00:00.000Z" },
    { label: "Sealed bids due", date: "2031-06-20T22:00:00.000Z" },
  ]);
  expect(timeline.map((e) => [e.label, e.past])).toEqual([
    ["Opening", true],
    ["Sealed bids open", true],
    ["Sealed bids due", false],
    ["Closing", false],
  ]);
});
