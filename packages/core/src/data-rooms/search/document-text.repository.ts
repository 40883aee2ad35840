import { sql } from "kysely";
import type { Engine, Executor } from "../../db/database.ts";

/** What marks a matched word in a snippet (private-use characters, which text extraction removes). */
export const HIT_OPEN = "\uE000";
export const HIT_CLOSE = "\uE001";
/** Words of context around the matched words in a snippet. */
const SNIPPET_WORDS = 24;
/**
 * Pages ranked at most per search: a word on every page of a large room ("lease") would otherwise
 * have each of its 100,000 pages scored before the best are shown. Beyond this many matches, these
 * many are ranked: the newest on SQLite, the first the table gives on PostgreSQL (decision 042).
 */
const RANKED_PAGES = 2_000;

/** A file whose text has not been read for search yet. */
export interface UnreadFile {
  id: number;
  ListingId: number;
  name: string;
  size: number;
  storageKey: string;
  sha256: string;
}

/** A page that matched (its id), in its file. */
export interface PageHit {
  id: number;
  fileId: number;
  name: string;
  folderId: number;
  page: number;
}

/**
 * The data rooms' text for search (docs/decisions/042): the pages of each file and whether it was
 * read. The search itself is each engine's own full-text search — FTS5 on SQLite, `tsvector` on
 * PostgreSQL — with the query's words always bound as parameters and quoted, never spliced in.
 */
export class DocumentTextRepository {
  readonly #db: Executor;
  readonly #engine: Engine;

  constructor(db: Executor, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  /** Files of any room not read yet, newest first. */
  async unread(limit: number): Promise<UnreadFile[]> {
    const rows = await this.#db
      .selectFrom("data_room_files as f")
      .leftJoin("data_room_file_texts as t", "t.fileId", "f.id")
      .select(["f.id", "f.ListingId", "f.name", "f.size", "f.storageKey", "f.sha256"])
      .where("t.fileId", "is", null)
      .orderBy("f.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), size: Number(row.size) }));
  }

  /**
   * Files the same bytes as the given one (by SHA-256) whose text was read: their pages are copied
   * rather than read again (the demo rooms share documents; staff upload one report to several rooms).
   */
  async readTwin(sha256: string): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom("data_room_files as f")
      .innerJoin("data_room_file_texts as t", "t.fileId", "f.id")
      .select("f.id")
      .where("f.sha256", "=", sha256)
      .where("t.state", "=", "indexed")
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  /**
   * Records the file as read, with its pages; false (and nothing written) when another server has
   * recorded it meanwhile. Run inside a transaction, so a file is never half indexed.
   */
  async record(
    file: { id: number; ListingId: number },
    outcome: { state: "indexed" | "no-text" | "failed"; pages: string[] | { copyOf: number } },
    readAt: string,
  ): Promise<boolean> {
    const pageCount = Array.isArray(outcome.pages) ? outcome.pages.length : 0;
    const claimed = await this.#db
      .insertInto("data_room_file_texts")
      .values({ fileId: file.id, state: outcome.state, pages: pageCount, readAt })
      .onConflict((oc) => oc.column("fileId").doNothing())
      .returning("fileId")
      .executeTakeFirst();
    if (!claimed) return false;
    if (Array.isArray(outcome.pages)) {
      const rows = outcome.pages
        .map((body, n) => ({ fileId: file.id, ListingId: file.ListingId, page: n + 1, body }))
        .filter((row) => row.body !== "");
      // A few hundred pages per statement keep within both engines' parameter limits.
      for (let start = 0; start < rows.length; start += 200)
        await this.#db
          .insertInto("data_room_file_pages")
          .values(rows.slice(start, start + 200))
          .execute();
    } else {
      const { copyOf } = outcome.pages;
      await this.#db
        .insertInto("data_room_file_pages")
        .columns(["fileId", "ListingId", "page", "body"])
        .expression((eb) =>
          eb
            .selectFrom("data_room_file_pages")
            .select([sql.lit(file.id).as("fileId"), sql.lit(file.ListingId).as("ListingId"), "page", "body"])
            .where("fileId", "=", copyOf),
        )
        .execute();
      const { pages } = await this.#db
        .selectFrom("data_room_file_texts")
        .select("pages")
        .where("fileId", "=", copyOf)
        .executeTakeFirstOrThrow();
      await this.#db
        .updateTable("data_room_file_texts")
        .set({ pages })
        .where("fileId", "=", file.id)
        .execute();
    }
    return true;
  }

  /**
   * The room's pages holding every one of `words`, best first (at most `limit`), without snippets
   * (those are made for the pages shown only: `snippets`). The words are runs of letters and digits
   * (domain's searchWords); each is still quoted for FTS5, so none is an operator.
   */
  async search(listingId: number, words: string[], limit: number): Promise<PageHit[]> {
    if (words.length === 0) return [];
    const { rows } =
      this.#engine === "postgres"
        ? await sql<PageHit>`
          with candidates as (
            -- No order here: sorting every match would read them all from the table.
            select p.id, p."fileId", p.page, p.words from data_room_file_pages p
            where p."ListingId" = ${listingId} and p.words @@ plainto_tsquery('english', ${words.join(" ")})
            limit ${RANKED_PAGES}
          )
          select c.id, c."fileId" as "fileId", f.name, f."folderId" as "folderId", c.page
          from candidates c
          join data_room_files f on f.id = c."fileId"
          order by ts_rank(c.words, plainto_tsquery('english', ${words.join(" ")})) desc, c.id desc
          limit ${limit}`.execute(this.#db)
        : await sql<PageHit>`
          with hits as materialized (
            select rowid as id, rank from data_room_page_search
            where data_room_page_search match ${ftsQuery(words)}
              and rowid >= ${await this.#rankedFrom(listingId, words)}
          )
          select p.id, p."fileId" as "fileId", f.name, f."folderId" as "folderId", p.page
          from hits
          join data_room_file_pages p on p.id = hits.id
          join data_room_files f on f.id = p."fileId"
          where p."ListingId" = ${listingId}
          order by hits.rank
          limit ${limit}`.execute(this.#db);
    return rows.map((row) => ({
      id: Number(row.id),
      fileId: Number(row.fileId),
      name: row.name,
      folderId: Number(row.folderId),
      page: Number(row.page),
    }));
  }

  /** Each page's words around the match, matched words between HIT_OPEN and HIT_CLOSE, by page id. */
  async snippets(words: string[], pageIds: number[]): Promise<Map<number, string>> {
    if (pageIds.length === 0) return new Map();
    const options = `StartSel=${HIT_OPEN}, StopSel=${HIT_CLOSE}, MaxWords=${SNIPPET_WORDS}, MinWords=${SNIPPET_WORDS / 2}, MaxFragments=1`;
    const { rows } =
      this.#engine === "postgres"
        ? await sql<{ id: number; snippet: string }>`
          select id, ts_headline('english', body, plainto_tsquery('english', ${words.join(" ")}), ${options}) as snippet
          from data_room_file_pages where id in (${sql.join(pageIds)})`.execute(this.#db)
        : await sql<{ id: number; snippet: string }>`
          select rowid as id, snippet(data_room_page_search, 0, ${HIT_OPEN}, ${HIT_CLOSE}, '…', ${SNIPPET_WORDS}) as snippet
          from data_room_page_search
          where data_room_page_search match ${ftsQuery(words)} and rowid in (${sql.join(pageIds)})`.execute(
            this.#db,
          );
    return new Map(rows.map((row) => [Number(row.id), row.snippet ?? ""]));
  }

  /**
   * FTS5 scores every match before sorting: past RANKED_PAGES matches in the room, only the pages from
   * the RANKED_PAGES-th newest on are scored (a rowid bound FTS5 applies as it reads its index).
   */
  async #rankedFrom(listingId: number, words: string[]): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      select p.id from data_room_page_search
      join data_room_file_pages p on p.id = data_room_page_search.rowid
      where data_room_page_search match ${ftsQuery(words)} and p."ListingId" = ${listingId}
      order by data_room_page_search.rowid desc
      limit 1 offset ${RANKED_PAGES - 1}`.execute(this.#db);
    return rows[0] ? Number(rows[0].id) : 0;
  }
}

/** FTS5's query for pages holding every word: each quoted, so none is read as an operator. */
const ftsQuery = (words: string[]) => words.map((word) => `"${word.replaceAll('"', "")}"`).join(" ");
