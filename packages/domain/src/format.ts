/**
 * Number formats (§9): prices with 2 decimals, percent change with 2 decimals and a
 * sign on positive change, and short numbers with the suffixes K, M, B, T, P, E.
 * Formats are fixed to en-US so server and browser render the same text.
 */

/**
 * "1,234.50". Written out rather than with Intl.NumberFormat: building that formatter costs a phone
 * 10–25 ms, and the home page's price strip would pay it while the page hydrates. Like Intl, it rounds
 * the number as it is written (49.035 → 49.04), half away from zero: `${x}e2` moves the decimal point
 * in that written form. A negative amount that rounds to zero shows no sign.
 */
function twoDecimals(value: number): string {
  const magnitude = Math.abs(value);
  const hundredths = Math.round(Number(`${magnitude}e2`));
  const fixed = Number.isFinite(hundredths) ? (hundredths / 100).toFixed(2) : magnitude.toFixed(2);
  const [whole, fraction] = fixed.split(".");
  const sign = value < 0 && fixed !== "0.00" ? "-" : "";
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ",")}.${fraction}`;
}

function isNumber(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** "1,234.50"; "" when there is no number. */
export function formatPrice(value: number | null | undefined): string {
  return isNumber(value) ? twoDecimals(value) : "";
}

/** The change from `previous` to `current` in percent; null when it cannot be computed. */
export function percentChange(
  current: number | null | undefined,
  previous: number | null | undefined,
): number | null {
  if (!isNumber(current) || !isNumber(previous) || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** "+1.23%", "-0.50%", "0.00%" (a change that rounds to zero carries no sign); "" for none. */
export function formatPercent(percent: number | null | undefined): string {
  if (!isNumber(percent)) return "";
  const rounded = Math.round(percent * 100) / 100;
  if (rounded === 0) return "0.00%";
  return `${rounded > 0 ? "+" : ""}${twoDecimals(rounded)}%`;
}

/** The signed percent change from `previous` to `current`, e.g. "+1.23%"; "" when unknown. */
export function formatPercentChange(
  current: number | null | undefined,
  previous: number | null | undefined,
): string {
  return formatPercent(percentChange(current, previous));
}

export type PriceTrend = "up" | "down" | "flat";

/** Which way a price moved (§4: green when positive, red when negative). */
export function priceTrend(
  current: number | null | undefined,
  previous: number | null | undefined,
): PriceTrend {
  if (!isNumber(current) || !isNumber(previous) || current === previous) return "flat";
  return current > previous ? "up" : "down";
}

export const NUMBER_SUFFIXES = ["K", "M", "B", "T", "P", "E"] as const;

/**
 * A short number: 950 → "950", 1500 → "1.5K", 2000000 → "2M", 999999 → "1M".
 * `decimals` is the most decimals kept; trailing zeros are dropped.
 */
export function formatNumberWithSuffix(value: number | null | undefined, decimals = 1): string {
  if (!isNumber(value)) return "";
  const places = Math.max(0, Math.min(20, Math.floor(decimals)));
  const round = (n: number) => Number(n.toFixed(places));
  const sign = value < 0 ? "-" : "";
  const size = Math.abs(value);
  let unit = size < 1000 ? 0 : Math.min(NUMBER_SUFFIXES.length, Math.floor(Math.log10(size) / 3));
  let scaled = round(size / 1000 ** unit);
  // Rounding can carry into the next unit (999,999 → "1000K"), and log10 can land a hair low.
  while (scaled >= 1000 && unit < NUMBER_SUFFIXES.length) {
    unit += 1;
    scaled = round(size / 1000 ** unit);
  }
  if (scaled === 0) return "0";
  return `${sign}${scaled}${unit === 0 ? "" : NUMBER_SUFFIXES[unit - 1]}`;
}
