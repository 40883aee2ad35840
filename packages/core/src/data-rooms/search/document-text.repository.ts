import { sql } from "kysely";
import type { Engine, Executor } from "../../db/database.ts";

/** What marks a matched word in a snippet (private-use characters, which text extraction removes). */
export const HIT_OPEN = "\uE000";
export const HIT_CLOSE = "\uE001";
/** Words of context around the matched words in a snippet. */
const SNIPPET_WORDS = 24;

/** A file whose text has not been read for search yet. */
export interface UnreadFile {
  id: number;
  ListingId: number;
  name: string;
  size: number;
  storageKey: string;
  sha256: string;
}

/** A page that matched, best first, with its snippet (matched words between HIT_OPEN and HIT_CLOSE). */
export interface PageHit {
  fileId: number;
  name: string;
  folderId: number;
  page: number;
  snippet: string;
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
   * The room's pages holding every one of `words`, best first (at most `limit`). The words are runs of
   * letters and digits (domain's searchWords); each is still quoted for FTS5, so none is an operator.
   */
  async search(listingId: number, words: string[], limit: number): Promise<PageHit[]> {
    if (words.length === 0) return [];
    const rows =
      this.#engine === "postgres"
        ? await this.#searchPostgres(listingId, words, limit)
        : await this.#searchSqlite(listingId, words, limit);
    return rows.map((row) => ({
      fileId: Number(row.fileId),
      name: row.name,
      folderId: Number(row.folderId),
      page: Number(row.page),
      snippet: row.snippet ?? "",
    }));
  }

  async #searchSqlite(listingId: number, words: string[], limit: number) {
    const match = words.map((word) => `"${word.replaceAll('"', "")}"`).join(" ");
    const { rows } = await sql<PageHit>`
      select p."fileId" as "fileId", f.name as name, f."folderId" as "folderId", p.page as page,
        snippet(data_room_page_search, 0, ${HIT_OPEN}, ${HIT_CLOSE}, '…', ${SNIPPET_WORDS}) as snippet
      from data_room_page_search
      join data_room_file_pages p on p.id = data_room_page_search.rowid
      join data_room_files f on f.id = p."fileId"
      where data_room_page_search match ${match} and p."ListingId" = ${listingId}
      order by data_room_page_search.rank
      limit ${limit}`.execute(this.#db);
    return rows;
  }

  async #searchPostgres(listingId: number, words: string[], limit: number) {
    // plainto_tsquery reads its text as plain words joined by AND: no operator gets through.
    const options = `StartSel=${HIT_OPEN}, StopSel=${HIT_CLOSE}, MaxWords=${SNIPPET_WORDS}, MinWords=${Math.floor(SNIPPET_WORDS / 2)}, MaxFragments=1, FragmentDelimiter=" … "`;
    const { rows } = await sql<PageHit>`
      with query as (select plainto_tsquery('english', ${words.join(" ")}) as q),
      best as (
        select p.id, ts_rank(p.words, query.q) as rank
        from data_room_file_pages p, query
        where p."ListingId" = ${listingId} and p.words @@ query.q
        order by rank desc
        limit ${limit}
      )
      select p."fileId" as "fileId", f.name as name, f."folderId" as "folderId", p.page as page,
        ts_headline('english', p.body, query.q, ${options}) as snippet
      from best
      join data_room_file_pages p on p.id = best.id
      join data_room_files f on f.id = p."fileId"
      cross join query
      order by best.rank desc, p.id`.execute(this.#db);
    return rows;
  }
}
