import type { PrivateDealExtras } from "./listing.ts";

/** The dates of a private deal's process, in the words a buyer reads them (spec §3 private-deal extras). */
const milestones = [
  ["openingDate", "Opening"],
  ["deadlinePrequalification", "Prequalification deadline"],
  ["deadlineDataroom", "Data room deadline"],
  ["deadlineNotification", "Notification deadline"],
  ["deadlineDate", "Bid deadline"],
  ["closingDate", "Closing"],
] as const satisfies ReadonlyArray<readonly [keyof PrivateDealExtras, string]>;

export interface TimelineEntry {
  label: string;
  /** ISO date or date-time, as stored. */
  date: string;
  /** Before `now`: shown as done. */
  past: boolean;
}

/**
 * The private deal's dates in time order (undated ones left out), each marked past or to come, with
 * `more` of the process joined in (a bid round's opening and deadline).
 */
export function privateDealTimeline(
  extras: PrivateDealExtras,
  now: number,
  more: readonly { label: string; date: string }[] = [],
): TimelineEntry[] {
  const dated: { label: string; date: string | null }[] = [
    ...milestones.map(([key, label]) => ({ label, date: extras[key] as string | null })),
    ...more,
  ];
  return dated
    .flatMap(({ label, date }) => {
      const at = typeof date === "string" ? Date.parse(date) : Number.NaN;
      return Number.isNaN(at) ? [] : [{ label, date: date as string, past: at < now, at }];
    })
    .sort((a, b) => a.at - b.at)
    .map(({ at: _at, ...entry }) => entry);
}

/** What an entitled viewer sees of a private deal's extras: everything but the passcode. */
export type PrivateDealDetails = Omit<PrivateDealExtras, "passcode">;

export function privateDealDetails({ passcode: _passcode, ...shown }: PrivateDealExtras): PrivateDealDetails {
  return shown;
}
