import { describe, expect, it } from "vitest";
import { EngagementTallyBuilder, engagementCounts, engagementParts, engagementScore } from "./engagement.ts";

const at = (minutes: number) => Date.parse("2031-03-02T09:00:00.000Z") + minutes * 60_000;

describe("engagement score", () => {
  it("splits visits after 30 minutes without an event and times each visit first to last", () => {
    const builder = new EngagementTallyBuilder();
    for (const minutes of [0, 10, 40, 71, 80])
      builder.add({ event: "folder-opened", file: null, at: at(minutes) });
    // 0–40 is one visit (gaps of 10 and 30), 71–80 another (a gap of 31).
    expect(builder.tally()).toMatchObject({ visits: 2, minutesInRoom: 49 });
  });

  it("counts a file once however often it is opened, and a part only up to its cap", () => {
    const builder = new EngagementTallyBuilder();
    for (let n = 0; n < 30; n++) builder.add({ event: "file-downloaded", file: 7, at: at(n) });
    const counts = engagementCounts(builder.tally());
    expect(counts).toMatchObject({ documentsOpened: 1, downloads: 30, returnVisits: 0 });
    const downloads = engagementParts(counts).find((p) => p.key === "downloads");
    expect(downloads).toMatchObject({ count: 30, cap: 25, weight: 4, points: 100 });
    expect(engagementScore(counts)).toBe(3 + 29 * 0.5 + 100);
  });

  it("counts the bids and revisions a buyer submitted (issue 23: bids join the score)", () => {
    const builder = new EngagementTallyBuilder();
    for (const minutes of [0, 5, 9]) builder.add({ event: "bid-submitted", file: null, at: at(minutes) });
    const bids = engagementParts(engagementCounts(builder.tally())).find((p) => p.key === "bids");
    expect(bids).toMatchObject({ label: "Bids and revisions submitted", count: 3, weight: 8, points: 24 });
  });
});
