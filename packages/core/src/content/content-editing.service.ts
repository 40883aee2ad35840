import { randomUUID } from "node:crypto";
import { extname } from "node:path";
import {
  CONTENT_COLLECTIONS,
  type ContentCollection,
  type ContentField,
  type ContentStatus,
  contentCollection,
  fail,
  notFound,
  refuseUnlessAdmin,
  type StaffActor,
} from "@aea/domain";
import type { Database } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";
import { CONTENT_PREFIX } from "./asset.service.ts";
import { type ContentFile, type ContentItem, ContentRepository } from "./content.repository.ts";
import type { ContentService } from "./content.service.ts";
import { type FieldErrors, fieldErrorsOf, itemSchema } from "./content-validation.ts";
import { inspectUpload, UPLOAD_LIMITS } from "./file-upload.ts";

export interface CollectionSummary {
  name: string;
  label: string;
  singleton: boolean;
  total: number;
  counts: Record<ContentStatus, number>;
}

/** One line of the editor's item list. */
export interface ItemSummary {
  id: number;
  status: ContentStatus;
  sort: number | null;
  /** The item's display field, or "Item {id}" when it is empty. */
  title: string;
  updatedAt: string;
}

export type SaveResult = { ok: true; item: ContentItem } | { ok: false; errors: FieldErrors };

export interface UploadInput {
  bytes: Uint8Array;
  /** The name the browser sent; kept as the download name, with the extension of the real type. */
  filename: string;
  title?: string;
}

export interface ContentEditingOptions {
  repository: ContentRepository;
  content: ContentService;
  /** Writes of several rows (a new order, renamed files) run in one transaction on it. */
  database: Database;
  /** Uploads go to its content/uploads/ keys. */
  storage: Storage;
  now?: () => Date;
}

/**
 * What staff do to the content: list every item whatever its status, create and change items
 * (validated against the registry, rich text sanitised), reorder, publish and unpublish, upload files
 * and set their focal points. Every write goes through ContentRepository, whose commit moves the content's
 * data version (docs/decisions/026): the content snapshots, the content API's cache and the page render
 * cache follow it, so the site shows the change on the next request.
 */
export class ContentEditingService {
  readonly #repository: ContentRepository;
  readonly #content: ContentService;
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #now: () => Date;

  constructor({ repository, content, database, storage, now = () => new Date() }: ContentEditingOptions) {
    this.#repository = repository;
    this.#database = database;
    this.#content = content;
    this.#storage = storage;
    this.#now = now;
  }

  /** What an upload may be: the web door refuses larger bodies before reading them. */
  readonly uploadLimits = UPLOAD_LIMITS;

  async collections(): Promise<CollectionSummary[]> {
    const counts = await this.#repository.countByCollectionAndStatus();
    return CONTENT_COLLECTIONS.map((collection) => {
      const mine = counts.filter((c) => c.collection === collection.name);
      const count = (status: ContentStatus) => mine.find((c) => c.status === status)?.count ?? 0;
      return {
        name: collection.name,
        label: collection.label,
        singleton: collection.singleton,
        total: mine.reduce((sum, c) => sum + c.count, 0),
        counts: { published: count("published"), draft: count("draft"), archived: count("archived") },
      };
    });
  }

  /** Every item of a collection in list order, drafts and archived ones included. */
  async items(collection: string): Promise<ItemSummary[]> {
    const definition = requireCollection(collection);
    const items = await this.#repository.findItems(collection);
    return items.map((item) => ({
      id: item.id,
      status: item.status,
      sort: item.sort,
      title: titleOf(definition, item),
      updatedAt: item.updatedAt,
    }));
  }

  async item(collection: string, id: number): Promise<ContentItem | undefined> {
    requireCollection(collection);
    return this.#repository.findItem(collection, id);
  }

  /** The items a relation field may point at, named by their display field. */
  async relationOptions(collection: string): Promise<{ id: number; title: string; status: ContentStatus }[]> {
    const definition = requireCollection(collection);
    return (await this.#repository.findItems(collection)).map((item) => ({
      id: item.id,
      title: titleOf(definition, item),
      status: item.status,
    }));
  }

  /** The files of these ids that exist, for previews. */
  async files(ids: readonly string[]): Promise<ContentFile[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.#content.findFile(id)));
    return found.filter((file): file is ContentFile => file !== undefined);
  }

  /**
   * Creates (no id) or replaces an item from editor input. Nothing is saved unless every field is
   * valid and every file and related item it names exists.
   */
  async save(
    staff: StaffActor,
    collection: string,
    id: number | undefined,
    input: Record<string, unknown>,
  ): Promise<SaveResult> {
    refuseUnlessAdmin(staff);
    const definition = requireCollection(collection);
    const existing = id === undefined ? undefined : await this.#repository.findItem(collection, id);
    if (id !== undefined && !existing) return { ok: false, errors: { item: "This item no longer exists." } };
    const siblings = await this.#repository.findItems(collection);
    if (!existing && definition.singleton && siblings.length > 0) {
      return { ok: false, errors: { item: `${definition.label} already exists; edit it instead.` } };
    }
    const parsed = itemSchema(collection).safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
    const { status, ...data } = parsed.data;
    const errors = await this.#referenceErrors(definition.fields, data, "");
    for (const field of definition.fields) {
      if (field.type !== "string" || (field.name !== "slug" && field.name !== "path")) continue;
      const value = data[field.name];
      if (value && siblings.some((other) => other.id !== id && other.data[field.name] === value)) {
        errors[field.name] ??=
          `Another item already uses the ${field.label.toLowerCase()} "${String(value)}".`;
      }
    }
    if (Object.keys(errors).length > 0) return { ok: false, errors };

    const now = this.#now().toISOString();
    let item: ContentItem;
    if (existing) {
      // Fields the registry no longer lists are kept, so an older client's data is never lost.
      item = { ...existing, status, data: { ...existing.data, ...data }, updatedAt: now };
      await this.#content.saveItem(item);
    } else {
      const lastSort = siblings.reduce((max, other) => Math.max(max, other.sort ?? 0), 0);
      item = await this.#repository.create({
        collection,
        status,
        sort: lastSort + 1,
        data,
        createdAt: now,
        updatedAt: now,
      });
    }
    return { ok: true, item };
  }

  /** Publishes, unpublishes (draft) or archives an item; false when there is no such item. */
  async setStatus(
    staff: StaffActor,
    collection: string,
    id: number,
    status: ContentStatus,
  ): Promise<boolean> {
    refuseUnlessAdmin(staff);
    requireCollection(collection);
    return this.#repository.updateStatus(collection, id, status, this.#now().toISOString());
  }

  /**
   * Puts the collection in this order (positions 1, 2, …). Items the list leaves out keep their
   * relative order after the listed ones; ids of other collections are refused.
   */
  async reorder(staff: StaffActor, collection: string, ids: readonly number[]): Promise<void> {
    refuseUnlessAdmin(staff);
    requireCollection(collection);
    const items = await this.#repository.findItems(collection);
    const known = new Set(items.map((item) => item.id));
    const listed = [...new Set(ids)];
    const unknown = listed.find((id) => !known.has(id));
    if (unknown !== undefined) throw notFound(`No item ${unknown} in ${collection}.`);
    const rest = items.map((item) => item.id).filter((id) => !listed.includes(id));
    const order = [...listed, ...rest];
    await this.#database.transaction((trx) => new ContentRepository(trx).updateSorts(collection, order));
  }

  /** Moves one item a place up or down (the list's buttons without drag and drop). */
  async move(staff: StaffActor, collection: string, id: number, direction: "up" | "down"): Promise<void> {
    refuseUnlessAdmin(staff);
    const order = (await this.items(collection)).map((item) => item.id);
    const from = order.indexOf(id);
    if (from === -1) throw notFound(`No item ${id} in ${collection}.`);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to], order[from]];
    await this.reorder(staff, collection, order);
  }

  /**
   * Stores an uploaded file under a generated name after checking what it really is; a file refused
   * for what it is throws UPLOAD_REJECTED with words for the editor.
   */
  async upload(staff: StaffActor, { bytes, filename, title }: UploadInput): Promise<ContentFile> {
    refuseUnlessAdmin(staff);
    const inspected = await inspectUpload(bytes);
    const id = randomUUID();
    const storagePath = `uploads/${id}.${inspected.extension}`;
    const key = `${CONTENT_PREFIX}${storagePath}`;
    await this.#storage.put(key, bytes, { contentType: inspected.type });
    const file: ContentFile = {
      id,
      filename: downloadName(filename, inspected.extension),
      type: inspected.type,
      width: inspected.width,
      height: inspected.height,
      filesize: bytes.byteLength,
      title: title?.trim().slice(0, 200) || titleFromName(filename),
      storagePath,
      focalPointX: null,
      focalPointY: null,
      createdAt: this.#now().toISOString(),
    };
    try {
      await this.#repository.insertFile(file);
    } catch (error) {
      await this.#storage.delete(key);
      throw error;
    }
    return file;
  }

  /**
   * Sets the point a cover crop keeps in the picture, in source pixels (as Directus stores it);
   * null clears it. Shared by every item that shows the file.
   */
  async setFocalPoint(
    staff: StaffActor,
    fileId: string,
    point: { x: number; y: number } | null,
  ): Promise<ContentFile> {
    refuseUnlessAdmin(staff);
    const file = await this.#content.findFile(fileId);
    if (!file) throw notFound("No such file.");
    if (!file.width || !file.height) throw fail("NOT_AN_IMAGE", "Only images have a focal point.");
    const x = point ? clamp(point.x, file.width) : null;
    const y = point ? clamp(point.y, file.height) : null;
    await this.#repository.updateFocalPoint(fileId, x, y);
    return { ...file, focalPointX: x, focalPointY: y };
  }

  /**
   * Renames files (the carousels show a file's title: a client's name, a case history's caption).
   * Titles are trimmed to 200 characters; a blank one clears the title. Unknown ids are ignored.
   */
  async setFileTitles(staff: StaffActor, titles: Readonly<Record<string, string>>): Promise<number> {
    refuseUnlessAdmin(staff);
    const renames: Array<[id: string, title: string | null]> = [];
    for (const [id, raw] of Object.entries(titles)) {
      const file = await this.#content.findFile(id);
      const title = raw.replace(/\s+/g, " ").trim().slice(0, 200) || null;
      if (file && file.title !== title) renames.push([id, title]);
    }
    await this.#database.transaction(async (trx) => {
      const files = new ContentRepository(trx);
      for (const [id, title] of renames) await files.updateFileTitle(id, title);
    });
    return renames.length;
  }

  async #referenceErrors(
    fields: readonly ContentField[],
    data: Record<string, unknown>,
    prefix: string,
  ): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    for (const field of fields) {
      const path = `${prefix}${field.name}`;
      const value = data[field.name];
      if (field.type === "file" && typeof value === "string") {
        if (!(await this.#content.findFile(value)))
          errors[path] = `${field.label}: the file no longer exists.`;
      } else if (field.type === "files" && Array.isArray(value)) {
        for (const [i, fileId] of value.entries()) {
          if (!(await this.#content.findFile(String(fileId)))) {
            errors[`${path}.${i}`] = `${field.label}: a file no longer exists.`;
          }
        }
      } else if ((field.type === "relation" || field.type === "relations") && value !== null) {
        const ids = new Set((await this.#repository.findItems(field.collection)).map((item) => item.id));
        const wanted = Array.isArray(value) ? value : [value];
        if (wanted.some((target) => !ids.has(Number(target)))) {
          errors[path] = `${field.label}: a chosen item no longer exists.`;
        }
      } else if (field.type === "group" && Array.isArray(value)) {
        for (const [i, row] of value.entries()) {
          Object.assign(
            errors,
            await this.#referenceErrors(field.fields, row as Record<string, unknown>, `${path}.${i}.`),
          );
        }
      }
    }
    return errors;
  }
}

function requireCollection(name: string): ContentCollection {
  const collection = contentCollection(name);
  if (!collection) throw notFound(`No content collection "${name}".`);
  return collection;
}

function titleOf(collection: ContentCollection, item: ContentItem): string {
  const value = item.data[collection.displayField];
  const text = typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
  return text ? text.slice(0, 120) : `${collection.label} ${item.id}`;
}

function clamp(value: number, max: number): number {
  return Math.min(Math.max(0, Math.round(value)), max);
}

function downloadName(filename: string, extension: string): string {
  const name = filename.split(/[\\/]/).pop() ?? "";
  const base = name
    .slice(0, name.length - extname(name).length)
    .replace(/[^\w.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 100);
  return `${base || "file"}.${extension}`;
}

function titleFromName(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "");
  return base.replace(/[-_]+/g, " ").trim().slice(0, 200) || "Untitled";
}
