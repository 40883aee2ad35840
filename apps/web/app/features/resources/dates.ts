import { onFirstUse } from "@aea/domain";

const longDate = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
);

/** "October 14, 2026" from a content date ("2026-10-14"); "" when empty or unreadable. */
export function formatContentDate(iso: string): string {
  if (!iso) return "";
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? "" : longDate().format(date);
}

/** The date part of a content date, for `<time dateTime>`. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}
