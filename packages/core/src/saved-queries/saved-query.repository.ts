import type { RequestDirectory, SavedQueryRequest, SavedRequest } from "@aea/domain";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";

/** A query as stored: who made it, what it holds (null until saved), and the directory owner if filed. */
export interface StoredQuery {
  queryUUID: string;
  createdBy: number;
  request: SavedQueryRequest | null;
  /** The user whose directory holds the query, if any. */
  filedBy: number | null;
}

/** Analysis queries, users' directories and the saved requests filing one in the other. */
export class SavedQueryRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async reserveQuery(queryUUID: string, createdBy: number, at: string): Promise<void> {
    await this.#db
      .insertInto("analysis_queries")
      .values({ queryUUID, createdBy, request: null, createdAt: at, updatedAt: at })
      .execute();
    recordChange(this.#db, { dataset: "saved-queries", ids: [createdBy] });
  }

  async findQuery(queryUUID: string): Promise<StoredQuery | undefined> {
    const row = await this.#db
      .selectFrom("analysis_queries as q")
      .leftJoin("saved_requests as s", "s.queryUUID", "q.queryUUID")
      .leftJoin("request_directories as d", "d.id", "s.directoryId")
      .select(["q.queryUUID", "q.createdBy", "q.request", "d.userId as filedBy"])
      .where("q.queryUUID", "=", queryUUID)
      .executeTakeFirst();
    return row && { ...row, request: parseRequest(row.request), filedBy: row.filedBy ?? null };
  }

  async saveQuery(queryUUID: string, request: SavedQueryRequest, owner: number, at: string): Promise<void> {
    await this.#db
      .updateTable("analysis_queries")
      .set({ request: JSON.stringify(request), updatedAt: at })
      .where("queryUUID", "=", queryUUID)
      .execute();
    recordChange(this.#db, { dataset: "saved-queries", ids: [owner] });
  }

  async findDirectory(id: number): Promise<{ id: number; userId: number; name: string } | undefined> {
    return this.#db
      .selectFrom("request_directories")
      .select(["id", "userId", "name"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async directoryNamed(userId: number, name: string): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom("request_directories")
      .select("id")
      .where("userId", "=", userId)
      .where("name", "=", name)
      .executeTakeFirst();
    return row?.id;
  }

  async insertDirectory(userId: number, name: string, at: string): Promise<number> {
    const row = await this.#db
      .insertInto("request_directories")
      .values({ userId, name, createdAt: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    recordChange(this.#db, { dataset: "saved-queries", ids: [userId] });
    return row.id;
  }

  async renameDirectory(id: number, userId: number, name: string): Promise<void> {
    await this.#db.updateTable("request_directories").set({ name }).where("id", "=", id).execute();
    recordChange(this.#db, { dataset: "saved-queries", ids: [userId] });
  }

  /** Removes the directory and the saved requests in it (the queries stay reachable by their links). */
  async deleteDirectory(id: number, userId: number): Promise<void> {
    await this.#db.deleteFrom("saved_requests").where("directoryId", "=", id).execute();
    await this.#db.deleteFrom("request_directories").where("id", "=", id).execute();
    recordChange(this.#db, { dataset: "saved-queries", ids: [userId] });
  }

  async requestNamed(directoryId: number, requestName: string): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom("saved_requests")
      .select("id")
      .where("directoryId", "=", directoryId)
      .where("requestName", "=", requestName)
      .executeTakeFirst();
    return row?.id;
  }

  async insertRequest(
    row: { directoryId: number; queryUUID: string; requestName: string; createTime: string },
    userId: number,
  ): Promise<number> {
    const inserted = await this.#db
      .insertInto("saved_requests")
      .values(row)
      .returning("id")
      .executeTakeFirstOrThrow();
    recordChange(this.#db, { dataset: "saved-queries", ids: [userId] });
    return inserted.id;
  }

  /** The saved request `id` with the user whose directory holds it. */
  async findRequestOwner(id: number): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom("saved_requests as s")
      .innerJoin("request_directories as d", "d.id", "s.directoryId")
      .select("d.userId")
      .where("s.id", "=", id)
      .executeTakeFirst();
    return row?.userId;
  }

  async deleteRequest(id: number, userId: number): Promise<void> {
    await this.#db.deleteFrom("saved_requests").where("id", "=", id).execute();
    recordChange(this.#db, { dataset: "saved-queries", ids: [userId] });
  }

  /** A user's saved requests, newest first. */
  async requestsOf(userId: number): Promise<SavedRequest[]> {
    const rows = await this.#db
      .selectFrom("saved_requests as s")
      .innerJoin("request_directories as d", "d.id", "s.directoryId")
      .innerJoin("analysis_queries as q", "q.queryUUID", "s.queryUUID")
      .select(["s.id", "s.requestName", "s.createTime", "s.queryUUID", "s.directoryId", "q.request"])
      .where("d.userId", "=", userId)
      .orderBy("s.createTime", "desc")
      .orderBy("s.id", "desc")
      .execute();
    return rows.map((row) => ({
      ...row,
      request: parseRequest(row.request) ?? { filters: [], customChart: null },
    }));
  }

  /** A user's directories by name, each with its saved requests. */
  async directoriesOf(userId: number): Promise<RequestDirectory[]> {
    const directories = await this.#db
      .selectFrom("request_directories")
      .select(["id", "name"])
      .where("userId", "=", userId)
      .orderBy("name")
      .orderBy("id")
      .execute();
    const requests = await this.requestsOf(userId);
    return directories.map((directory) => ({
      id: directory.id,
      directorytName: directory.name,
      requests: requests.filter((request) => request.directoryId === directory.id),
    }));
  }
}

function parseRequest(json: string | null): SavedQueryRequest | null {
  return json === null ? null : (JSON.parse(json) as SavedQueryRequest);
}

/** Whether an account exists (staff may act for another user's directories). */
export async function accountExists(db: Executor, userId: number): Promise<boolean> {
  return (
    (await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst()) !== undefined
  );
}
