// Search inside a data room's documents (issue 23 item 3): the query's rules, texts and addresses.
import { z } from "../zod.ts";
import { dataRoomPath } from "./data-room-step.ts";
import { extensionOf } from "./files.ts";

/** Longer queries are refused with a message (nobody types a page into a search box). */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Words beyond these are ignored: each one narrows the hits, and more only cost time. */
export const SEARCH_MAX_WORDS = 12;
/** Files a search answers with, best first, and the pages shown of each. */
export const SEARCH_MAX_FILES = 20;
export const SEARCH_PAGES_PER_FILE = 3;

export const DOCUMENT_SEARCH_TEXTS = {
  title: "Search the documents",
  label: "Search the documents",
  placeholder: "Words in the documents",
  submit: "Search documents",
  empty: "Type the words to search for.",
  tooLong: `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  noWords: "Search for words or numbers: quotes, stars and other signs are ignored.",
  noHits: (q: string) => `No document of this data room contains “${q}”.`,
  hits: (files: number) => (files === 1 ? "1 document" : `${files} documents`),
  moreThanShown: `Only the best ${SEARCH_MAX_FILES} documents are shown: add words to narrow the search.`,
  page: (page: number) => `Page ${page}`,
  howItWorks:
    "Finds documents that contain every word you type (leases also finds lease). New uploads can be searched a few seconds after they arrive; scanned images without text are not searched.",
} as const;

/** A page of a search address: the query as typed, checked before anything is looked up. */
export const documentSearchSchema = z.object({
  q: z
    .string({ error: DOCUMENT_SEARCH_TEXTS.empty })
    .trim()
    .min(1, DOCUMENT_SEARCH_TEXTS.empty)
    .max(SEARCH_QUERY_MAX_LENGTH, DOCUMENT_SEARCH_TEXTS.tooLong),
});

/** GET /api/FolderManager/SearchDocuments. */
export const documentSearchApiSchema = documentSearchSchema.extend({
  listingId: z.coerce
    .number({ error: "Which deal? listingId must be a deal number." })
    .int("Which deal? listingId must be a deal number.")
    .positive("Which deal? listingId must be a deal number."),
});

/**
 * The words a query searches for: runs of letters and digits, lower-cased, each once. Everything
 * else — quotes, `*`, `-`, parentheses — separates words, so no query can reach the engines' own
 * syntax (the repositories also quote each word); `NEAR`, `AND` or `OR` are words like any other.
 */
export function searchWords(q: string): string[] {
  const words =
    q
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}

/** The files whose text is extracted and searched: PDFs page by page, text-like files whole. */
const SEARCHABLE = new Set(["pdf", "txt", "csv", "las", "json", "md"]);
export const isSearchable = (name: string): boolean => SEARCHABLE.has(extensionOf(name));

/** A piece of a snippet: `hit` marks the words that matched (drawn highlighted). */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/** A file that matched, with its best pages (page 1 for a text file, which has no pages). */
export interface DocumentHit {
  fileId: number;
  name: string;
  folderId: number;
  /** Whether the file has pages a preview can open at (PDFs). */
  paged: boolean;
  pages: { page: number; snippet: SnippetPart[] }[];
}

export interface DocumentSearchResult {
  q: string;
  words: string[];
  files: DocumentHit[];
  /** More files matched than SEARCH_MAX_FILES. */
  more: boolean;
}

export const documentSearchPath = (listingId: number, q?: string): string =>
  `${dataRoomPath(listingId)}/search${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`;

/** The data room with the file's folder open and its preview shown at `page`. */
export const previewAtPagePath = (
  listingId: number,
  file: { fileId: number; folderId: number },
  page: number,
): string => {
  const query = new URLSearchParams();
  if (file.folderId) query.set("folder", String(file.folderId));
  query.set("preview", String(file.fileId));
  query.set("page", String(page));
  return `${dataRoomPath(listingId)}?${query}`;
};
