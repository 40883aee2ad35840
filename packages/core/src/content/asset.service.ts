import { createHash } from "node:crypto";
import { access, mkdir, stat } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import {
  ASSET_DEFAULT_FIT,
  ASSET_DEFAULT_QUALITY,
  DEAL_LOGO_FIT,
  DEAL_LOGO_QUALITY,
  DEAL_LOGO_SIZE,
} from "@aea/domain";
import {
  type AssetFit,
  type AssetFormat,
  accepts,
  FORMAT_TYPES,
  negotiatedFormat,
  ownFormat,
  renderTransform,
  TRANSFORMABLE_TYPES,
  type TransformSpec,
} from "./asset-transform.ts";
import type { ContentService } from "./content.service.ts";
import { ContentError } from "./content-error.ts";
import { TransformQueue } from "./transform-queue.ts";

const ASSET_LIMITS = {
  /** Largest width or height a transform may ask for. */
  maxDimension: 4000,
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

/**
 * Serves content files and their transforms. A transform is rendered once per file and parameter
 * set into DATA_DIR/media/content/cache and read from there afterwards.
 */
export class AssetService {
  readonly #content: ContentService;
  readonly #mediaDir: string;
  readonly #cacheDir: string;
  readonly #queue = new TransformQueue(ASSET_LIMITS.concurrentTransforms, ASSET_LIMITS.queuedTransforms);
  /** Renders in progress by target path: concurrent requests for one transform share one render. */
  readonly #rendering = new Map<string, Promise<void>>();

  constructor(content: ContentService, mediaDir: string) {
    this.#content = content;
    this.#mediaDir = mediaDir;
    this.#cacheDir = join(mediaDir, "content", "cache");
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
    await this.#render(source, target, spec);
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

  async #render(source: string, target: string, spec: TransformSpec): Promise<void> {
    if (await exists(target)) return;
    let rendering = this.#rendering.get(target);
    if (!rendering) {
      rendering = this.#queue
        .run(async () => {
          await mkdir(dirname(target), { recursive: true });
          await renderTransform(source, target, spec, ASSET_LIMITS.maxInputPixels);
        })
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

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
