import { AppError } from "@aea/domain";
/**
 * Checks an uploaded content file by what it is, not by what it claims: images by their magic bytes
 * as sharp reads them (and a full decode of a thumbnail, so a truncated or booby-trapped file is
 * refused before it is stored), PDFs by their header. SVG is refused: it can carry scripts.
 */
import sharp, { type Metadata } from "sharp";

export const UPLOAD_LIMITS = {
  /** Largest file accepted, in bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** Largest image accepted, in pixels (width × height); the asset transforms refuse larger sources. */
  maxPixels: 40_000_000,
} as const;

export const UPLOAD_TYPES = {
  jpeg: { type: "image/jpeg", extension: "jpg" },
  png: { type: "image/png", extension: "png" },
  webp: { type: "image/webp", extension: "webp" },
  avif: { type: "image/avif", extension: "avif" },
  gif: { type: "image/gif", extension: "gif" },
  tiff: { type: "image/tiff", extension: "tif" },
  pdf: { type: "application/pdf", extension: "pdf" },
} as const;

export interface InspectedFile {
  type: string;
  extension: string;
  /** As displayed, after the EXIF orientation; null for PDFs. */
  width: number | null;
  height: number | null;
}

/** A file refused for what it is (empty, too large, of a type not accepted, damaged). */
function rejected(message: string): AppError {
  return new AppError(400, message, "UPLOAD_REJECTED");
}

const pdfMagic = Buffer.from("%PDF-");

export async function inspectUpload(bytes: Uint8Array): Promise<InspectedFile> {
  if (bytes.byteLength === 0) throw rejected("The file is empty.");
  if (bytes.byteLength > UPLOAD_LIMITS.maxBytes) {
    throw rejected(`The file is larger than ${UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB.`);
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, pdfMagic.length).equals(pdfMagic)) {
    return { ...UPLOAD_TYPES.pdf, width: null, height: null };
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw rejected("The file is not an image or PDF we can read (JPEG, PNG, WebP, AVIF, GIF, TIFF, PDF).");
  }
  const format = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
  const known =
    format in UPLOAD_TYPES && format !== "pdf"
      ? UPLOAD_TYPES[format as keyof typeof UPLOAD_TYPES]
      : undefined;
  if (!known) {
    throw rejected(`Files of type ${String(metadata.format).toUpperCase()} are not accepted.`);
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw rejected("The image has no size.");
  if (width * height > UPLOAD_LIMITS.maxPixels) {
    throw rejected(
      `The image is ${width}×${height} pixels; at most ${UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels are accepted.`,
    );
  }
  try {
    await sharp(buffer, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: "error" })
      .resize(32, 32, { fit: "inside" })
      .toBuffer();
  } catch {
    throw rejected("The image is damaged and cannot be read.");
  }
  return { ...known, width, height };
}
