import { z } from "../zod.ts";
import { type DataRoomEventName, dataRoomEventNames } from "./events.ts";

/** How the activity page names each event. */
export const DATA_ROOM_EVENT_LABELS: Record<DataRoomEventName, string> = {
  "private-deal-granted": "Private deal granted",
  "private-deal-revoked": "Private deal revoked",
  "access-granted": "Data-room access granted",
  "access-revoked": "Data-room access revoked",
  "access-code-failed": "Wrong access code",
  "access-code-changed": "Access code changed",
  "access-requested": "Access requested",
  "access-request-answered": "Access request answered",
  "agreement-signed": "Confidentiality agreement signed",
  "folder-opened": "Folder opened",
  "file-previewed": "File previewed",
  "pages-viewed": "Pages viewed in the preview",
  "file-downloaded": "File downloaded",
  "folder-downloaded": "Folder downloaded",
  "file-uploaded": "File uploaded",
  "folder-created": "Folder created",
  renamed: "Renamed",
  moved: "Moved",
  deleted: "Deleted",
  "note-saved": "Note saved",
  "question-asked": "Question asked",
  "question-taken": "Question taken in hand",
  "question-answered": "Question answered privately",
  "question-published": "Question published as FAQ",
  "question-limits-changed": "Question limits changed",
  "documents-searched": "Documents searched",
  "bid-round-opened": "Bid round opened",
  "bid-round-changed": "Bid round's dates changed",
  "bid-submitted": "Bid submitted",
  "bids-unsealed-early": "Sealed bids opened before the deadline",
  "bids-compared": "Bids compared",
  "bids-exported": "Bids exported",
  "bid-winner-marked": "Winning bid marked",
  "best-and-final-asked": "Best and final asked",
};

/** Events that count as a buyer looking at a document, and as taking a copy of one. */
export const DOCUMENT_VIEW_EVENTS = ["file-previewed", "file-downloaded"] as const;
export const DOWNLOAD_EVENTS = ["file-downloaded", "folder-downloaded"] as const;

export const ACTIVITY_PAGE_SIZE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A form's empty field is "no filter", not an error. */
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const day = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(DAY, message)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message)
      .optional(),
  );

/** The activity page's filters (a GET form, so they work without JavaScript) and the CSV's. */
export const activityFilterSchema = z
  .object({
    buyer: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().positive("Choose a buyer from the list").optional(),
    ),
    event: z.preprocess(
      blankToUndefined,
      z.enum(dataRoomEventNames, { error: "Choose an event from the list" }).optional(),
    ),
    from: day("From must be a date (YYYY-MM-DD)"),
    to: day("To must be a date (YYYY-MM-DD)"),
    page: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1, "Page must be 1 or more").max(100_000).default(1),
    ),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    path: ["to"],
    message: "To must not be before From",
  });

export type ActivityFilter = z.infer<typeof activityFilterSchema>;

/** The filters as the query string of the page or its CSV (page left out when it is the first). */
export function activityQuery(filter: Partial<ActivityFilter>): string {
  const query = new URLSearchParams();
  if (filter.buyer) query.set("buyer", String(filter.buyer));
  if (filter.event) query.set("event", filter.event);
  if (filter.from) query.set("from", filter.from);
  if (filter.to) query.set("to", filter.to);
  if (filter.page && filter.page > 1) query.set("page", String(filter.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export const activityPath = (listingId: number): string => `/deals/${listingId}/data-room/activity`;
export const activityCsvPath = (listingId: number): string => `/deals/${listingId}/data-room/activity.csv`;

/** The file or folder an audit event names, from its detail (`fileName`, `folderName` or `name`). */
export function dataRoomItemName(detail: Record<string, unknown> | null): string {
  for (const key of ["fileName", "folderName", "name"]) {
    const value = detail?.[key];
    if (typeof value === "string") return value;
  }
  return "";
}

/** A typed name in the activity trail is shown at most this long: the email identifies the account. */
export const ACTIVITY_NAME_LENGTH = 40;

/**
 * A user's name as the trail shows it beside their email: anyone may type any name (even another
 * buyer's name and email), so it is shortened with an ellipsis and never stands alone.
 */
export function activityName(name: string): string {
  const characters = [...name.trim()];
  return characters.length <= ACTIVITY_NAME_LENGTH
    ? characters.join("")
    : `${characters
        .slice(0, ACTIVITY_NAME_LENGTH - 1)
        .join("")
        .trimEnd()}\u2026`;
}
