import { z } from "../zod.ts";
import type { DataRoomEventName } from "./events.ts";

/**
 * A buyer's engagement with one listing's data room, counted from the room's audit trail and turned
 * into an explainable score: every part is shown with its count, its weight and what it adds.
 */

/** Two events of a buyer further apart than this start a new visit (the usual web-analytics session). */
export const VISIT_GAP_MINUTES = 30;

/** What the recomputation counts of one buyer in one room (from their events, oldest first). */
export interface EngagementTally {
  /** Events of each name. */
  events: Partial<Record<DataRoomEventName, number>>;
  /** Distinct files previewed or downloaded. */
  documentsOpened: number;
  /** Pages of PDFs the preview showed them (each page once per preview). */
  pagesViewed: number;
  /** Minutes between the first and last event of each visit, summed. */
  minutesInRoom: number;
  visits: number;
}

const eventCount = (tally: EngagementTally, ...names: DataRoomEventName[]) =>
  names.reduce((sum, name) => sum + (tally.events[name] ?? 0), 0);

/**
 * The score's parts, in the order the leaderboard shows them. A part counts something of the tally,
 * up to its cap (so one habit, such as downloading everything, cannot make a hot lead alone), times
 * its weight. A new signal (bids, once they exist) is one more entry here.
 */
export const ENGAGEMENT_PARTS = [
  {
    key: "documentsOpened",
    label: "Documents opened",
    weight: 3,
    cap: 40,
    measure: (t: EngagementTally) => t.documentsOpened,
  },
  {
    key: "pagesViewed",
    label: "Pages viewed in the preview",
    weight: 0.2,
    cap: 500,
    measure: (t: EngagementTally) => t.pagesViewed,
  },
  {
    key: "minutesInRoom",
    label: "Minutes in the room",
    weight: 0.5,
    cap: 240,
    measure: (t: EngagementTally) => t.minutesInRoom,
  },
  {
    key: "downloads",
    label: "Downloads",
    weight: 4,
    cap: 25,
    measure: (t: EngagementTally) => eventCount(t, "file-downloaded", "folder-downloaded"),
  },
  {
    key: "questions",
    label: "Questions asked",
    weight: 5,
    cap: 10,
    measure: (t: EngagementTally) => eventCount(t, "question-asked"),
  },
  {
    key: "bids",
    label: "Bids and revisions submitted",
    weight: 8,
    cap: 5,
    measure: (t: EngagementTally) => eventCount(t, "bid-submitted"),
  },
  {
    key: "returnVisits",
    label: "Return visits",
    weight: 6,
    cap: 15,
    measure: (t: EngagementTally) => Math.max(0, t.visits - 1),
  },
] as const;

export type EngagementPartKey = (typeof ENGAGEMENT_PARTS)[number]["key"];

/** One part of a score as the leaderboard explains it. */
export interface EngagementPart {
  key: EngagementPartKey;
  label: string;
  count: number;
  weight: number;
  cap: number;
  /** min(count, cap) × weight. */
  points: number;
}

/** A buyer on a listing's leaderboard: the score, each part of it, and whether it makes a hot lead. */
export interface LeaderboardEntry {
  userId: number;
  name: string;
  email: string;
  score: number;
  /** Points gained over the seven days before the recomputation. */
  gain: number;
  parts: EngagementPart[];
  hotLead: boolean;
  lastEventAt: string;
}

/** A folder of the room with the share of its visitors who opened it (or a file in it). */
export interface FolderHeat {
  id: number;
  index: string;
  name: string;
  depth: number;
  openers: number;
  /** openers ÷ visitors, 0 when nobody visited. */
  share: number;
}

/** The counts a score is made of, as stored per buyer and listing. */
export type EngagementCounts = Partial<Record<EngagementPartKey, number>>;

const tenth = (value: number) => Math.round(value * 10) / 10;

/** The counts of each part from a tally. */
export function engagementCounts(tally: EngagementTally): EngagementCounts {
  return Object.fromEntries(ENGAGEMENT_PARTS.map((part) => [part.key, part.measure(tally)]));
}

/** Each part of the score from stored counts (a part added since counts 0 until the next recomputation). */
export function engagementParts(counts: EngagementCounts): EngagementPart[] {
  return ENGAGEMENT_PARTS.map((part) => {
    const count = counts[part.key] ?? 0;
    return {
      key: part.key,
      label: part.label,
      count,
      weight: part.weight,
      cap: part.cap,
      points: tenth(Math.min(count, part.cap) * part.weight),
    };
  });
}

/** The score: the parts' points added up (to a tenth). */
export function engagementScore(counts: EngagementCounts): number {
  return tenth(engagementParts(counts).reduce((sum, part) => sum + part.points, 0));
}

/** One event of a buyer's trail as the tally reads it. */
export interface TalliedEvent {
  event: string;
  /** The file's id, or what the event recorded of the file when it has none (older events). */
  file: number | string | null;
  /** Milliseconds since the epoch. */
  at: number;
  /** Pages the preview showed, for a `pages-viewed` event. */
  pages?: number;
}

/** Builds one buyer's tally from their events of one room, given oldest first. */
export class EngagementTallyBuilder {
  readonly #events: Partial<Record<DataRoomEventName, number>> = {};
  readonly #files = new Set<number | string>();
  #pages = 0;
  #visits = 0;
  #visitStart = 0;
  #last = Number.NEGATIVE_INFINITY;
  #milliseconds = 0;

  add(event: TalliedEvent): void {
    const name = event.event as DataRoomEventName;
    this.#events[name] = (this.#events[name] ?? 0) + 1;
    if ((name === "file-previewed" || name === "file-downloaded") && event.file !== null) {
      this.#files.add(event.file);
    }
    if (name === "pages-viewed") this.#pages += event.pages ?? 0;
    if (event.at - this.#last > VISIT_GAP_MINUTES * 60_000) {
      if (this.#visits > 0) this.#milliseconds += this.#last - this.#visitStart;
      this.#visits += 1;
      this.#visitStart = event.at;
    }
    this.#last = event.at;
  }

  tally(): EngagementTally {
    const open = this.#visits > 0 ? this.#last - this.#visitStart : 0;
    return {
      events: { ...this.#events },
      documentsOpened: this.#files.size,
      pagesViewed: this.#pages,
      minutesInRoom: Math.round((this.#milliseconds + open) / 60_000),
      visits: this.#visits,
    };
  }
}

/** A buyer whose score is at or above the threshold is a hot lead. */
export const DEFAULT_HOT_LEAD_THRESHOLD = 60;

/** The threshold form on the activity page (one threshold for every listing: docs/decisions/043). */
export const hotLeadThresholdSchema = z.object({
  threshold: z.coerce
    .number({ error: "The threshold must be a number" })
    .int("The threshold must be a whole number")
    .min(1, "The threshold must be at least 1")
    .max(10_000, "The threshold must be at most 10,000"),
});

export const HOT_LEAD_THRESHOLD_SAVED = "The hot-lead threshold has been saved.";

/** How often the scores are recomputed (a background job; every server may run it, one does). */
export const ENGAGEMENT_RECOMPUTE_MINUTES = 15;

/** Buyers whose score rose over the last week, as the weekly digest to staff lists them per listing. */
export const RISING_BUYERS_PER_LISTING = 5;
export const ENGAGEMENT_DIGEST_SUBJECT = "Rising buyers this week";

/** The preview's report of how many pages of a PDF it showed (one event per preview it closes). */
export const PAGES_VIEWED_PATH = "/api/FolderManager/PagesViewed";

/** POST /api/FolderManager/PagesViewed. */
export const pagesViewedSchema = z.object({
  listingId: z.coerce.number().int().positive(),
  fileId: z.coerce.number().int().positive(),
  pages: z.coerce
    .number({ error: "pages must be a number" })
    .int("pages must be a whole number")
    .min(1, "pages must be at least 1")
    .max(5_000, "pages must be at most 5,000"),
});

export const ENGAGEMENT_RECOUNTED = "This listing's scores have been recounted.";
