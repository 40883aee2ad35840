/**
 * URLs of content files through the asset endpoint (`GET /assets/{id}`, spec §7): resized, cropped
 * and re-encoded by the server, AVIF or WebP when the browser takes them.
 */

/** A file as the content API expands it (`image.*`), trimmed to what the pages use. */
export interface ContentFile {
  id: string;
  title: string;
  type: string;
  width: number | null;
  height: number | null;
  filename: string;
  /**
   * Changes whenever the file's bytes or focal point change, so its URLs may be cached for good
   * (the endpoint answers `?v=` with an immutable cache header).
   */
  version: string;
}

export type AssetFit = "cover" | "contain" | "inside" | "outside";

export interface AssetTransform {
  width?: number;
  height?: number;
  fit?: AssetFit;
  quality?: number;
  format?: "auto" | "jpg" | "png" | "webp" | "avif";
}

/** Photos look the same at 75 as at the endpoint's default 95, at a third of the bytes. */
export const PHOTO_QUALITY = 75;

export function assetUrl(file: Pick<ContentFile, "id" | "version">, transform: AssetTransform = {}): string {
  const params = new URLSearchParams();
  if (transform.width) params.set("width", String(Math.round(transform.width)));
  if (transform.height) params.set("height", String(Math.round(transform.height)));
  if (transform.fit) params.set("fit", transform.fit);
  if (transform.quality) params.set("quality", String(transform.quality));
  if (transform.format) params.set("format", transform.format);
  if (file.version) params.set("v", file.version);
  const query = params.toString();
  return `/assets/${encodeURIComponent(file.id)}${query ? `?${query}` : ""}`;
}

/** The file itself, sent as an attachment (a pitchbook's PDF). */
export function downloadUrl(file: Pick<ContentFile, "id">): string {
  return `/assets/${encodeURIComponent(file.id)}?download=true`;
}

/**
 * A `srcset` of the file at several widths. With `aspect`, each candidate is cropped (fit cover, around
 * the file's focal point) to that width:height; without it the file keeps its own proportions.
 * Widths larger than the file are left out (the largest it has is always offered).
 */
export function assetSrcSet(
  file: ContentFile,
  widths: readonly number[],
  { aspect, quality = PHOTO_QUALITY }: { aspect?: { width: number; height: number }; quality?: number } = {},
): string {
  const largest = file.width ?? Number.POSITIVE_INFINITY;
  const usable = widths.filter((width) => width < largest);
  if (widths.some((width) => width >= largest)) usable.push(largest);
  return [...new Set(usable)]
    .sort((a, b) => a - b)
    .map((width) => {
      const height = aspect ? Math.round((width * aspect.height) / aspect.width) : undefined;
      return `${assetUrl(file, { width, height, fit: aspect ? "cover" : undefined, quality, format: "auto" })} ${width}w`;
    })
    .join(", ");
}
