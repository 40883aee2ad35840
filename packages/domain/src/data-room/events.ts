/** Everything the data-room audit trail records (issue: grant, code failure, CA signed, …). */
export const dataRoomEventNames = [
  "private-deal-granted",
  "private-deal-revoked",
  "access-granted",
  "access-revoked",
  "access-code-failed",
  "access-requested",
  "access-request-answered",
  "access-code-changed",
  "agreement-signed",
  "folder-opened",
  "file-previewed",
  "file-downloaded",
  "folder-downloaded",
  "file-uploaded",
  "folder-created",
  "renamed",
  "moved",
  "deleted",
  "note-saved",
  "question-asked",
  "question-taken",
  "question-answered",
  "question-published",
  "question-limits-changed",
] as const;

export type DataRoomEventName = (typeof dataRoomEventNames)[number];
