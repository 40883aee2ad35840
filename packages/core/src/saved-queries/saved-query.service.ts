import { randomUUID } from "node:crypto";
import {
  DIRECTORY_NAME_TAKEN,
  DIRECTORY_NOT_FOUND,
  directoryNameSchema,
  fail,
  forbidden,
  isAdminOrClaim,
  notFound,
  QUERY_ALREADY_SAVED,
  QUERY_IN_OTHERS_DIRECTORY,
  QUERY_NAME_TAKEN,
  QUERY_NOT_FOUND,
  queryNameSchema,
  type RequestDirectory,
  refuseWhileViewingAs,
  SAVED_QUERY_NOT_FOUND,
  type SavedQueryRequest,
  type SavedRequest,
  type SessionUser,
  savedQueryRequestSchema,
} from "@aea/domain";
import type { z } from "zod";
import type { AuditAction } from "../audit/audit-actions.ts";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import { isUniqueViolation } from "../data-rooms/documents/data-room-file.repository.ts";
import type { Database, Executor } from "../db/database.ts";
import { accountExists, SavedQueryRepository } from "./saved-query.repository.ts";

/** Who asks: staff with the analysis tools (admins or the Claim role), and where from. */
export type AnalysisActor = Pick<SessionUser, "id" | "isAdmin" | "hasClaimAD" | "impersonatorId"> & {
  ip?: string | null;
};

const SAVED_AT_ONCE =
  "Someone saved into this directory at the same moment, so nothing was saved. Open the directory again and retry.";
const QUERY_HANDED_TO_OTHER =
  "That QueryUUID was handed to another user: get your own from getNextQueryUUID to save filters.";
const NOTHING_SAVED_UNDER_QUERY = "Nothing has been saved under that QueryUUID yet: save its filters first.";
const NO_SUCH_USER = "That user does not exist.";

/**
 * Staff's saved analysis queries (spec §3, §7): QueryUUIDs handed out and the filters saved under
 * them (any of staff may read a query by its link), and each user's directories filing queries under
 * a name. A user's directories are theirs: another user's id is refused unless the actor is an admin.
 * A query filed in a directory is its owner's to change; one filed elsewhere cannot be filed again.
 */
export class SavedQueryService {
  readonly #database: Database;
  readonly #clock: Clock;

  constructor(options: { database: Database; clock?: Clock }) {
    this.#database = options.database;
    this.#clock = options.clock ?? systemClock;
  }

  /** getNextQueryUUID: a new QueryUUID, the actor's to save filters under. */
  async nextQueryUuid(actor: AnalysisActor): Promise<string> {
    refuseUnlessAnalyst(actor);
    refuseWhileViewingAs(actor);
    const queryUUID = randomUUID();
    await new SavedQueryRepository(this.#database.db).reserveQuery(queryUUID, actor.id, this.#now());
    return queryUUID;
  }

  /** getFilters: what a query holds, for any of staff with its link (empty until something is saved). */
  async filters(actor: AnalysisActor, queryUUID: string): Promise<SavedQueryRequest> {
    refuseUnlessAnalyst(actor);
    const query = await new SavedQueryRepository(this.#database.db).findQuery(queryUUID);
    if (!query) throw notFound(QUERY_NOT_FOUND);
    return query.request ?? { filters: [], customChart: null };
  }

  /** saveFilters: the page's filters and chart under a QueryUUID the actor was handed or filed. */
  async saveFilters(actor: AnalysisActor, queryUUID: string, request: SavedQueryRequest): Promise<void> {
    refuseUnlessAnalyst(actor);
    refuseWhileViewingAs(actor);
    const valid = parsed(savedQueryRequestSchema, request);
    await this.#database.transaction(async (trx) => {
      const queries = new SavedQueryRepository(trx);
      const query = await queries.findQuery(queryUUID);
      if (!query) throw notFound(QUERY_NOT_FOUND);
      if (query.filedBy !== null && query.filedBy !== actor.id) throw forbidden(QUERY_IN_OTHERS_DIRECTORY);
      if (query.filedBy === null && query.createdBy !== actor.id) throw forbidden(QUERY_HANDED_TO_OTHER);
      await queries.saveQuery(queryUUID, valid, actor.id, this.#now());
      await this.#audit(trx, actor, actor.id, "query-filters-saved", { queryUUID });
    });
  }

  /** saveUserFilter: files a saved query in one of `userId`'s directories under a name. */
  async fileQuery(
    actor: AnalysisActor,
    input: { queryUUID: string; userId: number; name: string; directoryId: number },
  ): Promise<SavedRequest> {
    await this.#refuseUnlessOwnOrAdmin(actor, input.userId);
    const requestName = parsed(queryNameSchema, input.name);
    const id = await this.#savingAtOnce(() =>
      this.#database.transaction(async (trx) => {
        const queries = new SavedQueryRepository(trx);
        await ownDirectory(queries, input.directoryId, input.userId);
        const query = await queries.findQuery(input.queryUUID);
        if (!query) throw notFound(QUERY_NOT_FOUND);
        if (!query.request) throw notFound(NOTHING_SAVED_UNDER_QUERY);
        if (query.filedBy !== null && query.filedBy !== input.userId)
          throw forbidden(QUERY_IN_OTHERS_DIRECTORY);
        if (query.filedBy !== null) throw fail("ALREADY_SAVED", QUERY_ALREADY_SAVED);
        if ((await queries.requestNamed(input.directoryId, requestName)) !== undefined)
          throw fail("NAME_TAKEN", QUERY_NAME_TAKEN);
        const saved = await queries.insertRequest(
          {
            directoryId: input.directoryId,
            queryUUID: input.queryUUID,
            requestName,
            createTime: this.#now(),
          },
          input.userId,
        );
        await this.#audit(trx, actor, input.userId, "saved-query-filed", {
          id: saved,
          queryUUID: input.queryUUID,
          directoryId: input.directoryId,
          requestName,
        });
        return saved;
      }),
    );
    const saved = (await this.requests(actor, input.userId)).find((request) => request.id === id);
    if (!saved) throw notFound(SAVED_QUERY_NOT_FOUND);
    return saved;
  }

  /** getUserRequests: a user's saved queries, newest first. */
  async requests(actor: AnalysisActor, userId: number): Promise<SavedRequest[]> {
    await this.#refuseUnlessOwnOrAdmin(actor, userId, { reading: true });
    return new SavedQueryRepository(this.#database.db).requestsOf(userId);
  }

  /** deleteUserRequest: takes a saved query out of its directory (its link keeps working). */
  async deleteRequest(actor: AnalysisActor, id: number, userId: number): Promise<void> {
    await this.#refuseUnlessOwnOrAdmin(actor, userId);
    await this.#database.transaction(async (trx) => {
      const queries = new SavedQueryRepository(trx);
      if ((await queries.findRequestOwner(id)) !== userId) throw notFound(SAVED_QUERY_NOT_FOUND);
      await queries.deleteRequest(id, userId);
      await this.#audit(trx, actor, userId, "saved-query-deleted", { id });
    });
  }

  /** getUserRequestDirectories: a user's directories by name, each with its saved queries. */
  async directories(actor: AnalysisActor, userId: number): Promise<RequestDirectory[]> {
    await this.#refuseUnlessOwnOrAdmin(actor, userId, { reading: true });
    return new SavedQueryRepository(this.#database.db).directoriesOf(userId);
  }

  /** addRequestDirectory: a new, empty directory of `userId`. */
  async addDirectory(actor: AnalysisActor, name: string, userId: number): Promise<RequestDirectory> {
    await this.#refuseUnlessOwnOrAdmin(actor, userId);
    const directorytName = parsed(directoryNameSchema, name);
    const id = await this.#savingAtOnce(() =>
      this.#database.transaction(async (trx) => {
        const queries = new SavedQueryRepository(trx);
        if ((await queries.directoryNamed(userId, directorytName)) !== undefined)
          throw fail("NAME_TAKEN", DIRECTORY_NAME_TAKEN);
        const created = await queries.insertDirectory(userId, directorytName, this.#now());
        await this.#audit(trx, actor, userId, "request-directory-created", { id: created, directorytName });
        return created;
      }),
    );
    return { id, directorytName, requests: [] };
  }

  /** updateRequestDirectory: renames one of `userId`'s directories. */
  async renameDirectory(
    actor: AnalysisActor,
    directoryId: number,
    name: string,
    userId: number,
  ): Promise<RequestDirectory> {
    await this.#refuseUnlessOwnOrAdmin(actor, userId);
    const directorytName = parsed(directoryNameSchema, name);
    await this.#savingAtOnce(() =>
      this.#database.transaction(async (trx) => {
        const queries = new SavedQueryRepository(trx);
        const directory = await ownDirectory(queries, directoryId, userId);
        const sameName = await queries.directoryNamed(userId, directorytName);
        if (sameName !== undefined && sameName !== directoryId)
          throw fail("NAME_TAKEN", DIRECTORY_NAME_TAKEN);
        await queries.renameDirectory(directoryId, userId, directorytName);
        await this.#audit(trx, actor, userId, "request-directory-renamed", {
          id: directoryId,
          from: directory.name,
          directorytName,
        });
      }),
    );
    const renamed = (await this.directories(actor, userId)).find((directory) => directory.id === directoryId);
    if (!renamed) throw notFound(DIRECTORY_NOT_FOUND);
    return renamed;
  }

  /** deleteRequestDirectory: removes one of `userId`'s directories with the queries filed in it. */
  async deleteDirectory(actor: AnalysisActor, directoryId: number, userId: number): Promise<void> {
    await this.#refuseUnlessOwnOrAdmin(actor, userId);
    await this.#database.transaction(async (trx) => {
      const queries = new SavedQueryRepository(trx);
      const directory = await ownDirectory(queries, directoryId, userId);
      await queries.deleteDirectory(directoryId, userId);
      await this.#audit(trx, actor, userId, "request-directory-deleted", {
        id: directoryId,
        directorytName: directory.name,
      });
    });
  }

  /** Spec §7: a `{userId}` that is not the actor's is refused unless the actor is an admin. */
  async #refuseUnlessOwnOrAdmin(
    actor: AnalysisActor,
    userId: number,
    { reading = false } = {},
  ): Promise<void> {
    refuseUnlessAnalyst(actor);
    if (!reading) refuseWhileViewingAs(actor);
    if (userId === actor.id) return;
    if (!actor.isAdmin) throw forbidden();
    if (!(await accountExists(this.#database.db, userId))) throw notFound(NO_SUCH_USER);
  }

  /**
   * Two saves into one directory at the same moment both pass their checks on PostgreSQL; the
   * database's unique names and the one directory per query refuse the second, which is told so.
   */
  async #savingAtOnce<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isUniqueViolation(error)) throw fail("SAVED_AT_ONCE", SAVED_AT_ONCE, error);
      if (isForeignKeyViolation(error)) throw notFound(DIRECTORY_NOT_FOUND);
      throw error;
    }
  }

  #audit(
    trx: Executor,
    actor: AnalysisActor,
    owner: number,
    action: AuditAction,
    details: Record<string, unknown>,
  ): Promise<void> {
    return new AuditTrail(trx, this.#clock).record({
      actor: actor.id,
      impersonator: actor.impersonatorId ?? null,
      ip: actor.ip ?? null,
      action,
      subject: owner === actor.id ? undefined : { user: owner },
      details,
    });
  }

  #now(): string {
    return new Date(this.#clock.now()).toISOString();
  }
}

/** The analysis tools are for admins and staff with the Claim role (spec §6 admin-or-claim). */
function refuseUnlessAnalyst(actor: AnalysisActor): void {
  if (!isAdminOrClaim(actor)) throw forbidden();
}

async function ownDirectory(queries: SavedQueryRepository, directoryId: number, userId: number) {
  const directory = await queries.findDirectory(directoryId);
  if (!directory || directory.userId !== userId) throw notFound(DIRECTORY_NOT_FOUND);
  return directory;
}

/** Input checked again here, so a door that forgot its schema still cannot store a bad name. */
function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw fail("VALIDATION", result.error.issues[0]?.message ?? "That is not valid.");
  return result.data;
}

/** A write naming a row another transaction removed (a directory deleted while a query was saved). */
function isForeignKeyViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "23503" || (typeof message === "string" && /FOREIGN KEY constraint failed/i.test(message));
}
