import {
  type DocumentHit,
  type DocumentSearchResult,
  extensionOf,
  fail,
  isSearchable,
  SEARCH_MAX_FILES,
  SEARCH_PAGES_PER_FILE,
  type SessionUser,
  type SnippetPart,
  searchWords,
  DOCUMENT_SEARCH_TEXTS as TEXTS,
} from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { Database, Executor } from "../../db/database.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { readObject, type Storage } from "../../storage/storage.ts";
import type { DataRoomAccessService } from "../data-room-access.service.ts";
import { actorOf, roomEvent } from "../room-events.ts";
import type { RoomServiceOptions } from "../room-service-deps.ts";
import { DocumentTextRepository, HIT_CLOSE, HIT_OPEN, type UnreadFile } from "./document-text.repository.ts";
import { extractText } from "./text-extraction.ts";

const READ_JOB = "data-room-text";
/** Files read per batch, and how long one job run goes on taking batches before a new job takes the rest. */
const FILES_PER_BATCH = 20;
const RUN_MS = 15_000;
/** Files larger than this are not read for search (their text would not fit a page of the index anyway). */
const MAX_READ_BYTES = 200 * 1024 * 1024;
/** Pages ranked per search: enough for SEARCH_MAX_FILES files with their best pages, mostly. */
const PAGE_HITS = 400;

/**
 * Search inside a data room (issue 23 item 3, docs/decisions/042). Files' text is read after they
 * arrive, by a background job (uploads and, on the first start after this feature, the files already
 * there), and indexed by the database's full-text search. A search answers only inside a room the
 * viewer may open (the same 404 as the room's otherwise), and every file of a room is open to everyone
 * in it, so a hit is always a file its viewer may open. Searches are in the room's audit trail.
 */
export class DocumentSearchService {
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #access: DataRoomAccessService;
  readonly #jobs: JobQueue;
  readonly #clock: Clock;

  constructor(
    options: Pick<RoomServiceOptions, "database" | "access" | "jobs" | "clock"> & { storage: Storage },
  ) {
    this.#database = options.database;
    this.#storage = options.storage;
    this.#access = options.access;
    this.#jobs = options.jobs;
    this.#clock = options.clock ?? systemClock;
    this.#jobs.register(READ_JOB, () => this.#readSome());
  }

  /** The room's documents holding every word of `q`, best first, with snippets and page numbers. */
  async search(
    user: SessionUser | null,
    listingId: number,
    q: string,
    ipAddress: string | null,
  ): Promise<DocumentSearchResult> {
    await this.#access.openDataRoom(user, listingId);
    const words = searchWords(q);
    if (words.length === 0) throw fail("VALIDATION", TEXTS.noWords);
    const read = this.#repository(this.#database.db);
    const hits = await read.search(listingId, words, PAGE_HITS);
    // The best files, each with its best pages (in rank order), and then the words around each match.
    const files = new Map<number, { file: DocumentHit; pageIds: number[] }>();
    for (const hit of hits) {
      let entry = files.get(hit.fileId);
      if (!entry) {
        if (files.size === SEARCH_MAX_FILES + 1) continue;
        const paged = extensionOf(hit.name) === "pdf";
        entry = {
          file: { fileId: hit.fileId, name: hit.name, folderId: hit.folderId, paged, pages: [] },
          pageIds: [],
        };
        files.set(hit.fileId, entry);
      }
      if (entry.pageIds.length < SEARCH_PAGES_PER_FILE) {
        entry.pageIds.push(hit.id);
        entry.file.pages.push({ page: hit.page, snippet: [] });
      }
    }
    const shown = [...files.values()].slice(0, SEARCH_MAX_FILES);
    const snippets = await read.snippets(
      words,
      shown.flatMap((entry) => entry.pageIds),
    );
    for (const { file, pageIds } of shown)
      file.pages.forEach((page, n) => {
        page.snippet = snippetParts(snippets.get(pageIds[n] ?? 0) ?? "");
      });
    await new AuditTrail(this.#database.db, this.#clock).record(
      roomEvent(actorOf(user as SessionUser, ipAddress), listingId, "documents-searched", {
        query: q,
        files: shown.length,
      }),
    );
    return { q, words, files: shown.map((entry) => entry.file), more: files.size > SEARCH_MAX_FILES };
  }

  /** Has the files not read yet read soon (in the transaction that files an upload, or at start-up). */
  readSoon(executor: Executor = this.#database.db): Promise<void> {
    return this.#jobs.enqueue(executor, READ_JOB, null);
  }

  /** At start-up: the files already in the rooms that were never read (none after the first time). */
  async readExistingSoon(): Promise<void> {
    if ((await this.#repository(this.#database.db).unread(1)).length > 0) await this.readSoon();
  }

  /**
   * One job run: reads the files not read yet, newest first (a fresh upload is searchable within
   * seconds even while older files wait), for up to RUN_MS; a new job takes what is left.
   */
  async #readSome(): Promise<void> {
    const started = Date.now();
    for (;;) {
      const files = await this.#repository(this.#database.db).unread(FILES_PER_BATCH);
      for (const file of files) await this.#read(file);
      if (files.length < FILES_PER_BATCH) return;
      if (Date.now() - started > RUN_MS) return this.readSoon();
    }
  }

  async #read(file: UnreadFile): Promise<void> {
    const read = this.#repository(this.#database.db);
    const twin = isSearchable(file.name) ? await read.readTwin(file.sha256) : undefined;
    let outcome: Parameters<DocumentTextRepository["record"]>[1];
    if (!isSearchable(file.name) || file.size > MAX_READ_BYTES) outcome = { state: "no-text", pages: [] };
    else if (twin !== undefined) outcome = { state: "indexed", pages: { copyOf: twin } };
    else {
      try {
        const bytes = await readObject(this.#storage, file.storageKey);
        const pages = bytes ? await extractText(file.name, bytes) : [];
        outcome = { state: pages.some((page) => page !== "") ? "indexed" : "no-text", pages };
      } catch (error) {
        // A damaged or hostile file: recorded as such, so it is not read again and again.
        console.error(`Reading the text of data-room file ${file.id} failed`, error);
        outcome = { state: "failed", pages: [] };
      }
    }
    const readAt = new Date(this.#clock.now()).toISOString();
    await this.#database.transaction((trx) => this.#repository(trx).record(file, outcome, readAt));
  }

  #repository(executor: Executor): DocumentTextRepository {
    return new DocumentTextRepository(executor, this.#database.engine);
  }
}

/** A snippet as text and highlighted parts, so the page draws the marks without trusting any HTML. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [n, piece] of snippet.split(HIT_OPEN).entries()) {
    const [inside, after] = n === 0 ? [undefined, piece] : splitOnce(piece, HIT_CLOSE);
    if (inside) parts.push({ text: inside, hit: true });
    if (after) parts.push({ text: after, hit: false });
  }
  return parts;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + separator.length)];
}
