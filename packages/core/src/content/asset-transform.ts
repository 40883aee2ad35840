/**
 * The image transforms of Directus' `/assets/{id}` (width, height, fit, quality, format,
 * withoutEnlargement) done with sharp, plus the choice of output format from the Accept header.
 */
import sharp, { type Sharp } from "sharp";

export type AssetFit = "cover" | "contain" | "inside" | "outside" | "fill";
export type AssetFormat = "jpeg" | "png" | "webp" | "avif";

export interface TransformSpec {
  width?: number;
  height?: number;
  fit: AssetFit;
  quality: number;
  format: AssetFormat;
  withoutEnlargement: boolean;
  /** The focal point in source pixels: a cover crop keeps it in the picture. */
  focalPoint?: { x: number; y: number; sourceWidth: number; sourceHeight: number };
}

export const FORMAT_TYPES: Readonly<Record<AssetFormat, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

/** Source types sharp transforms; anything else (PDFs, SVG) is always served as uploaded. */
export const TRANSFORMABLE_TYPES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/avif",
  "image/gif",
  "image/tiff",
]);

/** The format a file keeps when none is asked for: its own, or PNG for those we cannot write. */
export function ownFormat(type: string): AssetFormat {
  const own = Object.entries(FORMAT_TYPES).find(([, mime]) => mime === type);
  return own ? (own[0] as AssetFormat) : "png";
}

/** Whether an Accept header admits a type (exactly or as image/*), honouring q=0 refusals. */
export function accepts(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  return accept.split(",").some((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    return range.trim() === type && !refused;
  });
}

/** `format=auto`: AVIF, else WebP, when the browser says it takes them; else the file's own format. */
export function negotiatedFormat(accept: string | undefined, own: AssetFormat): AssetFormat {
  if (accepts(accept, "image/avif")) return "avif";
  if (accepts(accept, "image/webp")) return "webp";
  return own;
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The size of the image a transform writes, worked out before any pixel is decoded so a request for
 * too large a result is refused without doing the work. It follows sharp's resize rules (the test
 * compares it with sharp's own results for every fit): with one side asked the other keeps the
 * proportions (fill keeps the source's); cover, contain and fill give the box; inside fits in it;
 * outside covers it, so one side may grow far past the box. Without enlargement sharp first
 * shrinks the box to the source's sides, and contain still letterboxes to the box asked.
 */
export function transformOutputSize(
  source: ImageSize,
  spec: Pick<TransformSpec, "width" | "height" | "fit" | "withoutEnlargement">,
): ImageSize {
  const { fit, withoutEnlargement } = spec;
  const clamp = (asked: number | undefined, own: number) =>
    asked !== undefined && withoutEnlargement ? Math.min(asked, own) : asked;
  const width = clamp(spec.width, source.width);
  const height = clamp(spec.height, source.height);
  const scaled = (scale: number) => ({
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  });
  let size: ImageSize;
  if (fit === "fill") size = { width: width ?? source.width, height: height ?? source.height };
  else if (width !== undefined && height !== undefined) {
    const pick = fit === "inside" ? Math.min : Math.max;
    size =
      fit === "cover" || fit === "contain"
        ? { width, height }
        : scaled(pick(width / source.width, height / source.height));
  } else if (width !== undefined) size = { width, height: scaled(width / source.width).height };
  else if (height !== undefined) size = { width: scaled(height / source.height).width, height };
  else return source;
  if (fit === "contain") return { width: spec.width ?? size.width, height: spec.height ?? size.height };
  return size;
}

/** The transform of the `source` image's bytes. */
export function renderTransform(
  source: Buffer,
  spec: TransformSpec,
  maxInputPixels: number,
): Promise<Buffer> {
  return encode(resize(sharp(source, { limitInputPixels: maxInputPixels }).rotate(), spec), spec).toBuffer();
}

function resize(image: Sharp, spec: TransformSpec): Sharp {
  const { width, height, fit, withoutEnlargement, focalPoint } = spec;
  // JPEG has no transparency: letterboxing and transparent pixels become white rather than black.
  const opaque = spec.format === "jpeg";
  if (opaque) image.flatten({ background: "#ffffff" });
  if (width === undefined && height === undefined) return image;
  if (fit === "cover" && width && height && focalPoint) {
    const crop = focalCrop(width, height, focalPoint, withoutEnlargement);
    if (crop) return image.resize(crop.resizeWidth, crop.resizeHeight).extract(crop.region);
  }
  return image.resize({
    width,
    height,
    fit,
    withoutEnlargement,
    background: opaque ? "#ffffff" : { r: 0, g: 0, b: 0, alpha: 0 },
  });
}

/** Scales the image to cover the box, then cuts the box out around the focal point. */
function focalCrop(
  width: number,
  height: number,
  focal: NonNullable<TransformSpec["focalPoint"]>,
  withoutEnlargement: boolean,
) {
  const scale = Math.max(width / focal.sourceWidth, height / focal.sourceHeight);
  if (withoutEnlargement && scale > 1) return undefined;
  const resizeWidth = Math.max(width, Math.round(focal.sourceWidth * scale));
  const resizeHeight = Math.max(height, Math.round(focal.sourceHeight * scale));
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    resizeWidth,
    resizeHeight,
    region: {
      left: clamp(focal.x * scale - width / 2, resizeWidth - width),
      top: clamp(focal.y * scale - height / 2, resizeHeight - height),
      width,
      height,
    },
  };
}

function encode(image: Sharp, { format, quality }: TransformSpec): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality });
    case "webp":
      return image.webp({ quality });
    case "avif":
      // Effort 2 of 9: AVIF's default effort takes seconds on a banner; the size gained is a few percent.
      return image.avif({ quality, effort: 2 });
    case "png":
      // PNG is lossless: `quality` would switch to a reduced palette, which photos do not survive.
      return image.png({ compressionLevel: 6 });
  }
}

/** A source image's size as the transform sees it (after EXIF rotation), read from its header alone. */
export async function sourceSize(source: Buffer): Promise<ImageSize> {
  return (await sharp(source).metadata()).autoOrient;
}
