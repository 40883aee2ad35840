/**
 * The sizes and qualities the asset endpoint renders (`/assets/{id}`). Any width, height or quality
 * asked is rounded up to one of these, so that however many distinct values visitors send, a file has
 * only a bounded number of renders to make and cache (a new render costs a decode and a core for up
 * to seconds). The site asks for these values only (its srcset widths are members), so every URL it
 * writes is already rendered exactly as asked.
 */

/** Widths (and heights asked alone), in pixels. */
export const ASSET_SIZE_STEPS = [
  64, 128, 256, 384, 512, 640, 768, 1024, 1280, 1536, 1920, 2560, 3840,
] as const;

/** Qualities (1–100). PHOTO and logo qualities of the site are among them. */
export const ASSET_QUALITY_STEPS = [50, 70, 75, 80, 85, 95, 100] as const;

/**
 * A box's height follows its width in proportion, to the nearest 8 pixels, so a cover crop keeps the
 * shape asked (a 1920-wide banner to within 4 pixels) while one width has at most 500 heights.
 */
const HEIGHT_STEP = 8;

/** The largest width or height a transform may ask for; beyond it the request is refused. */
export const ASSET_MAX_DIMENSION = 4000;

/** The first step at or above `value`; the largest step for anything above it. */
export function assetSizeStep(value: number): number {
  return ASSET_SIZE_STEPS.find((step) => step >= value) ?? ASSET_SIZE_STEPS[ASSET_SIZE_STEPS.length - 1];
}

export function assetQualityStep(value: number): number {
  return ASSET_QUALITY_STEPS.find((step) => step >= value) ?? 100;
}

/**
 * The box a transform renders for the width and height asked. One side alone goes up to its step;
 * with both, the width does and the height follows in proportion, to the nearest 8 pixels.
 */
export function assetBox({ width, height }: { width?: number; height?: number }): {
  width?: number;
  height?: number;
} {
  if (width === undefined) return { height: height === undefined ? undefined : assetSizeStep(height) };
  const stepped = assetSizeStep(width);
  if (height === undefined) return { width: stepped };
  const scaled = Math.max(1, Math.round((height * stepped) / width / HEIGHT_STEP)) * HEIGHT_STEP;
  return { width: stepped, height: Math.min(scaled, ASSET_MAX_DIMENSION) };
}
