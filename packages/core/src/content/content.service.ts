import { CONTENT_FORBIDDEN, contentCollection, FILES_COLLECTION, fail } from "@aea/domain";
import type { DataVersionReader } from "../data-version/data-version.ts";
import type { ContentFile, ContentItem, ContentRepository } from "./content.repository.ts";
import { type ContentMeta, type ContentQuery, prepareQuery, runQuery } from "./query/content-query.ts";
import {
  type ContentRecord,
  collectionsReachableFrom,
  type Schema,
  schemaOf,
} from "./query/content-schema.ts";
import { project } from "./query/fields.ts";
import type { ItemGraph } from "./query/item-graph.ts";

export interface ContentResult {
  /** A list of items, or the object of a singleton. */
  data: ContentRecord[] | ContentRecord;
  meta?: ContentMeta;
}

interface CollectionSnapshot {
  /** Visible items in list order. */
  items: ContentRecord[];
  byId: Map<string, ContentRecord>;
}

interface FileSnapshot {
  files: Map<string, ContentFile>;
  records: Map<string, ContentRecord>;
}

interface LoadedGraph extends ItemGraph {
  items(collection: string): ContentRecord[];
}

export interface ContentServiceOptions {
  repository: ContentRepository;
  /** In production only published items are served; elsewhere drafts too (spec §7). Never archived ones. */
  production: boolean;
  /** Staff previews: drafts too, even in production (still never archived items). */
  drafts?: boolean;
  /** Committed writes to content drop the snapshots they touch (docs/decisions/026). */
  dataVersion: DataVersionReader;
}

/**
 * Reads the site's content the way Directus' items endpoints answer. Collections hold dozens of items,
 * so each is loaded whole on first use and kept until a write to it commits; queries then run in memory.
 */
export class ContentService {
  readonly #repository: ContentRepository;
  readonly #production: boolean;
  readonly #drafts: boolean;
  readonly #collections = new Map<string, Promise<CollectionSnapshot>>();
  #files: Promise<FileSnapshot> | undefined;

  constructor({ repository, production, drafts = false, dataVersion }: ContentServiceOptions) {
    this.#repository = repository;
    this.#production = production;
    this.#drafts = drafts;
    dataVersion.subscribe(["content"], ({ ids: collections, all }) => {
      if (all) this.#collections.clear();
      for (const collection of collections) this.#collections.delete(String(collection));
    });
    dataVersion.subscribe(["content-files"], () => {
      this.#files = undefined;
    });
  }

  /** A page of a collection's items (`{ data, meta? }`), or a singleton's object. */
  async readItems(collection: string, query: ContentQuery = {}): Promise<ContentResult> {
    const { schema, singleton } = collectionSchema(collection);
    const prepared = prepareQuery(query, schema);
    const graph = await this.#graph(collection);
    const items = graph.items(collection);
    if (singleton) return { data: project(items[0] ?? {}, schema, prepared.fields, prepared.deep, graph) };
    return runQuery(items, schema, prepared, graph);
  }

  /** One item; a missing or hidden one (or one the query's filter excludes) is FORBIDDEN, as in Directus. */
  async readItem(
    collection: string,
    id: string | number,
    query: ContentQuery = {},
  ): Promise<{ data: ContentRecord }> {
    const { schema } = collectionSchema(collection);
    const prepared = prepareQuery(query, schema);
    const graph = await this.#graph(collection);
    const item = graph.item(collection, id);
    if (!item || (prepared.filter && !prepared.filter(item, graph)))
      throw fail("FORBIDDEN", CONTENT_FORBIDDEN);
    return { data: project(item, schema, prepared.fields, prepared.deep, graph) };
  }

  async findFile(id: string): Promise<ContentFile | undefined> {
    return (await this.#loadFiles()).files.get(id);
  }

  /** Creates or replaces an item; the next read sees it. */
  async saveItem(item: ContentItem): Promise<void> {
    collectionSchema(item.collection);
    await this.#repository.save(item);
  }

  async #graph(collection: string): Promise<LoadedGraph> {
    const names = collectionsReachableFrom(collection);
    const [files, ...snapshots] = await Promise.all([this.#loadFiles(), ...names.map((n) => this.#load(n))]);
    const loaded = new Map(names.map((name, i) => [name, snapshots[i]]));
    return {
      item: (name, id) =>
        name === FILES_COLLECTION ? files.records.get(String(id)) : loaded.get(name)?.byId.get(String(id)),
      items: (name) => loaded.get(name)?.items ?? [],
    };
  }

  #load(collection: string): Promise<CollectionSnapshot> {
    let snapshot = this.#collections.get(collection);
    if (!snapshot) {
      snapshot = this.#repository.findItems(collection).then((stored) => {
        const items = stored.filter((item) => this.#visible(item)).map(toRecord);
        return { items, byId: new Map(items.map((item) => [String(item.id), item])) };
      });
      this.#collections.set(collection, snapshot);
      snapshot.catch(() => this.#collections.delete(collection));
    }
    return snapshot;
  }

  #loadFiles(): Promise<FileSnapshot> {
    this.#files ??= this.#repository.findFiles().then(
      (stored) => ({
        files: new Map(stored.map((file) => [file.id, file])),
        records: new Map(stored.map((file) => [file.id, fileRecord(file)])),
      }),
      (error: unknown) => {
        this.#files = undefined;
        throw error;
      },
    );
    return this.#files;
  }

  #visible(item: ContentItem): boolean {
    return this.#production && !this.#drafts ? item.status === "published" : item.status !== "archived";
  }
}

function collectionSchema(name: string): { schema: Schema; singleton: boolean } {
  const collection = contentCollection(name);
  const schema = collection && schemaOf(name);
  if (!collection || !schema) throw fail("FORBIDDEN", CONTENT_FORBIDDEN);
  return { schema, singleton: collection.singleton };
}

function toRecord(item: ContentItem): ContentRecord {
  return {
    ...item.data,
    id: item.id,
    status: item.status,
    sort: item.sort,
    date_created: item.createdAt,
    date_updated: item.updatedAt,
  };
}

function fileRecord(file: ContentFile): ContentRecord {
  return {
    id: file.id,
    filename_download: file.filename,
    title: file.title,
    type: file.type,
    width: file.width,
    height: file.height,
    filesize: file.filesize,
    focal_point_x: file.focalPointX,
    focal_point_y: file.focalPointY,
    uploaded_on: file.createdAt,
  };
}
