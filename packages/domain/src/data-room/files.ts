import { z } from "../zod.ts";

/**
 * Names, numbers, kinds and texts of data-room files and folders, shared by the page, the API and
 * the core. Pure: no I/O.
 */

/** The texts a person sees about files (kept here so the page, the API and the tests agree). */
export const DATA_ROOM_TEXTS = {
  title: "Data Room",
  emptyRoom: "This data room has no documents yet.",
  emptyFolder: "This folder is empty.",
  confidential: "Confidential",
  noteSaved: "Note saved",
  emptyFile: "The file is empty.",
  tooLarge: (limitMb: number) => `The file is larger than ${limitMb} MB.`,
  typeMismatch: (name: string) =>
    `The contents of ${name} do not match its type: it was refused. Check the file and try again.`,
  typeNotAccepted: (name: string) =>
    `${name} is of a type the data room does not take (documents, spreadsheets, images, archives and text).`,
  pdfInArchive: (name: string, entry: string) =>
    `${name} holds a PDF (${entry}). The data room stamps every PDF for its viewer, which it cannot do inside an archive: upload the PDFs themselves (drop the folder to keep its structure).`,
  archiveUnreadable: (name: string) =>
    `${name} could not be checked for PDFs (it is password-protected, damaged, or holds archives nested too deep or too large): upload the files it holds instead.`,
  notStampable:
    "This PDF could not be stamped for you, so it is not sent. Tell our team which file it is and we will fix it.",
  badName: "The file name is not usable: give it a name with letters or digits.",
  noteRequired: "Write a note before saving.",
  noteTooLong: "A note has at most 4,000 characters.",
  secureFilesTitle: "Secure Files",
  secureFilesIntro:
    "Send documents to our team securely. Only you and our staff can see the files you send here.",
  sizeRequired:
    "The upload must say the file's size when it starts (Upload-Length): uploads of unknown length are not accepted.",
  tooManyOpenUploads: (max: number) =>
    `You have ${max} uploads under way: let one finish, or cancel it, before starting another.`,
  quotaFull: (quota: string, left: string) =>
    `This file does not fit in your Secure Files (${quota} in all, ${left} left). Please contact us to send more.`,
} as const;

const RESERVED_WINDOWS_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
export const MAX_NAME_LENGTH = 180;

/**
 * A file or folder name as a person gave it, made safe to show and to store: only the last path
 * segment (`../../x` → `x`, `C:\a\b.pdf` → `b.pdf`), no control characters, no characters Windows
 * refuses, no leading/trailing dots or spaces, not a reserved device name (CON, NUL, LPT1 …), and at
 * most 180 characters with the extension kept. Undefined when nothing usable is left.
 */
export function cleanFileName(raw: string): string | undefined {
  const lastSegment = raw.split(/[/\\]/).pop() ?? "";
  let name = lastSegment
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (name === "" || !/[\p{L}\p{N}]/u.test(name)) return undefined;
  if (RESERVED_WINDOWS_NAMES.test(name)) name = `_${name}`;
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf(".");
    const extension = dot > 0 && name.length - dot <= 12 ? name.slice(dot) : "";
    name = name.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd() + extension;
  }
  return name;
}

/** The nth name for a name already taken in its folder: `Report.pdf` → `Report (2).pdf`. */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** The extension of a name, lower case without the dot ("" when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** What a file is, for its icon and whether the browser can preview it. */
export type FileKind =
  | "pdf"
  | "image"
  | "spreadsheet"
  | "document"
  | "presentation"
  | "archive"
  | "text"
  | "other";

const kindsByExtension: Record<string, FileKind> = {
  pdf: "pdf",
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  tif: "image",
  tiff: "image",
  xlsx: "spreadsheet",
  xls: "spreadsheet",
  csv: "spreadsheet",
  docx: "document",
  doc: "document",
  rtf: "document",
  pptx: "presentation",
  ppt: "presentation",
  zip: "archive",
  txt: "text",
  las: "text",
  json: "text",
};

export function fileKind(name: string): FileKind {
  return kindsByExtension[extensionOf(name)] ?? "other";
}

/** Shown in the browser without a download: PDFs (watermarked) and the images browsers draw. */
export function isPreviewable(name: string): boolean {
  const extension = extensionOf(name);
  return extension === "pdf" || ["png", "jpg", "jpeg", "gif", "webp"].includes(extension);
}

/** Index numbers of a folder tree: the nth child of a folder numbered `p` is `p.n` (top level: `n`). */
export function indexNumber(parent: string, position: number): string {
  return parent === "" ? String(position) : `${parent}.${position}`;
}

/** 1,536 → "1.5 KB" (binary units, one decimal below 10). */
export function formatFileSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const noteText = z
  .string({ error: DATA_ROOM_TEXTS.noteRequired })
  .trim()
  .min(1, DATA_ROOM_TEXTS.noteRequired)
  .max(4000, DATA_ROOM_TEXTS.noteTooLong);

/** POST /api/FolderManager/InsertFileNotes: a viewer's note on one file. */
export const insertFileNoteSchema = z.object({
  fileId: z.coerce.number().int().positive(),
  note: noteText,
});

/** POST /api/FolderManager/UpdateFileNotes: the viewer's own note, rewritten. */
export const updateFileNoteSchema = z.object({
  noteId: z.coerce.number().int().positive(),
  note: noteText,
});

const folderName = z
  .string()
  .trim()
  .min(1, "Give the folder a name.")
  .max(MAX_NAME_LENGTH, `A name has at most ${MAX_NAME_LENGTH} characters.`);

/** Staff changes to a room's folders and files. */
export const createFolderSchema = z.object({
  listingId: z.coerce.number().int().positive(),
  parentId: z.coerce.number().int().min(0).default(0),
  name: folderName,
});
export const renameSchema = z.object({
  listingId: z.coerce.number().int().positive(),
  kind: z.enum(["folder", "file"]),
  id: z.coerce.number().int().positive(),
  name: folderName,
});
export const moveSchema = z.object({
  listingId: z.coerce.number().int().positive(),
  kind: z.enum(["folder", "file"]),
  id: z.coerce.number().int().positive(),
  /** 0: the room's top level. */
  folderId: z.coerce.number().int().min(0),
});
export const deleteSchema = z.object({
  listingId: z.coerce.number().int().positive(),
  kind: z.enum(["folder", "file"]),
  id: z.coerce.number().int().positive(),
});

/** What an upload declares in its tus metadata. */
export const uploadMetadataSchema = z.discriminatedUnion("target", [
  z.object({
    target: z.literal("data-room"),
    listingId: z.coerce.number().int().positive(),
    folderId: z.coerce.number().int().min(0).default(0),
    /** A relative path inside the dropped folder (`Reports/2024/a.pdf`): its folders are made. */
    relativePath: z.string().max(1024).optional(),
    filename: z.string().min(1).max(1024),
    filetype: z.string().max(255).optional(),
  }),
  z.object({
    target: z.literal("secure-files"),
    filename: z.string().min(1).max(1024),
    filetype: z.string().max(255).optional(),
  }),
]);
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** Where the tus server takes uploads. */
export const UPLOADS_PATH = "/api/FolderManager/uploads";

/** A file's download and preview URLs (every request checks the viewer's way into the room). */
export const dataRoomFilePath = (listingId: number, fileId: number): string =>
  `/deals/${listingId}/data-room/files/${fileId}`;
export const dataRoomPreviewPath = (listingId: number, fileId: number): string =>
  `${dataRoomFilePath(listingId, fileId)}/preview`;
export const dataRoomFolderZipPath = (listingId: number, folderId: number): string =>
  `/deals/${listingId}/data-room/folders/${folderId}/zip`;
export const secureFilePath = (fileId: number): string => `/secure-files/${fileId}`;
