import { createHash } from "node:crypto";
import { mkdir, stat } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import {
  ASSET_DEFAULT_FIT,
  ASSET_DEFAULT_QUALITY,
  DEAL_LOGO_FIT,
  DEAL_LOGO_QUALITY,
  DEAL_LOGO_SIZE,
} from "@aea/domain";
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
import { ContentError } from "./content-error.ts";
import { TransformQueue } from "./transform-queue.ts";

const ASSET_LIMITS = {
  /** Largest width or height a transform may ask for. */
  maxDimension: 4000,
  /**
   * Largest image a resize may write, whatever the fit: the 4000×4000 box the dimension cap allows.
   * `outside` (and one side asked of a long, thin image) can otherwise ask for far more.
   */
  maxOutputPixels: 16_000_000,
  /** Largest source image (width × height) sharp will decode. */
  maxInputPixels: 50_000_000,
  concurrentTransforms: 2,
  queuedTransforms: 100,
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

/** A file ready to send. */
export interface AssetReply {
  path: string;
  contentType: string;
  etag: string;
  /** The name a download gets. */
  filename: string;
  /** Whether the bytes depend on the Accept header (responses then vary by it). */
  negotiated: boolean;
}

export interface AssetServiceOptions {
  /** Upper bound of the rendered transforms kept on disk (config ASSET_CACHE_MB). */
  cacheBytes: number;
}

/**
 * Serves content files and their transforms. A transform is rendered once per file and parameter
 * set into DATA_DIR/media/content/cache and read from there afterwards, until the size-capped cache
 * evicts it as least recently used.
 */
export class AssetService {
  readonly #content: Pick<ContentService, "findFile">;
  readonly #mediaDir: string;
  readonly #cacheDir: string;
  readonly #cache: AssetCache;
  readonly #queue = new TransformQueue(ASSET_LIMITS.concurrentTransforms, ASSET_LIMITS.queuedTransforms);
  /** Renders in progress by target path: concurrent requests for one transform share one render. */
  readonly #rendering = new Map<string, Promise<void>>();

  constructor(
    content: Pick<ContentService, "findFile">,
    mediaDir: string,
    { cacheBytes }: AssetServiceOptions,
  ) {
    this.#content = content;
    this.#mediaDir = mediaDir;
    this.#cacheDir = join(mediaDir, "content", "cache");
    this.#cache = new AssetCache(this.#cacheDir, cacheBytes);
  }

  async asset(id: string, request: AssetRequest, accept: string | undefined): Promise<AssetReply> {
    const file = await this.#content.findFile(id);
    if (!file) throw ContentError.fileNotFound();
    const source = join(this.#mediaDir, "content", file.storagePath);
    await requireFile(source);
    const version = `${file.filesize}:${file.createdAt}`;
    if (!isTransform(request) || !TRANSFORMABLE_TYPES.has(file.type)) {
      return {
        path: source,
        contentType: file.type,
        etag: etagOf({ id, version }),
        filename: file.filename,
        negotiated: false,
      };
    }
    if (file.width && file.height && file.width * file.height > ASSET_LIMITS.maxInputPixels) {
      throw ContentError.illegalTransformation("The source image is too large to transform.");
    }
    const own = ownFormat(file.type);
    const format = request.format === "auto" ? negotiatedFormat(accept, own) : (request.format ?? own);
    const focal =
      file.focalPointX !== null && file.focalPointY !== null && file.width && file.height
        ? { x: file.focalPointX, y: file.focalPointY, sourceWidth: file.width, sourceHeight: file.height }
        : undefined;
    const spec: TransformSpec = {
      ...checkedSize(request),
      fit: request.fit ?? ASSET_DEFAULT_FIT,
      quality: checkedQuality(request.quality ?? ASSET_DEFAULT_QUALITY),
      format,
      withoutEnlargement: request.withoutEnlargement ?? false,
      focalPoint: focal,
    };
    const key = etagOf({ id, version, spec }).slice(1, -1);
    const target = join(this.#cacheDir, id, `${key}.${format}`);
    // Uploads record their size as the transform sees it (after EXIF rotation).
    const knownSize = file.width && file.height ? { width: file.width, height: file.height } : undefined;
    await this.#render(source, target, spec, knownSize);
    return {
      path: target,
      contentType: FORMAT_TYPES[format],
      etag: `"${key}"`,
      filename: withExtension(file.filename, format, own),
      negotiated: request.format === "auto",
    };
  }

  /**
   * A deal's box logo (DATA_DIR/media/listings/{id}/logo.png) resized for the deal carousels: by default
   * 150×150, contained, quality 80, WebP when the browser takes it, else PNG (spec §7, §9).
   */
  async listingLogo(
    listingId: number,
    size: { width?: number; height?: number },
    accept: string | undefined,
  ): Promise<AssetReply> {
    const source = join(this.#mediaDir, "listings", String(listingId), "logo.png");
    const info = await requireFile(source);
    const format: AssetFormat = accepts(accept, "image/webp") ? "webp" : "png";
    const spec: TransformSpec = {
      width: size.width ?? DEAL_LOGO_SIZE.width,
      height: size.height ?? DEAL_LOGO_SIZE.height,
      fit: DEAL_LOGO_FIT,
      quality: DEAL_LOGO_QUALITY,
      format,
      withoutEnlargement: false,
    };
    checkedSize(spec);
    // The logo can be replaced in place by staff, so its modification time is part of the key.
    const key = etagOf({ listingId, modified: info.mtimeMs, bytes: info.size, spec }).slice(1, -1);
    const target = join(this.#cacheDir, "listing-logos", String(listingId), `${key}.${format}`);
    await this.#render(source, target, spec);
    return {
      path: target,
      contentType: FORMAT_TYPES[format],
      etag: `"${key}"`,
      filename: `logo-${listingId}.${format}`,
      negotiated: true,
    };
  }

  /**
   * Makes sure the transform is on disk. The output limit is checked first, even for a cached
   * file: what was rendered under an earlier, looser limit is refused like a new request.
   */
  async #render(source: string, target: string, spec: TransformSpec, knownSize?: ImageSize): Promise<void> {
    await checkedOutput(source, spec, knownSize);
    if (await this.#cache.has(target)) return;
    let rendering = this.#rendering.get(target);
    if (!rendering) {
      rendering = this.#queue
        .run(async () => {
          await mkdir(dirname(target), { recursive: true });
          await renderTransform(source, target, spec, ASSET_LIMITS.maxInputPixels);
        })
        .then(() => this.#cache.add(target))
        .catch((error: unknown) => {
          if (error instanceof Error && /pixel limit/i.test(error.message)) {
            throw ContentError.illegalTransformation("The source image is too large to transform.");
          }
          throw error;
        })
        .finally(() => this.#rendering.delete(target));
      this.#rendering.set(target, rendering);
    }
    await rendering;
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
      throw ContentError.invalidQuery(`"${name}" must be a positive integer.`);
    if (value > ASSET_LIMITS.maxDimension) {
      throw ContentError.illegalTransformation(`"${name}" may be at most ${ASSET_LIMITS.maxDimension}.`);
    }
  }
  return { width, height };
}

/**
 * Refuses, before any decoding, a resize whose result would be larger than the output limit. The
 * source's size comes from the file's record when known, else from the image header.
 */
async function checkedOutput(source: string, spec: TransformSpec, knownSize?: ImageSize): Promise<void> {
  // Without a width or height the result has the source's size, which the input limit bounds.
  if (spec.width === undefined && spec.height === undefined) return;
  const { width, height } = transformOutputSize(knownSize ?? (await sourceSize(source)), spec);
  if (width * height > ASSET_LIMITS.maxOutputPixels) {
    throw ContentError.illegalTransformation(
      `With fit "${spec.fit}" the result would be ${width}×${height} pixels; a transform may produce at most ${ASSET_LIMITS.maxOutputPixels / 1_000_000} megapixels. Ask for a smaller width or height, or another fit.`,
    );
  }
}

function checkedQuality(quality: number): number {
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw ContentError.invalidQuery(`"quality" must be an integer from 1 to 100.`);
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

async function requireFile(path: string) {
  try {
    return await stat(path);
  } catch {
    throw ContentError.fileNotFound();
  }
}
