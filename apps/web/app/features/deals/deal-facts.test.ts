import { describe, expect, it } from "vitest";
import { formatListedDate } from "./deal-facts";

describe("formatListedDate", () => {
  it("reads as en-US medium dates in UTC, like Intl would print them", () => {
    expect(formatListedDate("2026-03-05T23:30:00Z")).toBe("Mar 5, 2026");
    const intl = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
    for (let day = 0; day < 800; day += 7) {
      const iso = new Date(Date.UTC(2025, 0, 1 + day, 13)).toISOString();
      expect(formatListedDate(iso)).toBe(intl.format(new Date(iso)));
    }
  });

  it("shows nothing for a missing or unreadable date", () => {
    expect(formatListedDate(null)).toBe("");
    expect(formatListedDate("not a date")).toBe("");
  });
});
