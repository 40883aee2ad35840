/**
 * URLs of content files through the asset endpoint (`GET /assets/{id}`, spec §7): resized, cropped
 * and re-encoded by the server, AVIF or WebP when the browser takes them. The server rounds sizes and
 * qualities up to its steps (`assetBox`, `assetQualityStep`); these URLs are rounded the same way
 * before they are written, so each one is rendered exactly as it says and srcset widths are true.
 */
import { ASSET_SIZE_STEPS, assetBox, assetQualityStep, assetSizeStep } from "@aea/domain";

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
  const { width, height } = assetBox({
    width: transform.width || undefined,
    height: transform.height || undefined,
  });
  if (width) params.set("width", String(width));
  if (height) params.set("height", String(height));
  if (transform.fit) params.set("fit", transform.fit);
  if (transform.quality) params.set("quality", String(assetQualityStep(transform.quality)));
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
 * A `srcset` of the file at several widths, each rounded up to the endpoint's steps. With `aspect`,
 * each candidate is cropped (fit cover, around the file's focal point) to that width:height; without
 * it the file keeps its own proportions. Steps wider than the file are left out; the widest step the
 * file fills is always offered, so nothing is enlarged.
 */
export function assetSrcSet(
  file: ContentFile,
  widths: readonly number[],
  { aspect, quality = PHOTO_QUALITY }: { aspect?: { width: number; height: number }; quality?: number } = {},
): string {
  return srcSetWidths(file.width, widths)
    .map((width) => {
      const height = aspect ? (width * aspect.height) / aspect.width : undefined;
      return `${assetUrl(file, { width, height, fit: aspect ? "cover" : undefined, quality, format: "auto" })} ${width}w`;
    })
    .join(", ");
}

/** The steps of `widths` no wider than the file, plus the widest step it fills when some were wider. */
export function srcSetWidths(fileWidth: number | null, widths: readonly number[]): number[] {
  const largest = fileWidth ?? Number.POSITIVE_INFINITY;
  const steps = widths.map(assetSizeStep);
  const usable = steps.filter((width) => width <= largest);
  if (usable.length < steps.length)
    usable.push(ASSET_SIZE_STEPS.findLast((step) => step <= largest) ?? steps[0]);
  return [...new Set(usable)].sort((a, b) => a - b);
}
