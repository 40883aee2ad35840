import { createHash } from "node:crypto";
import { extname } from "node:path";
import {
  ASSET_DEFAULT_FIT,
  ASSET_DEFAULT_QUALITY,
  ASSET_MAX_DIMENSION,
  assetBox,
  assetQualityStep,
  CONTENT_FILE_NOT_FOUND,
  DEAL_LOGO_FIT,
  DEAL_LOGO_QUALITY,
  DEAL_LOGO_SIZE,
  fail,
  notFound,
} from "@aea/domain";
import { readObject, type Storage, type StoredFile, storedFile } from "../storage/storage.ts";
import { AssetCache } from "./asset-cache.ts";
import {
  type AssetFit,
  type AssetFormat,
  accepts,
  FORMAT_TYPES,
  type ImageSize,
  negotiatedFormat,
  ownFormat,
  renderTransform,
  sourceSize,
  TRANSFORMABLE_TYPES,
  type TransformSpec,
  transformOutputSize,
} from "./asset-transform.ts";
import type { ContentService } from "./content.service.ts";
import { TransformQueue } from "./transform-queue.ts";

const ASSET_LIMITS = {
  /** Largest width or height a transform may ask for. */
  maxDimension: ASSET_MAX_DIMENSION,
  /**
   * Largest image a resize may write, whatever the fit: the 4000×4000 box the dimension cap allows.
   * `outside` (and one side asked of a long, thin image) can otherwise ask for far more.
   */
  maxOutputPixels: 16_000_000,
  /** Largest source image (width × height) sharp will decode. */
  maxInputPixels: 50_000_000,
  queuedTransforms: 100,
  /** Renders one visitor may have waiting; the per-address rate limit bounds how fast they come. */
  queuedTransformsEach: 10,
} as const;

export interface AssetRequest {
  width?: number;
  height?: number;
  fit?: AssetFit;
  quality?: number;
  /** "auto" chooses by the Accept header. */
  format?: AssetFormat | "auto";
  withoutEnlargement?: boolean;
}

/** Where content files live in storage; `ContentFile.storagePath` is relative to it. */
export const CONTENT_PREFIX = "content/";
/** Rendered transforms, bounded by ASSET_CACHE_MB. */
const CACHE_PREFIX = `${CONTENT_PREFIX}cache/`;

/** A file ready to send. */
export interface AssetReply {
  file: StoredFile;
  etag: string;
  /** The name a download gets. */
  filename: string;
  /** Whether the bytes depend on the Accept header (responses then vary by it). */
  negotiated: boolean;
}

export interface AssetServiceOptions {
  /** Upper bound of the rendered transforms kept in storage (config ASSET_CACHE_MB). */
  cacheBytes: number;
  /** Transforms rendered at once (config ASSET_RENDERS_AT_ONCE). */
  rendersAtOnce: number;
}

/** Who asks for a transform, as the asset door knows them. */
export interface AssetVisitor {
  /** Their address: waiting renders are taken in turn between visitors. */
  key: string;
  /**
   * Called before a render that is neither cached nor under way, and only then; it throws to refuse
   * the render (the per-address limit of new renders). Cached transforms never call it.
   */
  admitRender: () => Promise<void>;
}

/**
 * Serves content files and their transforms. A transform is rendered once per file and parameter
 * set into storage under content/cache/ and read from there afterwards, until the size-capped cache
 * evicts it as least recently used.
 */
export class AssetService {
  readonly #content: Pick<ContentService, "findFile">;
  readonly #storage: Storage;
  readonly #cache: AssetCache;
  readonly #queue: TransformQueue;
  /** Renders in progress by target key: concurrent requests for one transform share one render. */
  readonly #rendering = new Map<string, Promise<void>>();
  /** Sizes of sources without a recorded size (deal logos), by key and version: read once, not per request. */
  readonly #sourceSizes = new Map<string, ImageSize>();

  constructor(
    content: Pick<ContentService, "findFile">,
    storage: Storage,
    { cacheBytes, rendersAtOnce }: AssetServiceOptions,
  ) {
    this.#content = content;
    this.#storage = storage;
    this.#cache = new AssetCache(storage, CACHE_PREFIX, cacheBytes);
    this.#queue = new TransformQueue(
      rendersAtOnce,
      ASSET_LIMITS.queuedTransforms,
      ASSET_LIMITS.queuedTransformsEach,
    );
  }

  /**
   * A content file, or its transform. Widths, heights and qualities are rounded up to the steps of
   * `ASSET_SIZE_STEPS` and `ASSET_QUALITY_STEPS` (see `assetBox`), so a file has a bounded number of
   * renders whatever visitors ask.
   */
  async asset(
    id: string,
    request: AssetRequest,
    accept: string | undefined,
    visitor?: AssetVisitor,
  ): Promise<AssetReply> {
    const file = await this.#content.findFile(id);
    if (!file) throw notFound(CONTENT_FILE_NOT_FOUND);
    const source = await this.#file(`${CONTENT_PREFIX}${file.storagePath}`, file.type);
    const version = `${file.filesize}:${file.createdAt}`;
    if (!isTransform(request) || !TRANSFORMABLE_TYPES.has(file.type)) {
      return {
        file: source,
        etag: etagOf({ id, version }),
        filename: file.filename,
        negotiated: false,
      };
    }
    if (file.width && file.height && file.width * file.height > ASSET_LIMITS.maxInputPixels) {
      throw fail("ILLEGAL_ASSET_TRANSFORMATION", "The source image is too large to transform.");
    }
    const own = ownFormat(file.type);
    const format = request.format === "auto" ? negotiatedFormat(accept, own) : (request.format ?? own);
    const focal =
      file.focalPointX !== null && file.focalPointY !== null && file.width && file.height
        ? { x: file.focalPointX, y: file.focalPointY, sourceWidth: file.width, sourceHeight: file.height }
        : undefined;
    const spec: TransformSpec = {
      ...assetBox(checkedSize(request)),
      fit: request.fit ?? ASSET_DEFAULT_FIT,
      quality: assetQualityStep(checkedQuality(request.quality ?? ASSET_DEFAULT_QUALITY)),
      format,
      withoutEnlargement: request.withoutEnlargement ?? false,
      focalPoint: focal,
    };
    const key = etagOf({ id, version, spec }).slice(1, -1);
    const target = `${CACHE_PREFIX}${id}/${key}.${format}`;
    // Uploads record their size as the transform sees it (after EXIF rotation).
    const knownSize = file.width && file.height ? { width: file.width, height: file.height } : undefined;
    return {
      file: await this.#render(source, target, spec, visitor, knownSize),
      etag: `"${key}"`,
      filename: withExtension(file.filename, format, own),
      negotiated: request.format === "auto",
    };
  }

  /**
   * A deal's box logo (listings/{id}/logo.png in storage) resized for the deal carousels: by default
   * 150×150, contained, quality 80, WebP when the browser takes it, else PNG (spec §7, §9). A size
   * asked is rounded as for `asset`.
   */
  async listingLogo(
    listingId: number,
    size: { width?: number; height?: number },
    accept: string | undefined,
    visitor?: AssetVisitor,
  ): Promise<AssetReply> {
    const source = await this.#file(`listings/${listingId}/logo.png`, "image/png");
    const format: AssetFormat = accepts(accept, "image/webp") ? "webp" : "png";
    const asked = assetBox(checkedSize(size));
    const spec: TransformSpec = {
      width: asked.width ?? DEAL_LOGO_SIZE.width,
      height: asked.height ?? DEAL_LOGO_SIZE.height,
      fit: DEAL_LOGO_FIT,
      quality: DEAL_LOGO_QUALITY,
      format,
      withoutEnlargement: false,
    };
    // The logo can be replaced in place by staff, so its version is part of the key.
    const key = etagOf({ listingId, version: source.object.etag, spec }).slice(1, -1);
    const target = `${CACHE_PREFIX}listing-logos/${listingId}/${key}.${format}`;
    return {
      file: await this.#render(source, target, spec, visitor),
      etag: `"${key}"`,
      filename: `logo-${listingId}.${format}`,
      negotiated: true,
    };
  }

  /**
   * Makes sure the transform is in storage, and returns it. The output limit is checked first, even
   * for a cached render: what was rendered under an earlier, looser limit is refused like a new request.
   */
  async #render(
    source: StoredFile,
    target: string,
    spec: TransformSpec,
    visitor: AssetVisitor | undefined,
    knownSize?: ImageSize,
  ) {
    // Without a width or height the result has the source's size, which the input limit bounds.
    if (spec.width !== undefined || spec.height !== undefined) {
      checkedOutput(spec, knownSize ?? (await this.#sourceSize(source)));
    }
    if (!(await this.#cache.has(target))) await this.#renderOnce(source, target, spec, visitor);
    return this.#file(target, FORMAT_TYPES[spec.format]);
  }

  /** Renders the transform, or joins its render under way (which neither counts nor waits again). */
  async #renderOnce(
    source: StoredFile,
    target: string,
    spec: TransformSpec,
    visitor: AssetVisitor | undefined,
  ): Promise<void> {
    let rendering = this.#rendering.get(target);
    if (!rendering) {
      await visitor?.admitRender();
      // Another request may have started the same render while this one was admitted.
      rendering = this.#rendering.get(target);
    }
    if (!rendering) {
      rendering = this.#queue
        .run(async () => {
          const bytes = await renderTransform(await this.#bytes(source), spec, ASSET_LIMITS.maxInputPixels);
          await this.#cache.put(target, bytes, FORMAT_TYPES[spec.format]);
        }, visitor?.key)
        .catch((error: unknown) => {
          if (error instanceof Error && /pixel limit/i.test(error.message)) {
            throw fail("ILLEGAL_ASSET_TRANSFORMATION", "The source image is too large to transform.");
          }
          throw error;
        })
        .finally(() => this.#rendering.delete(target));
      this.#rendering.set(target, rendering);
    }
    await rendering;
  }

  async #sourceSize(source: StoredFile): Promise<ImageSize> {
    const id = `${source.object.key}:${source.object.etag}`;
    let size = this.#sourceSizes.get(id);
    if (!size) {
      size = await sourceSize(await this.#bytes(source));
      if (this.#sourceSizes.size > 10_000) this.#sourceSizes.clear();
      this.#sourceSizes.set(id, size);
    }
    return size;
  }

  async #bytes(source: StoredFile): Promise<Buffer> {
    const bytes = await readObject(this.#storage, source.object.key);
    if (!bytes) throw notFound(CONTENT_FILE_NOT_FOUND);
    return bytes;
  }

  async #file(key: string, contentType: string): Promise<StoredFile> {
    const file = await storedFile(this.#storage, key, contentType);
    if (!file) throw notFound(CONTENT_FILE_NOT_FOUND);
    return file;
  }
}

function isTransform(request: AssetRequest): boolean {
  return Object.values(request).some((value) => value !== undefined);
}

function checkedSize({ width, height }: { width?: number; height?: number }) {
  for (const [name, value] of [
    ["width", width],
    ["height", height],
  ] as const) {
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1)
      throw fail("INVALID_QUERY", `"${name}" must be a positive integer.`);
    if (value > ASSET_LIMITS.maxDimension) {
      throw fail("ILLEGAL_ASSET_TRANSFORMATION", `"${name}" may be at most ${ASSET_LIMITS.maxDimension}.`);
    }
  }
  return { width, height };
}

/**
 * Refuses, before any decoding, a resize whose result would be larger than the output limit. The
 * source's size comes from the file's record when known, else from the image header.
 */
function checkedOutput(spec: TransformSpec, source: ImageSize): void {
  const { width, height } = transformOutputSize(source, spec);
  if (width * height > ASSET_LIMITS.maxOutputPixels) {
    throw fail(
      "ILLEGAL_ASSET_TRANSFORMATION",
      `With fit "${spec.fit}" the result would be ${width}×${height} pixels; a transform may produce at most ${ASSET_LIMITS.maxOutputPixels / 1_000_000} megapixels. Ask for a smaller width or height, or another fit.`,
    );
  }
}

function checkedQuality(quality: number): number {
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw fail("INVALID_QUERY", `"quality" must be an integer from 1 to 100.`);
  }
  return quality;
}

function etagOf(value: unknown): string {
  return `"${createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 27)}"`;
}

function withExtension(filename: string, format: AssetFormat, own: AssetFormat): string {
  if (format === own) return filename;
  const base = extname(filename) ? filename.slice(0, -extname(filename).length) : filename;
  return `${base}.${format === "jpeg" ? "jpg" : format}`;
}
