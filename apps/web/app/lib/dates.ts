import { onFirstUse } from "@aea/domain";

/**
 * The ways the site writes a date or a time, each built once on first use (constructing an
 * Intl.DateTimeFormat costs a phone a few milliseconds, and a page needs one or two of them).
 * English and UTC everywhere, so the server's render and the browser's agree; a time says "UTC".
 */
const STYLES = {
  /** "Mar 5, 2026" */
  day: { dateStyle: "medium" },
  /** "Mar 5, 2026, 3:04 PM UTC" */
  moment: { dateStyle: "medium", timeStyle: "short" },
  /** "March 5, 2026" */
  longDay: { year: "numeric", month: "long", day: "numeric" },
  /** "March 5, 2026 at 3:04 PM UTC" */
  longMoment: { dateStyle: "long", timeStyle: "short" },
  /** "Mar 5": a week on a chart */
  monthDay: { month: "short", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

const formatters = Object.fromEntries(
  Object.entries(STYLES).map(([style, options]) => [
    style,
    onFirstUse(() => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" })),
  ]),
) as Record<DateStyle, () => Intl.DateTimeFormat>;

const WITH_TIME = new Set<DateStyle>(["moment", "longMoment"]);

/** A stored time (ISO string or Date) as people read it; "" when it is not a date. */
export function formatDate(value: string | Date, style: DateStyle = "day"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const text = formatters[style]().format(date);
  return WITH_TIME.has(style) ? `${text} UTC` : text;
}
