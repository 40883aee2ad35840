import { describe, expect, it } from "vitest";
import {
  CASE_HISTORY_CAROUSEL,
  COOKIE_MAX_AGE_SECONDS,
  CURRENT_DEALS_CAROUSEL,
  DEAL_LIST_PAGE_SIZE,
  EMAIL_CHECK_DELAY_MS,
  HERO_BANNER_SIZE,
  HERO_CAROUSEL,
  HIDDEN_HOME_HEADING,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SNACKBAR_DURATION_MS,
  TOMBSTONE_SIZE,
} from "./constants.ts";

describe("constants", () => {
  it("has the page sizes and limits of §9", () => {
    expect(DEAL_LIST_PAGE_SIZE).toBe(14);
    expect(SNACKBAR_DURATION_MS).toBe(3000);
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(32);
    expect(EMAIL_CHECK_DELAY_MS).toBe(400);
    expect(COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
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
    expect([
      CURRENT_DEALS_CAROUSEL.slidesPerView,
      ...CURRENT_DEALS_CAROUSEL.responsive.map((s) => s.slidesPerView),
    ]).toEqual([9, 6, 5, 4, 3, 2]);
    expect(CASE_HISTORY_CAROUSEL).toMatchObject({
      slidesPerView: 5,
      autoplayMs: 10000,
      speedMs: 2000,
      hideBelow: 600,
    });
  });

  it("has the image sizes of §9", () => {
    expect(TOMBSTONE_SIZE).toEqual({ width: 600, height: 600 });
    expect(HERO_BANNER_SIZE).toEqual({ width: 1900, height: 750 });
  });
});
