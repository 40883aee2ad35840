import { describe, expect, it } from "vitest";
import {
  formatNumberWithSuffix,
  formatPercent,
  formatPercentChange,
  formatPrice,
  NUMBER_SUFFIXES,
  percentChange,
  priceTrend,
} from "./format.ts";

describe("prices", () => {
  it("shows 2 decimals", () => {
    expect(formatPrice(72.3)).toBe("72.30");
    expect(formatPrice(3.456)).toBe("3.46");
    expect(formatPrice(1234.5)).toBe("1,234.50");
    expect(formatPrice(0)).toBe("0.00");
    expect(formatPrice(null)).toBe("");
    expect(formatPrice(Number.NaN)).toBe("");
  });

  it("groups thousands and keeps the sign, as en-US Intl formatting does", () => {
    expect(formatPrice(1234567.891)).toBe("1,234,567.89");
    expect(formatPrice(-37.63)).toBe("-37.63");
    expect(formatPrice(-0.001)).toBe("0.00");
    const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let i = 0; i < 2_000; i++) {
      const value = (i % 2 ? -1 : 1) * (i ** 3 / 7 + 0.005 * i);
      expect(formatPrice(value)).toBe(intl.format(value));
    }
  });
});

describe("percent change", () => {
  it("shows 2 decimals with a sign on positive change", () => {
    expect(formatPercent(1.234)).toBe("+1.23%");
    expect(formatPercent(-0.5)).toBe("-0.50%");
    expect(formatPercent(0)).toBe("0.00%");
    expect(formatPercent(-0.001)).toBe("0.00%");
    expect(formatPercent(null)).toBe("");
  });

  it("computes the change from the previous price", () => {
    expect(percentChange(101.23, 100)).toBeCloseTo(1.23, 10);
    expect(formatPercentChange(101.23, 100)).toBe("+1.23%");
    expect(formatPercentChange(99.5, 100)).toBe("-0.50%");
    expect(formatPercentChange(5, 0)).toBe("");
    expect(formatPercentChange(5, null)).toBe("");
  });

  it("tells which way a price moved", () => {
    expect(priceTrend(2, 1)).toBe("up");
    expect(priceTrend(1, 2)).toBe("down");
    expect(priceTrend(1, 1)).toBe("flat");
    expect(priceTrend(1, null)).toBe("flat");
  });
});

describe("number suffixes", () => {
  it("uses K, M, B, T, P, E", () => {
    expect(NUMBER_SUFFIXES).toEqual(["K", "M", "B", "T", "P", "E"]);
    expect(formatNumberWithSuffix(1500)).toBe("1.5K");
    expect(formatNumberWithSuffix(2_000_000)).toBe("2M");
    expect(formatNumberWithSuffix(3.25e9, 2)).toBe("3.25B");
    expect(formatNumberWithSuffix(4e12)).toBe("4T");
    expect(formatNumberWithSuffix(5e15)).toBe("5P");
    expect(formatNumberWithSuffix(6e18)).toBe("6E");
  });

  it("leaves small numbers alone and keeps the sign", () => {
    expect(formatNumberWithSuffix(950)).toBe("950");
    expect(formatNumberWithSuffix(12.34)).toBe("12.3");
    expect(formatNumberWithSuffix(0)).toBe("0");
    expect(formatNumberWithSuffix(-2500)).toBe("-2.5K");
    expect(formatNumberWithSuffix(null)).toBe("");
  });

  it("carries rounding into the next unit", () => {
    expect(formatNumberWithSuffix(999_999)).toBe("1M");
    expect(formatNumberWithSuffix(999.96)).toBe("1K");
    expect(formatNumberWithSuffix(1000)).toBe("1K");
  });
});
