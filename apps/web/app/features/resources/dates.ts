import { formatDate } from "../../lib/dates";

/** "October 14, 2026" from a content date ("2026-10-14"); "" when empty or unreadable. */
export function formatContentDate(iso: string): string {
  if (!iso) return "";
  return formatDate(iso.length === 10 ? `${iso}T00:00:00Z` : iso, "longDay");
}

/** The date part of a content date, for `<time dateTime>`. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}
