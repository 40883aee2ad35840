/**
 * URLs of content files through the asset endpoint (`GET /assets/{id}`, spec §7): resized, cropped
 * and re-encoded by the server, AVIF or WebP when the browser takes them. The server rounds sizes and
 * qualities up to its steps (`assetBox`, `assetQualityStep`); these URLs are rounded the same way
 * before they are written, so each one is rendered exactly as it says and srcset widths are true.
 */
import { assetBox, assetQualityStep, assetSizeStep } from "@aea/domain";

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
  /** The file is never made larger than it is: a box wider than the file gives the file's own size. */
  withoutEnlargement?: boolean;
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
  if (transform.withoutEnlargement) params.set("withoutEnlargement", "true");
  if (file.version) params.set("v", file.version);
  const query = params.toString();
  return `/assets/${encodeURIComponent(file.id)}${query ? `?${query}` : ""}`;
}

/** The file itself, sent as an attachment (a pitchbook's PDF). */
export function downloadUrl(file: Pick<ContentFile, "id">): string {
  return `/assets/${encodeURIComponent(file.id)}?download=true`;
}

/** A candidate of a srcset: the step asked, and the width it comes out at. */
export interface SrcSetCandidate {
  width: number;
  /** The step itself, or the file's own width when the file is narrower than the step. */
  actual: number;
}

/**
 * The candidates of a srcset at `widths`, each rounded up to the endpoint's steps. Steps wider than
 * the file are left out but the first of them, which is asked without enlargement and so comes out
 * at the file's own width: the file is always offered at its full size, never enlarged.
 */
export function srcSetCandidates(fileWidth: number | null, widths: readonly number[]): SrcSetCandidate[] {
  const largest = fileWidth ?? Number.POSITIVE_INFINITY;
  const steps = [...new Set(widths.map(assetSizeStep))].sort((a, b) => a - b);
  const candidates = steps.filter((width) => width <= largest).map((width) => ({ width, actual: width }));
  const wider = steps.find((width) => width > largest);
  if (wider !== undefined && largest > (candidates.at(-1)?.actual ?? 0)) {
    candidates.push({ width: wider, actual: largest });
  }
  return candidates;
}

/** The URL of one candidate; with `aspect` cropped (fit cover, around the focal point) to that width:height. */
export function candidateUrl(
  file: Pick<ContentFile, "id" | "version">,
  { width, actual }: SrcSetCandidate,
  { aspect, quality = PHOTO_QUALITY }: { aspect?: { width: number; height: number }; quality?: number } = {},
): string {
  return assetUrl(file, {
    width,
    height: aspect ? (width * aspect.height) / aspect.width : undefined,
    fit: aspect ? "cover" : undefined,
    quality,
    format: "auto",
    withoutEnlargement: actual < width,
  });
}

/** A `srcset` of the file at several widths (see `srcSetCandidates`); each candidate's width is true. */
export function assetSrcSet(
  file: ContentFile,
  widths: readonly number[],
  options: { aspect?: { width: number; height: number }; quality?: number } = {},
): string {
  return srcSetCandidates(file.width, widths)
    .map((candidate) => `${candidateUrl(file, candidate, options)} ${candidate.actual}w`)
    .join(", ");
}
