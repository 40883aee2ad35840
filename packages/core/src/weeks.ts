/** Weekly figures for staff charts: weeks start on Monday, in UTC. */

const DAY_MS = 86_400_000;

/** The Monday (UTC, YYYY-MM-DD) of the week holding `ms`. */
export function weekStartOf(ms: number): string {
  const day = new Date(ms).getUTCDay();
  const monday = Math.floor(ms / DAY_MS) * DAY_MS - ((day + 6) % 7) * DAY_MS;
  return new Date(monday).toISOString().slice(0, 10);
}

/** The Mondays of the last `weeks` weeks up to this one, oldest first. */
export function lastWeekStarts(now: number, weeks: number): string[] {
  const thisWeek = Date.parse(`${weekStartOf(now)}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, i) =>
    new Date(thisWeek - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Day counts (`day` YYYY-MM-DD) summed into the given weeks; days outside them are left out. */
export function perWeek(weekStarts: readonly string[], days: readonly { day: string; count: number }[]) {
  const weeks = new Map(weekStarts.map((w) => [w, 0]));
  for (const { day, count } of days) {
    const week = weekStartOf(Date.parse(`${day}T00:00:00Z`));
    if (weeks.has(week)) weeks.set(week, (weeks.get(week) ?? 0) + count);
  }
  return [...weeks].map(([week, events]) => ({ week, events }));
}
