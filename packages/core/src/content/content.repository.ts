import type { ContentStatus } from "@aea/domain";
import type { Insertable, Selectable } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { ContentFileRow, ContentItemRow } from "../db/schema.ts";

/** One item of a collection as stored: system columns plus its own fields. */
export type ContentItem = Omit<ContentItemRow, "id" | "status" | "data"> & {
  id: number;
  status: ContentStatus;
  data: Record<string, unknown>;
};

export type ContentFile = ContentFileRow;

// Each item row binds seven values; batches keep statements far below either engine's limits.
const insertBatchSize = 100;

export class ContentRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async countItems(): Promise<number> {
    const row = await this.#db
      .selectFrom("content_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every item of a collection, in list order: by sort (unsorted last), then by id. */
  async findItems(collection: string): Promise<ContentItem[]> {
    const rows = await this.#db
      .selectFrom("content_items")
      .selectAll()
      .where("collection", "=", collection)
      .execute();
    return rows
      .map(fromRow)
      .sort(
        (a, b) => (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
      );
  }

  async findFiles(): Promise<ContentFile[]> {
    const rows = await this.#db.selectFrom("content_files").selectAll().execute();
    return rows.map((row) => ({
      ...row,
      width: row.width === null ? null : Number(row.width),
      height: row.height === null ? null : Number(row.height),
      filesize: Number(row.filesize),
      focalPointX: row.focalPointX === null ? null : Number(row.focalPointX),
      focalPointY: row.focalPointY === null ? null : Number(row.focalPointY),
    }));
  }

  /** Several statements: the caller runs it in a transaction so the content lands whole. */
  async insert(items: readonly ContentItem[], files: readonly ContentFile[]): Promise<void> {
    for (let i = 0; i < files.length; i += insertBatchSize) {
      await this.#db
        .insertInto("content_files")
        .values(files.slice(i, i + insertBatchSize))
        .execute();
    }
    for (let i = 0; i < items.length; i += insertBatchSize) {
      await this.#db
        .insertInto("content_items")
        .values(items.slice(i, i + insertBatchSize).map(toRow))
        .execute();
    }
    recordChange(this.#db, { dataset: "content-files", ids: files.map((file) => file.id) });
    recordChange(this.#db, { dataset: "content", ids: items.map((item) => item.collection) });
  }

  /** One item of a collection whatever its status, or undefined. */
  async findItem(collection: string, id: number): Promise<ContentItem | undefined> {
    const row = await this.#db
      .selectFrom("content_items")
      .selectAll()
      .where("collection", "=", collection)
      .where("id", "=", String(id))
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** How many items each collection holds, per status. */
  async countByCollectionAndStatus(): Promise<{ collection: string; status: string; count: number }[]> {
    const rows = await this.#db
      .selectFrom("content_items")
      .select(["collection", "status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy(["collection", "status"])
      .execute();
    return rows.map((row) => ({ collection: row.collection, status: row.status, count: Number(row.n) }));
  }

  /**
   * Adds an item under the next free id of its collection (ids are integers stored as text, so the
   * highest is found in JavaScript). Two concurrent creations may pick the same id: the loser's insert
   * fails on the primary key and it tries again with a fresh id.
   */
  async create(item: Omit<ContentItem, "id">): Promise<ContentItem> {
    for (let attempt = 0; ; attempt++) {
      const ids = await this.#db
        .selectFrom("content_items")
        .select("id")
        .where("collection", "=", item.collection)
        .execute();
      const id = ids.reduce((max, row) => Math.max(max, Number(row.id) || 0), 0) + 1;
      const created = { ...item, id };
      try {
        await this.#db.insertInto("content_items").values(toRow(created)).execute();
        recordChange(this.#db, { dataset: "content", ids: [item.collection] });
        return created;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  async updateStatus(
    collection: string,
    id: number,
    status: ContentStatus,
    updatedAt: string,
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable("content_items")
      .set({ status, updatedAt })
      .where("collection", "=", collection)
      .where("id", "=", String(id))
      .executeTakeFirst();
    const updated = Number(result.numUpdatedRows) > 0;
    if (updated) recordChange(this.#db, { dataset: "content", ids: [collection] });
    return updated;
  }

  /** Gives the items their list positions (1, 2, …); the caller runs it in a transaction. */
  async updateSorts(collection: string, ids: readonly number[]): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await this.#db
        .updateTable("content_items")
        .set({ sort: index + 1 })
        .where("collection", "=", collection)
        .where("id", "=", String(id))
        .execute();
    }
    recordChange(this.#db, { dataset: "content", ids: [collection] });
  }

  async insertFile(file: ContentFile): Promise<void> {
    await this.#db.insertInto("content_files").values(file).execute();
    recordChange(this.#db, { dataset: "content-files", ids: [file.id] });
  }

  async updateFileTitle(id: string, title: string | null): Promise<void> {
    await this.#db.updateTable("content_files").set({ title }).where("id", "=", id).execute();
    recordChange(this.#db, { dataset: "content-files", ids: [id] });
  }

  async updateFocalPoint(id: string, x: number | null, y: number | null): Promise<boolean> {
    const result = await this.#db
      .updateTable("content_files")
      .set({ focalPointX: x, focalPointY: y })
      .where("id", "=", id)
      .executeTakeFirst();
    const updated = Number(result.numUpdatedRows) > 0;
    if (updated) recordChange(this.#db, { dataset: "content-files", ids: [id] });
    return updated;
  }

  /** Creates the item or replaces the one with its collection and id. */
  async save(item: ContentItem): Promise<void> {
    const row = toRow(item);
    await this.#db
      .insertInto("content_items")
      .values(row)
      .onConflict((oc) =>
        oc.columns(["collection", "id"]).doUpdateSet({
          status: row.status,
          sort: row.sort,
          data: row.data,
          updatedAt: row.updatedAt,
        }),
      )
      .execute();
    recordChange(this.#db, { dataset: "content", ids: [item.collection] });
  }
}

function fromRow(row: Selectable<ContentItemRow>): ContentItem {
  return {
    collection: row.collection,
    id: Number(row.id),
    status: row.status as ContentStatus,
    sort: row.sort === null ? null : Number(row.sort),
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toRow(item: ContentItem): Insertable<ContentItemRow> {
  return {
    collection: item.collection,
    id: String(item.id),
    status: item.status,
    sort: item.sort,
    data: JSON.stringify(item.data),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}
