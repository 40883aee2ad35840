import { type AppError, fail, imageTooManyPixels } from "@aea/domain";
/**
 * Checks an uploaded content file by what it is, not by what it claims: images by their magic bytes
 * as sharp reads them (and a full decode of a thumbnail, so a truncated or booby-trapped file is
 * refused before it is stored), PDFs by their header. SVG is refused: it can carry scripts.
 */
import { USER_IMAGE_MAX_PIXELS, userImage } from "../images/user-image.ts";

export const UPLOAD_LIMITS = {
  /** Largest file accepted, in bytes. */
  maxBytes: 10 * 1024 * 1024,
  /** Largest image accepted, in pixels (width × height); the asset transforms refuse larger sources. */
  maxPixels: USER_IMAGE_MAX_PIXELS,
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
  return fail("UPLOAD_REJECTED", message);
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
  const image = await userImage(buffer, {
    maxPixels: UPLOAD_LIMITS.maxPixels,
    unreadable: () =>
      rejected("The file is not an image or PDF we can read (JPEG, PNG, WebP, AVIF, GIF, TIFF, PDF)."),
    tooLarge: (width, height) => rejected(imageTooManyPixels(width, height, UPLOAD_LIMITS.maxPixels)),
  });
  const { metadata } = image;
  const format = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
  const known =
    format in UPLOAD_TYPES && format !== "pdf"
      ? UPLOAD_TYPES[format as keyof typeof UPLOAD_TYPES]
      : undefined;
  if (!known) {
    throw rejected(`Files of type ${String(metadata.format).toUpperCase()} are not accepted.`);
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  try {
    await image.decode().resize(32, 32, { fit: "inside" }).toBuffer();
  } catch {
    throw rejected("The image is damaged and cannot be read.");
  }
  return { ...known, width, height };
}
