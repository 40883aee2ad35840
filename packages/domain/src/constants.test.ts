import { describe, expect, it } from "vitest";
import {
  ANIMATION_DURATION_MS,
  BASE_QUERY_PAGE_SIZE,
  BREAKPOINT_WIDTHS,
  CASE_HISTORY_CAROUSEL,
  COOKIE_MAX_AGE_DAYS,
  CURRENT_DEALS_CAROUSEL,
  DATE_BUCKETS,
  DEAL_LIST_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  EMAIL_CHECK_DELAY_MS,
  FACET_DISPLAY_LIMIT,
  HERO_BANNER_SIZE,
  HERO_CAROUSEL,
  HIDDEN_HOME_HEADING,
  MANAGEMENT_LIST_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SNACKBAR_DURATION_MS,
  slidesPerViewAt,
  TOMBSTONE_SIZE,
} from "./constants.ts";

describe("constants", () => {
  it("has the page sizes and limits of §9", () => {
    expect(DEAL_LIST_PAGE_SIZE).toBe(14);
    expect(BASE_QUERY_PAGE_SIZE).toBe(20);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(FACET_DISPLAY_LIMIT).toBe(10);
    expect(SNACKBAR_DURATION_MS).toBe(3000);
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(32);
    expect(EMAIL_CHECK_DELAY_MS).toBe(400);
    expect(ANIMATION_DURATION_MS).toBe(300);
    expect(COOKIE_MAX_AGE_DAYS).toBe(365);
    expect(MANAGEMENT_LIST_LENGTH).toBe(3);
  });

  it("has the date buckets of §9", () => {
    expect(DATE_BUCKETS.map((b) => [b.label, b.days])).toEqual([
      ["Last Month", 30],
      ["Last 6 Months", 182],
      ["Last 1 Year", 365],
      ["Older", null],
    ]);
  });

  it("has the breakpoints and the hidden home heading", () => {
    expect(BREAKPOINT_WIDTHS).toEqual([500, 600, 768, 1000, 1186, 1200, 1600]);
    expect(HIDDEN_HOME_HEADING).toBe("Oil and Gas Acquisitions and Divestiture Advisory Services");
  });

  it("has the carousel settings of §9", () => {
    expect(HERO_CAROUSEL).toMatchObject({
      slidesPerView: 1,
      autoplayMs: 15000,
      speedMs: 1000,
      hideArrowsBelow: 768,
    });
    expect(CURRENT_DEALS_CAROUSEL.autoplayMs).toBe(10000);
    expect([1920, 1599, 1199, 999, 767, 499].map((w) => slidesPerViewAt(CURRENT_DEALS_CAROUSEL, w))).toEqual([
      9, 6, 5, 4, 3, 2,
    ]);
    expect(CASE_HISTORY_CAROUSEL).toMatchObject({
      slidesPerView: 5,
      autoplayMs: 10000,
      speedMs: 2000,
      hideBelow: 600,
    });
    expect([1920, 1599, 1199, 999, 767].map((w) => slidesPerViewAt(CASE_HISTORY_CAROUSEL, w))).toEqual([
      5, 4, 3, 2, 1,
    ]);
  });

  it("has the image sizes of §9", () => {
    expect(TOMBSTONE_SIZE).toEqual({ width: 600, height: 600 });
    expect(HERO_BANNER_SIZE).toEqual({ width: 1900, height: 750 });
  });
});
